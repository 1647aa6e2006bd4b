// The filter side sheet: status, customer, service, group, text and date range (presets or a custom
// range). Edits are a draft until Apply; Reset returns to the configured starting filter. Each opening starts a
// fresh draft from the applied filter. Loaded when the sheet first opens (FilterSheet.tsx).
import { useId, useState, type ReactNode } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Dialog as HeadlessDialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { DateRange } from '../../../../core/types.ts';
import { STATUS_LABEL_KEYS, STATUS_ORDER } from '../../../../core/severity.ts';
import { TIME_RANGES, customRange, presetOf, type RangePreset } from '../../../../core/date-range.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { useT } from '../../../state/i18n.ts';
import { configAtom } from '../../../state/session.ts';
import { defaultFilterAtom, filterAtom, filtersOpenAtom, pageAtom } from '../../../state/alerts-screen.ts';
import { filterListsQuery } from '../../../data/alerts.ts';
import { useQuery } from '../../../data/query.ts';
import { Button, IconButton } from '../../../components/Button.tsx';
import { compareNames } from '../../../../core/names.ts';

function toLocalInput(epochSeconds: number | null): string {
  if (!epochSeconds || epochSeconds <= 0) return '';
  const d = new Date(epochSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function fromLocalInput(value: string): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isFinite(d.getTime()) ? d : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-gray-200 py-3 dark:border-gray-700">
      <legend className="mb-1 text-sm font-semibold text-gray-700 dark:text-gray-200">{title}</legend>
      {children}
    </fieldset>
  );
}

