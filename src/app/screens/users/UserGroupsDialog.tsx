// A user's group memberships: remove from a group, add to another (UserAddedGroup / UserRemovedGroup).
import { useEffect, useState } from 'react';
import type { Group, User } from '../../../core/types.ts';
import { dataWorker } from '../../worker-client.ts';
import { useT } from '../../state/i18n.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { Button, IconButton } from '../../components/Button.tsx';
import { runCommand } from '../admin-kit/mutations.ts';

export function UserGroupsDialog({ user, groups, onClose, onChanged }: { user: User; groups: Group[]; onClose: () => void; onChanged: () => void }) {
  const { t } = useT();
  const [mine, setMine] = useState<Group[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pick, setPick] = useState('');
  const [busy, setBusy] = useState(false);

  const [version, setVersion] = useState(0);

  // (Re)loads the memberships; `version` moves after each change.
  useEffect(() => {
    let live = true;
    void dataWorker.userGroups(user.id).then((r) => {
      if (!live) return;
      if (r.ok) {
        setMine(r.value);
        setError(null);
      } else setError(r.error.message);
    });
    return () => {
      live = false;
    };
  }, [user.id, version]);

  const available = groups.filter((g) => !(mine ?? []).some((m) => m.id === g.id));

  const change = async (group: Group, add: boolean) => {
    setBusy(true);
    const r = await runCommand(
      () => (add ? dataWorker.addUserToGroup(group.id, user.id) : dataWorker.removeUserFromGroup(group.id, user.id)),
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
    <Dialog open onClose={onClose} title={t('GroupsOf', { name: user.name || user.login })} footer={<Button onClick={onClose}>{t('Close')}</Button>}>
      {error && (
        <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {mine === null && !error ? (
        <p role="status">{t('Loading')}</p>
      ) : (
        <ul className="mb-3 divide-y divide-gray-200 rounded border border-gray-200 dark:divide-gray-700 dark:border-gray-700" aria-label={t('Groups')}>
          {(mine ?? []).length === 0 && <li className="p-2 text-sm text-gray-500 dark:text-gray-400">{t('NotInAnyGroup')}</li>}
          {(mine ?? []).map((g) => (
            <li key={g.id} className="flex items-center gap-2 px-2 py-1">
              <span className="flex-1">
                <span className="font-semibold">{g.name}</span>
                {g.text && <span className="ml-2 text-xs text-gray-500 dark:text-gray-400">{g.text}</span>}
              </span>
              <IconButton icon="remove" label={t('RemoveFromGroup', { group: g.name })} disabled={busy} onClick={() => void change(g, false)} size={18} className="h-8 w-8" />
            </li>
          ))}
        </ul>
      )}
      {available.length > 0 && (
        <div className="flex items-end gap-2">
          <label className="flex-1 text-sm font-semibold">
            {t('AddToGroup')}
            <select value={pick} onChange={(e) => setPick(e.target.value)} className="mt-1 block w-full rounded border border-gray-300 bg-white px-2 py-1.5 font-normal dark:border-gray-600 dark:bg-gray-900">
              <option value="">—</option>
              {available.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="primary"
            icon="add"
            disabled={!pick || busy}
            onClick={() => {
              const g = groups.find((x) => x.id === pick);
              if (g) void change(g, true);
            }}
          >
            {t('Add')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
