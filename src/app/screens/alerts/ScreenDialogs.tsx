// Small dialogs of the alerts screen: display density and keyboard shortcuts.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Dialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { useT } from '../../state/i18n.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { densityAtom, densityDialogOpenAtom, densityOverrideAtom, shortcutsOpenAtom } from '../../state/alerts-screen.ts';
import { sessionAtom } from '../../state/session.ts';
import { savePreferences } from '../../data/account.ts';

export function DensityDialog() {
  const { t } = useT();
  const [open, setOpen] = useAtom(densityDialogOpenAtom);
  const value = useAtomValue(densityAtom);
  const setOverride = useSetAtom(densityOverrideAtom);
  const signedIn = useAtomValue(sessionAtom).authenticated;
  const onClose = () => setOpen(false);
  const onChoose = (d: 'comfortable' | 'compact') => {
    setOverride(d);
    // Signed out (or auth off) the choice holds for this session; signed in it is saved to the user's prefs.
    if (signedIn) void savePreferences({ displayDensity: d }, { announce: false });
  };
  return (
    <Dialog open={open} onClose={onClose} size="sm" title={t('ChooseDisplayDensity')} footer={<Button onClick={onClose}>{t('Close')}</Button>}>
      <fieldset>
        <legend className="sr-only">{t('DisplayDensity')}</legend>
        {(['comfortable', 'compact'] as const).map((d) => (
          <label key={d} className="flex items-center gap-3 py-2">
            <input type="radio" name="density" className="h-4 w-4 accent-brand" checked={value === d} onChange={() => onChoose(d)} />
            {d === 'comfortable' ? t('Comfortable') : t('Compact')}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}

const SHORTCUTS: [string[], MessageKey][] = [
  [['↓', 'j'], 'ShortcutNextRow'],
  [['↑', 'k'], 'ShortcutPreviousRow'],
  [['Home', 'End', 'PgUp', 'PgDn'], 'AlertsShortcutJump'],
  [['Enter'], 'ShortcutOpenRow'],
  [['Space', 'x'], 'ShortcutToggleRow'],
  [['a'], 'Ack'],
  [['s'], 'Shelve'],
  [['c'], 'Close'],
  [['o'], 'Open'],
  [['w'], 'AlertsShortcutWatch'],
  [['Del'], 'Delete'],
  [['f', 'Shift+F10'], 'ShortcutValueMenu'],
  [['Esc'], 'AlertsShortcutClearSelection'],
  [['/'], 'ShortcutFocusSearch'],
  [['r'], 'ShortcutRefresh'],
  [['g'], 'ShortcutGroupBy'],
  [['Enter', 'Space', '→', '←'], 'ShortcutGroupOpen'],
  [['v'], 'ShortcutOverview'],
  [['?'], 'ShortcutShowHelp'],
];

export function ShortcutsDialog() {
  const [open, setOpen] = useAtom(shortcutsOpenAtom);
  const { t } = useT();
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title={t('KeyboardShortcuts')} footer={<Button onClick={() => setOpen(false)}>{t('Close')}</Button>}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('KeyboardShortcuts')}</caption>
        <tbody>
          {SHORTCUTS.map(([keys, label]) => (
            <tr key={label} className="border-b border-gray-100 dark:border-gray-700">
              <th scope="row" className="py-1.5 pr-4 text-left font-normal">
                {keys.map((k) => (
                  <kbd key={k} className="mr-1 rounded border border-gray-300 bg-gray-50 px-1.5 py-0.5 font-mono text-xs dark:border-gray-600 dark:bg-gray-700">
                    {k}
                  </kbd>
                ))}
              </th>
              <td className="py-1.5">{t(label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
