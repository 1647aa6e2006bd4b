// Groups of the basic auth provider: name, description, number of users, and the members (add/remove with
// UserAddedGroup / UserRemovedGroup). Other providers bring their own groups, so the screen says so.
import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Group, User } from '../../../core/types.ts';
import { SCREEN_SCOPES } from '../../../core/admin-rules.ts';
import { validateRequired } from '../../../core/validation.ts';
import { configAtom } from '../../state/session.ts';
import { useT } from '../../state/i18n.ts';
import { Button } from '../../components/Button.tsx';
import { LATER_ICONS } from '../../components/later-icons.ts';
import { AdminPage, NoAccess } from '../admin-kit/AdminPage.tsx';
import { DataTable, type Column } from '../admin-kit/DataTable.tsx';
import { pagePropsOf, tablePropsOf } from '../admin-kit/hooks.ts';
import { usePerms } from '../../hooks/usePerms.ts';
import { adminCommands, groupUsersQuery, useResourceList } from '../../data/admin.ts';
import { MembershipDialog, type MembershipItem } from '../admin-kit/MembershipDialog.tsx';
import { DeleteButton, EditButton, useConfirmDelete } from '../admin-kit/ItemActions.tsx';
import { FormDialog } from '../admin-kit/FormDialog.tsx';
import { TextField } from '../admin-kit/FormFields.tsx';

type DialogState = { mode: 'create' } | { mode: 'edit'; group: Group };

const userItem = (u: Pick<User, 'id' | 'name' | 'login' | 'status'>): MembershipItem => ({ id: u.id, name: u.name, detail: u.login, inactive: !!u.status && u.status !== 'active' });

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
    const r = state.mode === 'create' ? await adminCommands.create('groups', t('Save'), body) : await adminCommands.update('groups', t('Save'), state.group.id, body);
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

export function GroupsScreen() {
  const { t, formatNumber } = useT();
  const { can } = usePerms();
  const config = useAtomValue(configAtom);
  const basic = (config?.provider ?? 'basic') === 'basic';
  const canView = can(SCREEN_SCOPES.groups.view);
  const canManage = can(SCREEN_SCOPES.groups.manage);
  // Adding members needs the user list, which only admin:users may read.
  const canListUsers = can(SCREEN_SCOPES.users.view);
  const list = useResourceList('groups', canView && basic);
  const users = useResourceList('users', canView && basic && canManage && canListUsers);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [membersOf, setMembersOf] = useState<Group | null>(null);

  const del = useConfirmDelete<Group>(
    (g) => g.name,
    async (g) => {
      await adminCommands.remove('groups', t('Delete'), g.id);
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
          <Button variant="ghost" icon={LATER_ICONS.people} onClick={() => setMembersOf(g)} aria-label={t('MembersOf', { name: g.name })}>
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
          }}
        />
      )}
      {membersOf && (
        <MembershipDialog
          title={t('MembersOf', { name: membersOf.name })}
          listLabel={t('UsersInGroup')}
          emptyText={t('NoMembers')}
          addLabel={t('Addusers')}
          query={groupUsersQuery(membersOf.id)}
          toItem={userItem}
          optionText={(u) => `${u.name} (${u.detail})`}
          removeLabel={(u) => t('RemoveMember', { name: u.name || u.detail || '' })}
          candidates={canListUsers ? users.items.map(userItem) : null}
          canChange={canManage}
          change={(userId, add) => adminCommands.setMember(membersOf.id, userId, add, t('AddRemoveUsers'))}
          onClose={() => setMembersOf(null)}
        />
      )}
      {del.dialog}
    </AdminPage>
  );
}
