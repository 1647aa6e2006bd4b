// Group by: the toolbar menu's "Group by…" and the g key open it; the choice groups the list at once, goes into the
// URL hash (gb) and, signed in, into the user's preferences on the server.
import { useAtom, useAtomValue, useStore } from 'jotai';
import { offeredGroupFields, type GroupField } from '../../../../core/alert-groups.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { Button } from '../../../components/Button.tsx';
import { useT } from '../../../state/i18n.ts';
import { configAtom, sessionAtom } from '../../../state/session.ts';
import { clearSelection, pageAtom } from '../../../state/alerts-screen.ts';
import { groupByAtom, groupByChoiceAtom, groupByDialogOpenAtom, openGroupsAtom } from '../../../state/groups.ts';
import type { Store } from '../../../state/store.ts';
import { savePreferences } from '../../../data/account.ts';
import { fieldLabel } from './group-labels.ts';

/** Groups the list by a field (null: not grouped): every group starts closed. */
export function chooseGroupBy(store: Store, field: GroupField | null) {
  if (store.get(groupByAtom) === field && store.get(groupByChoiceAtom) !== undefined) return;
  store.set(groupByChoiceAtom, field);
  store.set(openGroupsAtom, []);
  store.set(pageAtom, 1);
  clearSelection(store);
  // Signed out (or auth off) the choice holds for this session (and the address); signed in it is saved to the prefs.
  if (store.get(sessionAtom).authenticated) void savePreferences({ groupBy: field }, { announce: false });
}

export function GroupByDialog() {
  const { t } = useT();
  const store = useStore();
  const [open, setOpen] = useAtom(groupByDialogOpenAtom);
  const value = useAtomValue(groupByAtom);
  const fields = offeredGroupFields(useAtomValue(configAtom));
  const onClose = () => setOpen(false);
  const choices: [GroupField | null, string][] = [[null, t('GroupByNone')], ...fields.map((f): [GroupField, string] => [f, fieldLabel(f, t)])];
  return (
    <Dialog open={open} onClose={onClose} size="sm" title={t('GroupByTitle')} footer={<Button onClick={onClose}>{t('Close')}</Button>}>
      <p className="mb-2 text-sm text-gray-600 dark:text-gray-300">{t('GroupByHint')}</p>
      <fieldset>
        <legend className="sr-only">{t('GroupBy')}</legend>
        {choices.map(([field, label]) => (
          <label key={field ?? 'none'} className="flex items-center gap-3 py-1.5">
            <input
              type="radio"
              name="group-by"
              className="h-4 w-4 accent-brand"
              checked={value === field}
              onChange={() => chooseGroupBy(store, field)}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
