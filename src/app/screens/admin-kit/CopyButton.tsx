// Copies a value to the clipboard and says "Copied" for 2 s (SPEC 9: copy tooltip 2 s).
import { useEffect, useState } from 'react';
import { IconButton } from '../../components/Button.tsx';
import { useT } from '../../state/i18n.ts';
import { pushNotice } from '../../state/notices.ts';

export const COPIED_TOOLTIP_MS = 2000;

export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), COPIED_TOOLTIP_MS);
    return () => clearTimeout(id);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Clipboard access needs a secure context and permission; say so instead of failing silently.
      pushNotice({ level: 'error', key: 'CopyFailed', text: 'Could not copy to the clipboard' });
    }
  };

  return (
    <span className="relative inline-flex">
      <IconButton icon={copied ? 'check' : 'copy'} label={label} onClick={() => void copy()} size={18} className="h-8 w-8" />
      <span
        role="status"
        className={`pointer-events-none absolute -top-7 left-1/2 -translate-x-1/2 whitespace-nowrap rounded bg-gray-800 px-2 py-0.5 text-xs text-white transition-opacity ${copied ? 'opacity-100' : 'opacity-0'}`}
      >
        {copied ? t('Copied') : ''}
      </span>
    </span>
  );
}
