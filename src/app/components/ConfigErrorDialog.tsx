import type { WorkerError } from '../../worker/contract/index.ts';
import { useT } from '../state/i18n.ts';

/** The config could not be loaded (no API at the endpoint, or a broken config.json). Unlike the old console's blocking
 * alert(), this offers a retry and keeps the page. When the console's own data worker could not be loaded (the
 * network went, or a new version replaced it meanwhile), it says so, and offers a reload: a retry cannot help. */
export function ConfigErrorDialog({ error, onRetry }: { error: WorkerError; onRetry: () => void }) {
  const { t } = useT();
  const worker = error.kind === 'worker';
  return (
    <div className="flex min-h-full items-center justify-center bg-gray-100 p-4 dark:bg-gray-900">
      <div role="alertdialog" aria-modal="true" aria-labelledby="config-error-title" aria-describedby="config-error-text" className="max-w-lg rounded-lg bg-white p-6 shadow-lg dark:bg-gray-800 dark:text-gray-100">
        <h1 id="config-error-title" className="mb-3 text-lg font-semibold">
          {t(worker ? 'WorkerLoadFailedTitle' : 'ConfigLoadFailedTitle')}
        </h1>
        <p id="config-error-text" className="mb-2">
          {worker ? t('WorkerLoadFailed') : t('ConfigLoadFailed', { url: `${error.endpoint ?? ''}/config` })}
        </p>
        <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">{error.message}</p>
        <button
          type="button"
          autoFocus
          onClick={worker ? () => location.reload() : onRetry}
          className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-indigo-700"
        >
          {t(worker ? 'Reload' : 'Retry')}
        </button>
      </div>
    </div>
  );
}
