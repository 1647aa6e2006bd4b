// Group membership, seen from either side: the members of a group (Groups screen) or the groups of a user (Users
// screen). Lists the current ones with a remove button each and offers the others to add (UserAddedGroup /
// UserRemovedGroup); both sides and both lists refresh after every change (src/app/data/admin.ts).
import { useState } from 'react';
import { useQuery, type Query } from '../../data/query.ts';
import { useT } from '../../state/i18n.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { Button, IconButton } from '../../components/Button.tsx';
import { LATER_ICONS } from '../../components/later-icons.ts';

export interface MembershipItem {
  id: string;
  name: string;
  /** shown small beside the name: a user's login, a group's description */
  detail?: string | null;
  inactive?: boolean;
}

export function MembershipDialog<T>({
  title,
  listLabel,
  emptyText,
  addLabel,
  query,
  toItem,
  optionText,
  removeLabel,
  candidates,
  canChange,
  change,
  onClose,
}: {
  title: string;
  listLabel: string;
  emptyText: string;
  addLabel: string;
  /** the current memberships */
  query: Query<T[]>;
  toItem: (value: T) => MembershipItem;
  optionText: (item: MembershipItem) => string;
  removeLabel: (item: MembershipItem) => string;
  /** what could be added (null: the user may not list them) */
  candidates: MembershipItem[] | null;
  canChange: boolean;
  change: (id: string, add: boolean) => Promise<{ ok: boolean }>;
  onClose: () => void;
}) {
  const { t } = useT();
  const current = useQuery(query);
  const [pick, setPick] = useState('');
  const [busy, setBusy] = useState(false);
  const members = (current.data ?? []).map(toItem);
  const available = (candidates ?? []).filter((c) => !members.some((m) => m.id === c.id));

  const run = async (id: string, add: boolean) => {
    setBusy(true);
    if ((await change(id, add)).ok) setPick('');
    setBusy(false);
  };

  return (
    <Dialog open onClose={onClose} title={title} footer={<Button onClick={onClose}>{t('Close')}</Button>}>
      {current.error && (
        <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-300">
          {current.error.message}
        </p>
      )}
      {current.loading ? (
        <p role="status">{t('Loading')}</p>
      ) : (
        <ul aria-label={listLabel} className="mb-3 divide-y divide-gray-200 rounded border border-gray-200 dark:divide-gray-700 dark:border-gray-700">
          {members.length === 0 && <li className="p-2 text-sm text-gray-500 dark:text-gray-400">{emptyText}</li>}
          {members.map((m) => (
            <li key={m.id} className="flex items-center gap-2 px-2 py-1">
              <span className="min-w-0 flex-1">
                <span className="font-semibold">{m.name}</span>
                {m.detail && <span className="ml-2 text-xs text-gray-500 dark:text-gray-400">{m.detail}</span>}
                {m.inactive && <span className="ml-2 text-xs text-gray-500">({t('Inactive')})</span>}
              </span>
              {canChange && <IconButton icon="remove" label={removeLabel(m)} disabled={busy} onClick={() => void run(m.id, false)} size={18} className="h-8 w-8" />}
            </li>
          ))}
        </ul>
      )}
      {canChange && available.length > 0 && (
        <div className="flex items-end gap-2">
          <label className="flex-1 text-sm font-semibold">
            {addLabel}
            <select value={pick} onChange={(e) => setPick(e.target.value)} className="mt-1 block w-full rounded border border-gray-300 bg-white px-2 py-1.5 font-normal dark:border-gray-600 dark:bg-gray-900">
              <option value="">—</option>
              {available.map((c) => (
                <option key={c.id} value={c.id}>
                  {optionText(c)}
                </option>
              ))}
            </select>
          </label>
          <Button variant="primary" icon={LATER_ICONS.add} disabled={!pick || busy} onClick={() => void run(pick, true)}>
            {t('Add')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
