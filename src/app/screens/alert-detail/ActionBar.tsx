// The action bar under the tabs: watch/unwatch, add note, delete. "Add note" opens the note form, which
// offers the status actions the alert allows (open, ack/unack, shelve/unshelve, close) with the typed text, and
// "Add note" itself. The text is required for a note, at most 200 characters, trimmed.
import { useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Alert } from '../../../core/types.ts';
import { allowedActions, ACTION_LABEL_KEYS } from '../../../core/actions.ts';
import { isWatchedBy } from '../../../core/watch.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../state/i18n.ts';
import { alertCommands } from '../../data/alerts.ts';
import { detailBusyAtom } from '../../data/commands.ts';
import type { DetailPermissions } from './DetailToolbar.tsx';
import { ACTION_ICONS } from '../../components/action-icons.ts';
import { NoteFieldStatus, NoteTextArea, useNoteText } from './NotesSection.tsx';

export function ActionBar({ alert, perms, onDelete }: { alert: Alert; perms: DetailPermissions; onDelete: () => void }) {
  const { t } = useT();
  const busy = useAtomValue(detailBusyAtom);
  const [formOpen, setFormOpen] = useState(false);
  const watched = isWatchedBy(alert, perms.username);
  // Offline, watch and notes are kept and sent when the API answers again; a delete needs the connection.
  const offline = !perms.online;

  if (!perms.canWrite && !perms.canDelete) return null;
  if (formOpen && perms.canWrite) return <NoteForm alert={alert} onClose={() => setFormOpen(false)} />;
  return (
    <div role="group" aria-label={t('DetailActionBar')} className="flex flex-wrap items-center gap-2">
      {perms.canWrite && perms.username && (
        <Button icon={watched ? 'visibilityOff' : 'visibility'} disabled={busy} onClick={() => void alertCommands.watch('detail', [alert.id], !watched)}>
          {watched ? t('Unwatch') : t('Watch')}
        </Button>
      )}
      {perms.canWrite && (
        <Button icon="note" disabled={busy} onClick={() => setFormOpen(true)}>
          {t('AddNote')}
        </Button>
      )}
      {perms.canDelete && (
        <Button icon="delete" disabled={busy || offline} aria-describedby={offline ? perms.offlineReasonId : undefined} onClick={onDelete}>
          {t('Delete')}
        </Button>
      )}
    </div>
  );
}

const ACTION_BUTTON_COLOURS: Record<string, string> = {
  open: 'bg-green-700 text-white hover:bg-green-800 disabled:bg-green-300 dark:disabled:bg-green-900',
  ack: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-300 dark:disabled:bg-blue-900',
  unack: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-300 dark:disabled:bg-blue-900',
  shelve: 'bg-sky-700 text-white hover:bg-sky-800 disabled:bg-sky-300 dark:disabled:bg-sky-900',
  unshelve: 'bg-sky-700 text-white hover:bg-sky-800 disabled:bg-sky-300 dark:disabled:bg-sky-900',
  close: 'bg-orange-700 text-white hover:bg-orange-800 disabled:bg-orange-300 dark:disabled:bg-orange-900',
};

function NoteForm({ alert, onClose }: { alert: Alert; onClose: () => void }) {
  const { t } = useT();
  const busy = useAtomValue(detailBusyAtom);
  const note = useNoteText();
  const id = useId();
  const disabled = busy;
  const trimmed = note.text.trim();

  /** A status action takes the text when there is one; an over-long text is refused like a note's. */
  const act = async (action: string) => {
    if (trimmed !== '' && !note.result.ok) {
      note.setTouched(true);
      return;
    }
    if ((await alertCommands.act('detail', [alert.id], action, note.result.ok ? note.result.value : '')).ok) onClose();
  };

  const addNote = async () => {
    note.setTouched(true);
    if (!note.result.ok) return;
    if ((await alertCommands.addNote(alert.id, note.result.value)).ok) onClose();
  };

  return (
    <form
      aria-label={t('AddNote')}
      className="flex flex-col gap-2 rounded border border-gray-200 bg-white p-3 shadow-sm dark:border-gray-700 dark:bg-gray-800"
      onSubmit={(e) => {
        e.preventDefault();
        void addNote();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <label htmlFor={`${id}-text`} className="text-sm font-semibold">
        {t('AddNote')}
      </label>
      <NoteTextArea id={id} note={note} onBlur={() => trimmed !== '' && note.setTouched(true)} />
      <NoteFieldStatus id={id} note={note} />
      <div className="flex flex-wrap items-center gap-2">
        {allowedActions(alert.status).map((action) => (
          <button
            key={action}
            type="button"
            className={`inline-flex items-center justify-center gap-2 rounded px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed ${ACTION_BUTTON_COLOURS[action] ?? ''}`}
            disabled={disabled}
            onClick={() => void act(action)}
          >
            <Icon name={ACTION_ICONS[action]} size={18} />
            {t(ACTION_LABEL_KEYS[action] as 'Ack')}
          </button>
        ))}
        <Button type="submit" icon="note" variant="primary" disabled={disabled}>
          {t('AddNote')}
        </Button>
        <Button variant="ghost" className="ml-auto" onClick={onClose}>
          {t('Cancel')}
        </Button>
      </div>
    </form>
  );
}
