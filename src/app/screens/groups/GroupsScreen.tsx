// Groups of the basic auth provider: name, description, number of users, and the members (add/remove with
// UserAddedGroup / UserRemovedGroup). Other providers bring their own groups, so the screen says so.
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Group, User } from '../../../core/types.ts';
import { SCREEN_SCOPES } from '../../../core/admin-rules.ts';
import { validateRequired } from '../../../core/validation.ts';
import { dataWorker } from '../../worker-client.ts';
import { configAtom } from '../../state/session.ts';
import { useT } from '../../state/i18n.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { Button, IconButton } from '../../components/Button.tsx';
import { AdminPage, NoAccess } from '../admin-kit/AdminPage.tsx';
import { DataTable, type Column } from '../admin-kit/DataTable.tsx';
import { pagePropsOf, tablePropsOf, usePerms, useResource } from '../admin-kit/hooks.ts';
import { DeleteButton, EditButton, useConfirmDelete } from '../admin-kit/RowActions.tsx';
import { FormDialog } from '../admin-kit/FormDialog.tsx';
import { TextField } from '../admin-kit/FormFields.tsx';
import { runCommand } from '../admin-kit/mutations.ts';

type DialogState = { mode: 'create' } | { mode: 'edit'; group: Group };

function GroupDialog({ state, onClose, onSaved }: { state: DialogState; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const [name, setName] = useState(state.mode === 'edit' ? state.group.name : '');
  const [text, setText] = useState(state.mode === 'edit' ? state.group.text : '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [apiError, setApiError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const n = validateRequired(name);
    setNameError(n.ok ? null : t(n.error));
    if (!n.ok) return;
    const body = { name: n.value, text: text.trim() };
    setSaving(true);
    const r = state.mode === 'create' ? await runCommand(() => dataWorker.create('groups', body)) : await runCommand(() => dataWorker.update('groups', state.group.id, body));
    setSaving(false);
    if (!r.ok) return setApiError(r.message);
    onSaved();
  };
  return (
    <FormDialog open title={state.mode === 'create' ? t('NewGroup') : t('EditGroup')} onClose={onClose} onSubmit={() => void submit()} saving={saving} apiError={apiError}>
      <TextField label={t('Name')} value={name} onChange={setName} required error={nameError} autoFocus />
      <TextField label={t('Description')} value={text} onChange={setText} multiline />
    </FormDialog>
  );
}

function MembersDialog({ group, canChange, allUsers, onClose, onChanged }: { group: Group; canChange: boolean; allUsers: User[] | null; onClose: () => void; onChanged: () => void }) {
  const { t } = useT();
  const [members, setMembers] = useState<Pick<User, 'id' | 'name' | 'login' | 'status'>[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pick, setPick] = useState('');
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void dataWorker.groupUsers(group.id).then((r) => {
      if (!live) return;
      if (r.ok) {
        setMembers(r.value);
        setError(null);
      } else setError(r.error.message);
    });
    return () => {
      live = false;
    };
  }, [group.id, version]);
  const candidates = (allUsers ?? []).filter((u) => !(members ?? []).some((m) => m.id === u.id));
  const change = async (userId: string, add: boolean) => {
    setBusy(true);
    const r = await runCommand(
      () => (add ? dataWorker.addUserToGroup(group.id, userId) : dataWorker.removeUserFromGroup(group.id, userId)),
      add ? { key: 'UserAddedGroup', text: 'User added to group' } : { key: 'UserRemovedGroup', text: 'User removed from group' },
    );
    if (r.ok) {
      setVersion((v) => v + 1);
      setPick('');
      onChanged();
    }
    setBusy(false);
  };
  return (
    <Dialog open onClose={onClose} title={t('MembersOf', { name: group.name })} footer={<Button onClick={onClose}>{t('Close')}</Button>}>
      {error && (
        <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {members === null && !error ? (
        <p role="status">{t('Loading')}</p>
      ) : (
        <ul aria-label={t('UsersInGroup')} className="mb-3 divide-y divide-gray-200 rounded border border-gray-200 dark:divide-gray-700 dark:border-gray-700">
          {(members ?? []).length === 0 && <li className="p-2 text-sm text-gray-500 dark:text-gray-400">{t('NoMembers')}</li>}
          {(members ?? []).map((m) => (
            <li key={m.id} className="flex items-center gap-2 px-2 py-1">
              <span className="min-w-0 flex-1">
                <span className="font-semibold">{m.name}</span> <span className="text-xs text-gray-500 dark:text-gray-400">{m.login}</span>
                {m.status && m.status !== 'active' && <span className="ml-2 text-xs text-gray-500">({t('Inactive')})</span>}
              </span>
              {canChange && <IconButton icon="remove" label={t('RemoveMember', { name: m.name || m.login })} disabled={busy} onClick={() => void change(m.id, false)} size={18} className="h-8 w-8" />}
            </li>
          ))}
        </ul>
      )}
      {canChange && allUsers && candidates.length > 0 && (
        <div className="flex items-end gap-2">
          <label className="flex-1 text-sm font-semibold">
            {t('Addusers')}
            <select value={pick} onChange={(e) => setPick(e.target.value)} className="mt-1 block w-full rounded border border-gray-300 bg-white px-2 py-1.5 font-normal dark:border-gray-600 dark:bg-gray-900">
              <option value="">—</option>
              {candidates.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name} ({u.login})
                </option>
              ))}
            </select>
          </label>
          <Button variant="primary" icon="add" disabled={!pick || busy} onClick={() => void change(pick, true)}>
            {t('Add')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}

export function GroupsScreen() {
  const { t, formatNumber } = useT();
  const { can } = usePerms();
  const config = useAtomValue(configAtom);
  const basic = (config?.provider ?? 'basic') === 'basic';
  const canView = can(SCREEN_SCOPES.groups.view);
  const canManage = can(SCREEN_SCOPES.groups.manage);
  // Adding members needs the user list, which only admin:users may read.
  const canListUsers = can(SCREEN_SCOPES.users.view);
  const list = useResource('groups', undefined, canView && basic);
  const users = useResource('users', undefined, canView && basic && canManage && canListUsers);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [membersOf, setMembersOf] = useState<Group | null>(null);

  const del = useConfirmDelete<Group>(
    (g) => g.name,
    async (g) => {
      const r = await runCommand(() => dataWorker.remove('groups', g.id));
      if (r.ok) await list.reload(true);
    },
  );

  const columns = useMemo<Column<Group>[]>(
    () => [
      { id: 'name', header: t('Name'), primary: true, sort: (g) => g.name, cell: (g) => <span className="font-semibold">{g.name}</span> },
      { id: 'text', header: t('Description'), sort: (g) => g.text, className: 'break-words', cell: (g) => g.text },
      {
        id: 'count',
        header: t('NumberUsers'),
        sort: (g) => g.count,
        className: 'tabular-nums',
        cell: (g) => (
          <Button variant="ghost" icon="people" onClick={() => setMembersOf(g)} aria-label={t('MembersOf', { name: g.name })}>
            {formatNumber(g.count ?? 0)}
          </Button>
        ),
      },
    ],
    [t, formatNumber],
  );

  if (!canView) return <NoAccess title={t('Groups')} />;
  if (!basic) {
    return (
      <AdminPage title={t('Groups')} icon="group">
        <p className="p-8 text-center text-gray-600 dark:text-gray-300">{t('GroupsBasicOnly', { provider: config?.provider ?? '' })}</p>
      </AdminPage>
    );
  }

  return (
    <AdminPage
      title={t('Groups')}
      icon="group"
      {...pagePropsOf(list)}
      createLabel={canManage ? t('NewGroup') : undefined}
      onCreate={() => setDialog({ mode: 'create' })}
      readOnly={!canManage}
    >
      <DataTable
        label={t('Groups')}
        columns={columns}
        rows={list.items}
        rowKey={(g) => g.id}
        searchText={(g) => [g.name, g.text]}
        {...tablePropsOf(list)}
        initialSort={{ id: 'name', direction: 'asc' }}
        actions={
          canManage
            ? (g) => (
                <>
                  <EditButton name={g.name} onClick={() => setDialog({ mode: 'edit', group: g })} />
                  <DeleteButton name={g.name} onClick={() => del.ask(g)} />
                </>
              )
            : undefined
        }
      />
      {dialog && (
        <GroupDialog
          state={dialog}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void list.reload(true);
          }}
        />
      )}
      {membersOf && <MembersDialog group={membersOf} canChange={canManage} allUsers={canListUsers ? users.items : null} onClose={() => setMembersOf(null)} onChanged={() => void list.reload(true)} />}
      {del.dialog}
    </AdminPage>
  );
}
