// A state shown with a colour AND a word (colour alone tells nothing to a colour-blind user or a screen reader).
import type { ReactNode } from 'react';

export type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'muted';

const TONES: Record<Tone, string> = {
  ok: 'bg-green-100 text-green-900 ring-green-600/40 dark:bg-green-900/60 dark:text-green-100',
  warn: 'bg-amber-100 text-amber-900 ring-amber-600/40 dark:bg-amber-900/60 dark:text-amber-100',
  bad: 'bg-red-100 text-red-900 ring-red-600/40 dark:bg-red-900/60 dark:text-red-100',
  info: 'bg-sky-100 text-sky-900 ring-sky-600/40 dark:bg-sky-900/60 dark:text-sky-100',
  muted: 'bg-gray-100 text-gray-700 ring-gray-500/40 dark:bg-gray-700 dark:text-gray-200',
};

const DOTS: Record<Tone, string> = {
  ok: 'bg-green-600',
  warn: 'bg-amber-500',
  bad: 'bg-red-600',
  info: 'bg-sky-600',
  muted: 'bg-gray-400',
};

export function StatusBadge({ tone, children, title }: { tone: Tone; children: ReactNode; title?: string }) {
  return (
    <span title={title} className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`}>
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${DOTS[tone]}`} />
      {children}
    </span>
  );
}

/** Small neutral chips for lists of values (scopes, roles, tags, services). */
export function Chips({ values, empty = '' }: { values: readonly string[] | null | undefined; empty?: string }) {
  const list = (values ?? []).filter((v) => v !== '');
  if (list.length === 0) return <span className="text-gray-400">{empty}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {list.map((v) => (
        <span key={v} className="rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-800 dark:bg-gray-700 dark:text-gray-100">
          {v}
        </span>
      ))}
    </span>
  );
}
