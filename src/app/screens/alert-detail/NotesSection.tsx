// Notes at the top of the details tab (the tab begins with them), newest first, the newest marked as the
// last note. Their author may edit or delete them (the old console let anyone dismiss anyone's note).
import { useId, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import type { Alert, Note } from '../../../core/types.ts';
import { canEditNote, notesNewestFirst, noteTime } from '../../../core/alert-detail.ts';
import { NOTE_MAX_LENGTH, validateNote } from '../../../core/validation.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { LATER_ICONS } from '../../components/later-icons.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useFormatDate } from '../../hooks/useFormatDate.ts';
import { secondsAgo } from '../../../core/date-format.ts';
import { useT } from '../../state/i18n.ts';
import { alertCommands } from '../../data/alerts.ts';
import { detailBusyAtom } from '../../data/commands.ts';
import type { DetailPermissions } from './DetailToolbar.tsx';
import { useDirtyForm } from '../../pwa/dirty-forms.ts';
import { usePendingEntries } from '../../state/outbox.ts';
import { PendingMark } from '../../components/PendingMark.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';

export function NotesSection({ alert, notes, perms, now }: { alert: Alert; notes: readonly Note[]; perms: DetailPermissions; now: number }) {
  const { t } = useT();
  const [deleting, setDeleting] = useState<Note | null>(null);
  const shown = notesNewestFirst(notes, alert.history);
  // Notes written without a connection: shown first, marked pending, until the outbox has sent them.
  const queued = usePendingEntries(alert.id).filter((e) => e.command.kind === 'note');
  if (shown.notes.length === 0 && queued.length === 0) return null;
  return (
    <section aria-labelledby="detail-notes-title">
      <h2 id="detail-notes-title" className="sr-only">
        {t('Notes')}
      </h2>
      <ul className="flex flex-col gap-2">
        {[...queued].reverse().map((entry) => (
          <li key={entry.id} className="rounded border-l-4 border-dashed border-sky-600 bg-sky-50 px-3 py-2 text-gray-900 dark:border-sky-400 dark:bg-sky-950 dark:text-gray-100">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <PendingMark />
              <b>{perms.username || t('DetailAnonymous')}</b>
            </p>
            <SafeHtml as="div" className="mt-1 whitespace-pre-wrap break-words italic" html={entry.command.kind === 'note' ? entry.command.text : ''} />
          </li>
        ))}
        {shown.notes.map((note, i) => (
          <NoteItem
            key={note.id}
            alertId={alert.id}
            note={note}
            last={i === 0}
            editable={!shown.fromHistory && perms.canWrite && canEditNote(note, perms.username)}
            online={perms.online}
            now={now}
            onDelete={() => setDeleting(note)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title={t('DeleteNote')}
        message={t('ConfirmDelete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const note = deleting;
          setDeleting(null);
          if (note) void alertCommands.deleteNote(alert.id, note.id);
        }}
      />
    </section>
  );
}

function NoteItem({
  alertId,
  note,
  last,
  editable,
  online,
  now,
  onDelete,
}: {
  alertId: string;
  note: Note;
  last: boolean;
  editable: boolean;
  online: boolean;
  now: number;
  onDelete: () => void;
}) {
  const { t, formatRelativeTime } = useT();
  const { format, utcTooltip } = useFormatDate();
  const busy = useAtomValue(detailBusyAtom);
  const [editing, setEditing] = useState(false);
  const when = noteTime(note);
  const ms = Date.parse(when);
  return (
    <li className="rounded border-l-4 border-sky-600 bg-sky-50 px-3 py-2 text-gray-900 dark:border-sky-400 dark:bg-sky-950 dark:text-gray-100" aria-label={last ? t('LastNote') : t('Notes')}>
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 text-sm">
          {last && <span className="mr-2 rounded bg-sky-700 px-1.5 py-0.5 text-xs font-semibold text-white dark:bg-sky-300 dark:text-sky-950">{t('LastNote')}</span>}
          <b>{note.user || t('DetailAnonymous')}</b> {t('addedNoteOn')}{' '}
          <b title={utcTooltip(when)}>{format(when, 'longDate')}</b>
          {Number.isFinite(ms) && <span className="text-gray-600 dark:text-gray-300"> ({formatRelativeTime(secondsAgo(ms, now))})</span>}
        </p>
        {editable && !editing && (
          <span className="flex shrink-0 gap-0.5">
            <IconButton icon={LATER_ICONS.edit} label={t('EditNote')} size={18} className="h-8 w-8" disabled={busy || !online} onClick={() => setEditing(true)} />
            <IconButton icon="delete" label={t('DeleteNote')} size={18} className="h-8 w-8" disabled={busy || !online} onClick={onDelete} />
          </span>
        )}
      </div>
      {editing ? (
        <NoteEditor
          initial={note.text}
          onCancel={() => setEditing(false)}
          onSave={async (text) => {
            if ((await alertCommands.updateNote(alertId, note.id, text)).ok) setEditing(false);
          }}
        />
      ) : (
        // A note's text is HTML like the alert's text and its history, so it goes through the same sanitiser.
        <SafeHtml as="div" className="mt-1 whitespace-pre-wrap break-words italic" html={note.text} />
      )}
    </li>
  );
}

/** Note text with its rules (required, at most 200 characters, trimmed) and a live character count. */
export function useNoteText(initial = '') {
  const { t } = useT();
  const [text, setText] = useState(initial);
  const [touched, setTouched] = useState(false);
  // A half-written note holds back a pending update of the console (the reload would lose it).
  useDirtyForm(useId(), text.trim() !== initial.trim());
  const result = validateNote(text);
  const error = !touched || result.ok ? null : result.error === 'TextIsRequired' ? t('TextIsRequired') : t('NoteTooLong', { max: NOTE_MAX_LENGTH });
  const length = Array.from(text.trim()).length;
  return { text, setText, touched, setTouched, result, error, length, reset: () => (setText(''), setTouched(false)) };
}

/** A note's text box, tied to its validation message and count (`<id>-text`, described by `<id>-count`/`-error`). */
export function NoteTextArea({ id, note, onChange, onBlur }: { id: string; note: ReturnType<typeof useNoteText>; onChange?: () => void; onBlur?: () => void }) {
  return (
    <textarea
      id={`${id}-text`}
      autoFocus
      rows={2}
      value={note.text}
      onChange={(e) => {
        note.setText(e.target.value);
        onChange?.();
      }}
      onBlur={onBlur}
      aria-invalid={note.error ? true : undefined}
      aria-describedby={`${id}-count${note.error ? ` ${id}-error` : ''}`}
      className="w-full rounded border border-gray-300 bg-white px-2 py-1 text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100"
    />
  );
}

/** Under a note's text box: its validation message, the character count (ids `<id>-error`, `<id>-count`), and buttons. */
export function NoteFieldStatus({ id, note, children }: { id: string; note: ReturnType<typeof useNoteText>; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {note.error && (
        <span id={`${id}-error`} role="alert" className="text-red-700 dark:text-red-300">
          {note.error}
        </span>
      )}
      <span id={`${id}-count`} className={`ml-auto tabular-nums ${note.length > NOTE_MAX_LENGTH ? 'text-red-700 dark:text-red-300' : 'text-gray-600 dark:text-gray-400'}`}>
        {note.length} / {NOTE_MAX_LENGTH}
      </span>
      {children}
    </div>
  );
}

function NoteEditor({ initial, onSave, onCancel }: { initial: string; onSave: (text: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useT();
  const busy = useAtomValue(detailBusyAtom);
  const note = useNoteText(initial);
  const id = useId();
  return (
    <form
      className="mt-2 flex flex-col gap-2"
      aria-label={t('EditNote')}
      onSubmit={(e) => {
        e.preventDefault();
        note.setTouched(true);
        if (note.result.ok) void onSave(note.result.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <label htmlFor={`${id}-text`} className="sr-only">
        {t('EditNote')}
      </label>
      <NoteTextArea id={id} note={note} onChange={() => note.setTouched(true)} />
      <NoteFieldStatus id={id} note={note}>
        <Button onClick={onCancel}>{t('Cancel')}</Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {t('Save')}
        </Button>
      </NoteFieldStatus>
    </form>
  );
}
