// Scopes chosen in a table, resources down and levels across (alerts: read, write, delete, admin), as administrators
// think of them; each box is named after its scope ("write:alerts") for screen readers.
import { useId } from 'react';
import { SCOPE_LEVELS, scopeTable } from '../../../core/admin-rules.ts';
import { FieldMessage } from './FormFields.tsx';
import { useT } from '../../state/i18n.ts';

export function ScopePicker({
  legend,
  options,
  selected,
  onChange,
  error,
  hint,
}: {
  legend: string;
  /** the scopes that may be chosen, in the server's order */
  options: readonly string[];
  selected: readonly string[];
  onChange: (v: string[]) => void;
  error?: string | null;
  hint?: string;
}) {
  const { t } = useT();
  const id = useId();
  const table = scopeTable(options);
  const toggle = (scope: string, on: boolean) => onChange(on ? [...selected, scope] : selected.filter((s) => s !== scope));
  const box = (scope: string) => (
    <input
      type="checkbox"
      aria-label={scope}
      title={scope}
      checked={selected.includes(scope)}
      onChange={(e) => toggle(scope, e.target.checked)}
      className="h-4 w-4 accent-brand"
    />
  );
  return (
    <fieldset className="mb-3" aria-describedby={error || hint ? `${id}-msg` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="max-h-72 overflow-auto rounded border border-gray-200 dark:border-gray-700">
        <table className="w-full border-collapse text-sm">
          <thead className="sticky top-0 bg-gray-50 text-xs text-gray-600 dark:bg-gray-800 dark:text-gray-300">
            <tr>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {t('Resource')}
              </th>
              {SCOPE_LEVELS.map((l) => (
                <th key={l} scope="col" className="px-2 py-1 text-center font-mono font-semibold">
                  {l}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.resource} className="border-t border-gray-100 dark:border-gray-700">
                <th scope="row" className="px-2 py-1 text-left font-mono text-xs font-normal">
                  {row.resource || <span className="font-sans font-semibold">{t('AllResources')}</span>}
                </th>
                {SCOPE_LEVELS.map((l) => (
                  <td key={l} className="px-2 py-1 text-center">
                    {row.cells[l] ? box(row.cells[l]!) : <span className="text-gray-300 dark:text-gray-600" aria-hidden="true">–</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {table.other.length > 0 && (
          <div className="flex flex-wrap gap-x-4 gap-y-1 border-t border-gray-200 px-2 py-1.5 dark:border-gray-700">
            {table.other.map((scope) => (
              <label key={scope} className="inline-flex items-center gap-1.5 font-mono text-xs">
                {box(scope)}
                {scope}
              </label>
            ))}
          </div>
        )}
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </fieldset>
  );
}
