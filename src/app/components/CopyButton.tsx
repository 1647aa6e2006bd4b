// Copies a text to the clipboard and says "Copied" for 2 s, as the old console did; a refusal is said, not
// swallowed. Used for API keys and for the alert detail's copy (its template).
import { useEffect, useState } from 'react';
import { COPIED_TOOLTIP_MS } from '../../core/alert-detail.ts';
import { useT } from '../state/i18n.ts';
import { pushNotice } from '../state/notices.ts';
import { IconButton } from './Button.tsx';
import { LATER_ICONS } from './later-icons.ts';
import { writeClipboard } from './clipboard.ts';

export function CopyButton({ label, text, small = false }: { label: string; text: () => string | Promise<string>; small?: boolean }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), COPIED_TOOLTIP_MS);
    return () => clearTimeout(id);
  }, [copied]);

  const copy = async () => {
    try {
      await writeClipboard(await text());
      setCopied(true);
    } catch (error) {
      // Clipboard access needs a secure context and permission; say so instead of failing silently.
      const reason = error instanceof Error && error.message ? error.message : t('UnknownError');
      pushNotice({ level: 'error', text: t('DetailCopyFailed', { reason }) });
    }
  };

  return (
    <span className="relative inline-flex">
      <IconButton icon={copied ? 'check' : LATER_ICONS.copy} label={label} onClick={() => void copy()} {...(small ? { size: 18, className: 'h-8 w-8' } : {})} />
      <span
        role="status"
        className={`pointer-events-none absolute left-1/2 top-full z-30 mt-1 -translate-x-1/2 whitespace-nowrap rounded bg-gray-800 px-2 py-0.5 text-xs text-white shadow dark:bg-gray-200 dark:text-gray-900 ${copied ? '' : 'sr-only'}`}
      >
        {copied ? t('Copied') : ''}
      </span>
    </span>
  );
}