function CheckList({ options, selected, onChange, label }: { options: { value: string; label: string }[]; selected: string[] | null; onChange: (v: string[] | null) => void; label: (v: string) => string }) {
  const set = new Set(selected ?? []);
  return (
    <div className="max-h-44 overflow-auto">
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-2 py-1 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand"
            checked={set.has(o.value)}
            onChange={(e) => {
              const next = new Set(set);
              if (e.target.checked) next.add(o.value);
              else next.delete(o.value);
              onChange(next.size ? [...next] : null);
            }}
            aria-label={label(o.label)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

export default function FilterSheetPanel() {
  const open = useAtomValue(filtersOpenAtom);
  return <Sheet key={open ? 'open' : 'closed'} open={open} />;
}

function Sheet({ open }: { open: boolean }) {
  const { t } = useT();
  const setOpen = useSetAtom(filtersOpenAtom);
  const [filter, setFilter] = useAtom(filterAtom);
  const setPage = useSetAtom(pageAtom);
  const defaults = useAtomValue(defaultFilterAtom);
  const customerViews = !!useAtomValue(configAtom)?.customer_views;
  const [draft, setDraft] = useState(filter);
  const [preset, setPreset] = useState<RangePreset>(presetOf(filter.dateRange));
  const { data: lists, error: listsError } = useQuery(open ? filterListsQuery : null);
  const textId = useId();
  const fromId = useId();
  const toId = useId();
  const onClose = () => setOpen(false);
  const onApply = () => {
    setFilter(draft);
    setPage(1);
  };

  const setRange = (range: DateRange) => setDraft((d) => ({ ...d, dateRange: range }));
  const statusOptions = STATUS_ORDER.map((s) => ({ value: s, label: t((STATUS_LABEL_KEYS[s] ?? 'Unknown') as MessageKey) }));
  const withSelected = (values: string[] | undefined, selected: string[] | null) =>
    [...new Set([...(values ?? []), ...(selected ?? [])])].sort(compareNames).map((v) => ({ value: v, label: v }));

  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-y-0 right-0 flex w-full max-w-sm">
        <DialogPanel className="flex w-full flex-col bg-white shadow-xl dark:bg-gray-900 dark:text-gray-100">
          <div className="flex items-center border-b border-gray-200 px-4 py-2 dark:border-gray-700">
            <DialogTitle className="flex-1 text-lg font-semibold">{t('Filters')}</DialogTitle>
            <IconButton icon="close" label={t('Close')} onClick={onClose} />
          </div>
          <form
            className="min-h-0 flex-1 overflow-auto px-4"
            onSubmit={(e) => {
              e.preventDefault();
              onApply();
              onClose();
            }}
            id="alert-filter-form"
          >
            {listsError && (
              <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
                {listsError.message}
              </p>
            )}
            <Section title={t('Status')}>
              <CheckList options={statusOptions} selected={draft.status} onChange={(status) => setDraft((d) => ({ ...d, status }))} label={(l) => l} />
            </Section>
            {customerViews && (
              <Section title={t('Customer')}>
                <CheckList options={withSelected(lists?.customers, draft.customer)} selected={draft.customer} onChange={(customer) => setDraft((d) => ({ ...d, customer }))} label={(l) => l} />
              </Section>
            )}
            <Section title={t('Service')}>
              <CheckList options={withSelected(lists?.services, draft.service)} selected={draft.service} onChange={(service) => setDraft((d) => ({ ...d, service }))} label={(l) => l} />
            </Section>
            <Section title={t('Group')}>
              <CheckList options={withSelected(lists?.groups, draft.group)} selected={draft.group} onChange={(group) => setDraft((d) => ({ ...d, group }))} label={(l) => l} />
            </Section>
            <Section title={t('Text')}>
              <label htmlFor={textId} className="sr-only">
                {t('AlertsTextFilter')}
              </label>
              <input
                id={textId}
                type="text"
                value={draft.text ?? ''}
                placeholder={t('AlertsTextFilter')}
                onChange={(e) => setDraft((d) => ({ ...d, text: e.target.value || null }))}
                className="w-full rounded border border-gray-300 bg-white px-2 py-1.5 text-sm dark:border-gray-600 dark:bg-gray-800"
              />
            </Section>
            <Section title={t('DateTime')}>
              {TIME_RANGES.map((o) => (
                <label key={o.id} className="flex items-center gap-2 py-1 text-sm">
                  <input
                    type="radio"
                    name="alert-filter-range"
                    className="h-4 w-4 accent-brand"
                    checked={preset === o.id}
                    onChange={() => {
                      setPreset(o.id);
                      if (o.id !== 'custom') setRange(o.range);
                      else setRange([null, null]);
                    }}
                  />
                  {t(o.id === 'custom' ? 'CustomRange' : o.labelKey)}
                </label>
              ))}
              {preset === 'custom' && (
                <div className="mt-2 grid gap-2">
                  <label htmlFor={fromId} className="text-sm">
                    {t('StartDate')}
                  </label>
                  <input
                    id={fromId}
                    type="datetime-local"
                    value={toLocalInput(draft.dateRange[0])}
                    onChange={(e) => setRange(customRange(fromLocalInput(e.target.value), draft.dateRange[1] ? new Date(draft.dateRange[1] * 1000) : null))}
                    className="rounded border border-gray-300 bg-white px-2 py-1 text-sm dark:border-gray-600 dark:bg-gray-800"
                  />
                  <label htmlFor={toId} className="text-sm">
                    {t('EndDate')}
                  </label>
                  <input
                    id={toId}
                    type="datetime-local"
                    value={toLocalInput(draft.dateRange[1])}
                    onChange={(e) => setRange(customRange(draft.dateRange[0] ? new Date(draft.dateRange[0] * 1000) : null, fromLocalInput(e.target.value)))}
                    className="rounded border border-gray-300 bg-white px-2 py-1 text-sm dark:border-gray-600 dark:bg-gray-800"
                  />
                  {draft.dateRange[0] !== null && draft.dateRange[1] !== null && draft.dateRange[1] < draft.dateRange[0] && (
                    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                      {t('AlertsEndBeforeStart')}
                    </p>
                  )}
                </div>
              )}
            </Section>
          </form>
          <div className="flex justify-end gap-2 border-t border-gray-200 px-4 py-3 dark:border-gray-700">
            <Button
              onClick={() => {
                setDraft({ ...defaults, environment: filter.environment });
                setPreset(presetOf(defaults.dateRange));
              }}
            >
              {t('Reset')}
            </Button>
            <Button
              variant="primary"
              type="submit"
              form="alert-filter-form"
              disabled={draft.dateRange[0] !== null && draft.dateRange[1] !== null && draft.dateRange[1] < draft.dateRange[0]}
            >
              {t('Apply')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
