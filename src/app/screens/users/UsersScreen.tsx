// Users: who can log in, with which roles and in which groups. Status and e-mail verification toggle in the row
// (UserStatusSaved / EmailSaved); group membership from the row's Groups button; create/edit with password rules.
import { useCallback, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { User } from '../../../core/types.ts';
import { SCREEN_SCOPES } from '../../../core/admin-rules.ts';
import { isOwnAccount } from '../../../core/jwt.ts';
import { configAtom, sessionAtom } from '../../state/session.ts';
import { useT } from '../../state/i18n.ts';
import { IconButton } from '../../components/Button.tsx';
import { AdminPage, NoAccess } from '../admin-kit/AdminPage.tsx';
import { DataTable, type Column } from '../admin-kit/DataTable.tsx';
import { pagePropsOf, tablePropsOf } from '../admin-kit/hooks.ts';
import { usePerms } from '../../hooks/usePerms.ts';
import { useFormatDate } from '../../hooks/useFormatDate.ts';
import { adminCommands, membershipsQuery, userGroupsQuery, useResourceList } from '../../data/admin.ts';
import { useQuery } from '../../data/query.ts';
import { Chips } from '../admin-kit/StatusBadge.tsx';
import { DeleteButton, EditButton, useConfirmDelete } from '../admin-kit/ItemActions.tsx';
import { SwitchTrack } from '../admin-kit/FormFields.tsx';
import { UserDialog, type UserDialogState } from './UserDialog.tsx';
import { MembershipDialog } from '../admin-kit/MembershipDialog.tsx';

const NO_MEMBERSHIPS = new Map<string, string[]>();

/**
 * An inline on/off switch of a row, named after what it changes for whom. Its state in words beside it only where the
 * table has room (the column's header and the switch's position say it too), so the users table fits a laptop's width.
 */
function RowSwitch({ checked, label, onLabel, offLabel, disabled, onChange }: { checked: boolean; label: string; onLabel: string; offLabel: string; disabled?: boolean; onChange: (v: boolean) => void }) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap text-sm">
      <button type="button" role="switch" aria-checked={checked} aria-label={label} disabled={disabled} onClick={() => onChange(!checked)} className="inline-flex rounded-full disabled:opacity-50">
        <SwitchTrack on={checked} small tone="green" />
      </button>
      <span className={`hidden @min-[80rem]:inline ${checked ? '' : 'text-gray-500 dark:text-gray-400'}`}>{checked ? onLabel : offLabel}</span>
    </span>
  );
}

