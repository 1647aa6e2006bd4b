// The search box's help: the query syntax as docs/search.md tells it, fetched when the dialog first opens.
import { useEffect, useState } from 'react';
import { useT } from '../../../state/i18n.ts';
import { Dialog } from '../../../components/Dialog.tsx';

export function SearchHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const [doc, setDoc] = useState<string | null>(null);
  useEffect(() => {
    if (open && doc === null) void import('../../../../../docs/search.md?raw').then((m: { default: string }) => setDoc(m.default));
  }, [open, doc]);
  return (
    <Dialog open={open} onClose={onClose} title={t('QuerySyntaxHelp')} size="lg">
      <pre dir="ltr" className="max-h-[70vh] overflow-auto whitespace-pre-wrap font-mono text-sm">
        {doc ?? '…'}
      </pre>
    </Dialog>
  );
}
