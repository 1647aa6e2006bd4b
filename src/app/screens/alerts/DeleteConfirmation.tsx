// The question a delete waits for (from a row, the keyboard or the bulk bar): loaded when first asked.
import { useState } from 'react';
import { useAtom, useStore } from 'jotai';
import { useT } from '../../state/i18n.ts';
import { clearSelection, pendingDeleteAtom } from '../../state/alerts-screen.ts';
import { alertCommands } from '../../data/alerts.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

export default function DeleteConfirmation() {
  const { t } = useT();
  const store = useStore();
  const [pending, setPending] = useAtom(pendingDeleteAtom);
  // The count of the last question asked, so the dialog's closing animation keeps its words.
  const [count, setCount] = useState(1);
  if (pending && pending.ids.length !== count) setCount(pending.ids.length);
  return (
    <ConfirmDialog
      open={pending !== null}
      // A bulk delete says how many alerts go; one alert keeps the old console's question.
      message={t('ConfirmDeleteAlerts', { count })}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        setPending(null);
        if (!pending) return;
        void alertCommands.remove('list', pending.ids).then(() => {
          if (pending.bulk) clearSelection(store);
        });
      }}
    />
  );
}