export function UsersScreen() {
  const { t } = useT();
  const { can } = usePerms();
  const config = useAtomValue(configAtom);
  const claims = useAtomValue(sessionAtom).claims;
  const { format, utcTooltip } = useFormatDate();
  // An administrator must not lock themselves out: no deleting or deactivating their own account from here.
  const isSelf = useCallback((u: User) => isOwnAccount(claims, u), [claims]);
  const canView = can(SCREEN_SCOPES.users.view);
  const canManage = can(SCREEN_SCOPES.users.manage);
  const basic = (config?.provider ?? 'basic') === 'basic';
  const canGroups = basic && can(SCREEN_SCOPES.groups.view);
  const canChangeGroups = basic && can(SCREEN_SCOPES.groups.manage);
  const list = useResourceList('users', canView);
  const groups = useResourceList('groups', canView && canGroups);
  const perms = useResourceList('perms', canView && can(SCREEN_SCOPES.perms.view));
  const memberOf = useQuery(groups.items.length ? membershipsQuery(groups.items) : null).data ?? NO_MEMBERSHIPS;
  const [dialog, setDialog] = useState<UserDialogState | null>(null);
  const [groupsFor, setGroupsFor] = useState<User | null>(null);
  const [pending, setPending] = useState<Set<string>>(new Set());

  const roles = useMemo(() => [...new Set(perms.items.map((p) => p.match))].sort(), [perms.items]);

  const toggle = useCallback(
    async (u: User, field: 'status' | 'email_verified', value: boolean) => {
      setPending((s) => new Set(s).add(u.id + field));
      const body = field === 'status' ? { status: value ? 'active' : 'inactive' } : { email_verified: value };
      await adminCommands.update(
        'users',
        t('Save'),
        u.id,
        body,
        field === 'status' ? { level: 'success', key: 'UserStatusSaved', text: 'User status saved' } : { level: 'success', key: 'EmailSaved', text: 'Email verified saved' },
      );
      setPending((s) => {
        const n = new Set(s);
        n.delete(u.id + field);
        return n;
      });
    },
    [t],
  );

  const del = useConfirmDelete<User>(
    (u) => u.name || u.login,
    async (u) => {
      await adminCommands.remove('users', t('Delete'), u.id);
    },
  );

  const columns = useMemo<Column<User>[]>(() => {
    const cols: Column<User>[] = [
      {
        id: 'name',
        header: t('Name'),
        primary: true,
        sort: (u) => u.name,
        cell: (u) => <span className="font-semibold">{u.name}</span>,
      },
      { id: 'login', header: t('Login'), sort: (u) => u.login, cell: (u) => u.login },
      // Broken only where a line could not hold the address at all (break-word), never to let the table squeeze
      // the column (break-all made it the first to give up width: "admin@exampl e.org" beside an empty Comment).
      { id: 'email', header: t('Email'), sort: (u) => u.email, cell: (u) => <span className="break-words">{u.email}</span> },
      {
        id: 'verified',
        header: t('Verified'),
        sort: (u) => u.email_verified,
        cell: (u) =>
          canManage ? (
            <RowSwitch
              checked={u.email_verified}
              label={t('EmailVerifiedFor', { name: u.name || u.login })}
              onLabel={t('Verified')}
              offLabel={t('EmailNotVerified')}
              disabled={pending.has(u.id + 'email_verified')}
              onChange={(v) => void toggle(u, 'email_verified', v)}
            />
          ) : u.email_verified ? (
            t('Verified')
          ) : (
            t('EmailNotVerified')
          ),
      },
      {
        id: 'status',
        header: t('Status'),
        sort: (u) => u.status,
        cell: (u) =>
          canManage ? (
            <RowSwitch
              checked={u.status === 'active'}
              label={t('UserActiveFor', { name: u.name || u.login })}
              onLabel={t('Active')}
              offLabel={t('Inactive')}
              disabled={pending.has(u.id + 'status') || isSelf(u)}
              onChange={(v) => void toggle(u, 'status', v)}
            />
          ) : u.status === 'active' ? (
            t('Active')
          ) : (
            t('Inactive')
          ),
      },
      { id: 'roles', header: t('Roles'), sort: (u) => u.roles.join(','), cell: (u) => <Chips values={u.roles} /> },
    ];
    if (canGroups) {
      cols.push({
        id: 'groups',
        header: t('Groups'),
        sort: (u) => (memberOf.get(u.id) ?? []).join(','),
        cell: (u) => (
          <span className="inline-flex items-center gap-1">
            <Chips values={memberOf.get(u.id) ?? []} empty="—" />
            {canChangeGroups && <IconButton icon="group" label={t('GroupsOf', { name: u.name || u.login })} onClick={() => setGroupsFor(u)} size={18} className="h-8 w-8" />}
          </span>
        ),
      });
    }
    cols.push(
      {
        id: 'lastLogin',
        header: t('LastLogin'),
        sort: (u) => (u.lastLogin ? Date.parse(u.lastLogin) : null),
        className: 'whitespace-nowrap',
        cell: (u) => (u.lastLogin ? <span title={utcTooltip(u.lastLogin)}>{format(u.lastLogin)}</span> : <span className="text-gray-500 dark:text-gray-400">{t('NeverLoggedIn')}</span>),
      },
      { id: 'text', header: t('Comment'), sort: (u) => u.text, className: 'max-w-xs break-words', cell: (u) => u.text },
    );
    return cols;
  }, [t, canManage, canGroups, canChangeGroups, memberOf, pending, format, utcTooltip, toggle, isSelf]);

  if (!canView) return <NoAccess title={t('Users')} />;

  return (
    <AdminPage
      title={t('Users')}
      icon="person"
      {...pagePropsOf(list)}
      createLabel={canManage ? t('NewUser') : undefined}
      onCreate={() => setDialog({ mode: 'create' })}
      onRefresh={() => {
        void list.reload();
        void groups.reload();
      }}
      readOnly={!canManage}
    >
      <DataTable
        label={t('Users')}
        columns={columns}
        rows={list.items}
        rowKey={(u) => u.id}
        searchText={(u) => [u.name, u.login, u.email, u.text, u.status, ...u.roles, ...(memberOf.get(u.id) ?? [])]}
        {...tablePropsOf(list)}
        initialSort={{ id: 'name', direction: 'asc' }}
        actions={
          canManage
            ? (u) => (
                <>
                  <EditButton name={u.name || u.login} onClick={() => setDialog({ mode: 'edit', user: u })} />
                  <DeleteButton name={u.name || u.login} onClick={() => del.ask(u)} disabled={isSelf(u)} disabledReason={t('CannotChangeOwnAccount')} />
                </>
              )
            : undefined
        }
      />
      {dialog && (
        <UserDialog
          state={dialog}
          roles={roles}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
          }}
        />
      )}
      {groupsFor && (
        <MembershipDialog
          title={t('GroupsOf', { name: groupsFor.name || groupsFor.login })}
          listLabel={t('Groups')}
          emptyText={t('NotInAnyGroup')}
          addLabel={t('AddToGroup')}
          query={userGroupsQuery(groupsFor.id)}
          toItem={(g) => ({ id: g.id, name: g.name, detail: g.text })}
          optionText={(g) => g.name}
          removeLabel={(g) => t('RemoveFromGroup', { group: g.name })}
          candidates={groups.items.map((g) => ({ id: g.id, name: g.name, detail: g.text }))}
          canChange
          change={(groupId, add) => adminCommands.setMember(groupId, groupsFor.id, add, t('AddRemoveUsers'))}
          onClose={() => setGroupsFor(null)}
        />
      )}
      {del.dialog}
    </AdminPage>
  );
}
