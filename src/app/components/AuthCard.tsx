import type { ReactNode } from 'react';

/** The centred card of the sign-in, sign-up, confirm, forgot, reset and logout pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-full items-start justify-center px-4 py-8 sm:items-center">
      <section aria-labelledby="auth-title" className="w-full max-w-md rounded-lg bg-white p-6 shadow-md ring-1 ring-black/5 dark:bg-gray-900 dark:ring-white/10">
        <h1 id="auth-title" className="mb-5 text-xl font-semibold">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

/** A form-level message (server error, outcome) that screen readers announce; `flush`: no margin, in a spaced column. */
export function FormMessage({ kind, children, flush = false }: { kind: 'error' | 'success' | 'info'; children: ReactNode; flush?: boolean }) {
  const cls =
    kind === 'error'
      ? 'bg-red-50 text-red-900 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-900'
      : kind === 'success'
        ? 'bg-green-50 text-green-900 ring-green-200 dark:bg-green-950 dark:text-green-100 dark:ring-green-900'
        : 'bg-sky-50 text-sky-900 ring-sky-200 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-900';
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className={`${flush ? '' : 'mb-4 '}rounded px-3 py-2 text-sm ring-1 ${cls}`}>
      {children}
    </p>
  );
}

/**
 * A failure said in a sentence, with the original text (the server's or the provider's, for an administrator) behind
 * a "Details" disclosure.
 */
export function ProblemMessage({ text, detail, detailsLabel }: { text: string; detail?: string; detailsLabel?: string }) {
  return (
    <div role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-900">
      <p>{text}</p>
      {detail && detailsLabel && (
        <details className="mt-1">
          <summary className="cursor-pointer font-medium underline-offset-2 hover:underline">{detailsLabel}</summary>
          <p className="mt-1 font-mono text-xs break-words whitespace-pre-wrap">{detail}</p>
        </details>
      )}
    </div>
  );
}

export const linkClass = 'font-medium text-brand underline-offset-2 hover:underline dark:text-indigo-300';
