// Permissions: which scopes a role grants. Scopes are chosen from the server's list (GET /scopes); the roles the
// server defines itself (admin, user, guest) are marked and cannot be deleted or renamed.
import { useMemo, useState } from 'react';
import type { Permission } from '../../../core/types.ts';
import { isSystemRole, SCREEN_SCOPES } from '../../../core/admin-rules.ts';
import { validateRequired } from '../../../core/validation.ts';
import { useT } from '../../state/i18n.ts';
import { AdminPage, NoAccess } from '../admin-kit/AdminPage.tsx';
import { DataTable, type Column } from '../admin-kit/DataTable.tsx';
import { pagePropsOf, tablePropsOf } from '../admin-kit/hooks.ts';
import { usePerms } from '../../hooks/usePerms.ts';
import { adminCommands, scopesQuery, useResourceList } from '../../data/admin.ts';
import { useQuery } from '../../data/query.ts';
import { Chips, StatusBadge } from '../admin-kit/StatusBadge.tsx';
import { DeleteButton, EditButton, useConfirmDelete } from '../admin-kit/ItemActions.tsx';
import { FormDialog } from '../admin-kit/FormDialog.tsx';
import { TextField } from '../admin-kit/FormFields.tsx';
import { ScopePicker } from '../admin-kit/ScopePicker.tsx';

const EMPTY: string[] = [];

type DialogState = { mode: 'create' } | { mode: 'edit'; perm: Permission };

function PermDialog({ state, known, taken, onClose, onSaved }: { state: DialogState; known: string[]; taken: string[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const [match, setMatch] = useState(state.mode === 'edit' ? state.perm.match : '');
  const [scopes, setScopes] = useState<string[]>(state.mode === 'edit' ? [...state.perm.scopes] : []);
  const [errors, setErrors] = useState<{ match?: string; scopes?: string }>({});
  const [apiError, setApiError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const system = state.mode === 'edit' && isSystemRole(state.perm.match);
  // keep scopes the server no longer lists visible, so saving does not drop them unnoticed
  const options = [...new Set([...known, ...scopes])];
  const submit = async () => {
    const m = validateRequired(match);
    const next: typeof errors = {};
    if (!m.ok) next.match = t(m.error);
    else if (taken.includes(m.value) && !(state.mode === 'edit' && state.perm.match === m.value)) next.match = t('RoleAlreadyHasPermission');
    if (scopes.length === 0) next.scopes = t('ChooseAtLeastOneScope');
    setErrors(next);
    if (Object.keys(next).length || !m.ok) return;
    const body = { match: m.value, scopes };
    setSaving(true);
    const r = state.mode === 'create' ? await adminCommands.create('perms', t('Save'), body) : await adminCommands.update('perms', t('Save'), state.perm.id, body);
    setSaving(false);
    if (!r.ok) return setApiError(r.message);
    onSaved();
  };
  return (
    <FormDialog open title={state.mode === 'create' ? t('NewPermission') : t('EditPermission')} onClose={onClose} onSubmit={() => void submit()} saving={saving} apiError={apiError} size="lg">
      <TextField label={t('Role')} value={match} onChange={setMatch} required error={errors.match} disabled={system} hint={system ? t('SystemRoleFixed') : t('RoleHint')} autoFocus={!system} />
      <ScopePicker legend={t('Scopes')} options={options} selected={scopes} onChange={setScopes} error={errors.scopes} />
    </FormDialog>
  );
}

export function PermsScreen() {
  const { t } = useT();
  const { can } = usePerms();
  const canView = can(SCREEN_SCOPES.perms.view);
  const canManage = can(SCREEN_SCOPES.perms.manage);
  const list = useResourceList('perms', canView);
  const known = useQuery(canManage ? scopesQuery : null).data ?? EMPTY;
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const del = useConfirmDelete<Permission>(
    (p) => p.match,
    async (p) => {
      await adminCommands.remove('perms', t('Delete'), p.id);
    },
  );

  const columns = useMemo<Column<Permission>[]>(
    () => [
      {
        id: 'match',
        header: t('Role'),
        primary: true,
        sort: (p) => p.match,
        cell: (p) => (
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="font-semibold">{p.match}</span>
            {isSystemRole(p.match) && <StatusBadge tone="info">{t('SystemRole')}</StatusBadge>}
          </span>
        ),
      },
      { id: 'scopes', header: t('Scopes'), sort: (p) => p.scopes.length, cell: (p) => <Chips values={p.scopes} /> },
    ],
    [t],
  );

  if (!canView) return <NoAccess title={t('Permissions')} />;

  return (
    <AdminPage
      title={t('Permissions')}
      icon="shield"
      {...pagePropsOf(list)}
      createLabel={canManage ? t('NewPermission') : undefined}
      onCreate={() => setDialog({ mode: 'create' })}
      readOnly={!canManage}
    >
      <DataTable
        label={t('Permissions')}
        columns={columns}
        rows={list.items}
        rowKey={(p) => p.id}
        searchText={(p) => [p.match, ...p.scopes, isSystemRole(p.match) ? t('SystemRole') : null]}
        {...tablePropsOf(list)}
        initialSort={{ id: 'match', direction: 'asc' }}
        actions={
          canManage
            ? (p) => (
                <>
                  <EditButton name={p.match} onClick={() => setDialog({ mode: 'edit', perm: p })} />
                  <DeleteButton name={p.match} onClick={() => del.ask(p)} disabled={isSystemRole(p.match)} disabledReason={t('SystemRoleNotDeletable', { role: p.match })} />
                </>
              )
            : undefined
        }
      />
      {dialog && (
        <PermDialog
          state={dialog}
          known={known}
          taken={list.items.map((p) => p.match)}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
          }}
        />
      )}
      {del.dialog}
    </AdminPage>
  );
}
