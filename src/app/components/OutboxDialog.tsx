// The actions waiting to be sent (the offline outbox), oldest first, each with Cancel; opened from the count in the
// freshness line. An entry already on its way cannot be called back.
import { useAtom, useAtomValue } from 'jotai';
import { ACTION_LABEL_KEYS, isAlertAction } from '../../core/actions.ts';
import { commandName } from '../../core/outbox.ts';
import { outboxAtom, outboxOpenAtom } from '../state/outbox.ts';
import { alertCommands } from '../data/alerts.ts';
import { useT } from '../state/i18n.ts';
import type { MessageKey } from '../i18n/index.ts';
import { Dialog } from './Dialog.tsx';
import { Button } from './Button.tsx';
import { useFormatDate } from '../hooks/useFormatDate.ts';

export function OutboxDialog() {
  const { t } = useT();
  const [open, setOpen] = useAtom(outboxOpenAtom);
  const entries = useAtomValue(outboxAtom);
  const { format, utcTooltip } = useFormatDate();
  const name = (action: string) =>
    isAlertAction(action) ? t(ACTION_LABEL_KEYS[action] as MessageKey) : action === 'watch' ? t('Watch') : action === 'unwatch' ? t('Unwatch') : action === 'note' ? t('NoteAction') : action;
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title={t('OutboxTitle')} footer={<Button onClick={() => setOpen(false)}>{t('Close')}</Button>}>
      <p className="mb-3 text-sm text-gray-600 dark:text-gray-300">{t('OutboxHint')}</p>
      {entries.length === 0 ? (
        <p role="status">{t('OutboxEmpty')}</p>
      ) : (
        <ol aria-label={t('OutboxTitle')} className="divide-y divide-gray-200 rounded border border-gray-200 dark:divide-gray-700 dark:border-gray-700">
          {entries.map((entry) => {
            const action = name(commandName(entry.command));
            const when = new Date(entry.createdAt).toISOString();
            return (
              <li key={entry.id} className="flex items-center gap-3 px-3 py-2">
                <span className="min-w-0 flex-1">
                  <span className="font-semibold">{action}</span> · {entry.label}
                  {entry.command.kind === 'note' && <span className="block truncate text-sm italic">{entry.command.text}</span>}
                  <span className="block text-xs text-gray-500 dark:text-gray-400" title={utcTooltip(when)}>
                    {format(when)}
                  </span>
                </span>
                {entry.sending ? (
                  <span className="text-sm text-gray-600 dark:text-gray-300">{t('OutboxSending')}</span>
                ) : (
                  <Button onClick={() => void alertCommands.cancelQueued(entry.id)} aria-label={t('CancelQueued', { action, alert: entry.label })}>
                    {t('Cancel')}
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Dialog>
  );
}
