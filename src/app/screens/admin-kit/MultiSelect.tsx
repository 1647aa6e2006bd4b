// A compact multi-choice filter (severities, statuses, services...): a button that names the choice and a list
// of options with check marks. Headless UI's Listbox gives the keyboard and screen-reader behaviour.
import { Listbox, ListboxButton, ListboxOption, ListboxOptions, Label, Field } from '@headlessui/react';
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../state/i18n.ts';

export function MultiSelect({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  /** what an empty choice means, e.g. "All severities" */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const { t, formatList } = useT();
  const labels = value.map((v) => options.find((o) => o.value === v)?.label ?? v);
  const summary = value.length === 0 ? allLabel : value.length <= 2 ? formatList(labels) : t('CountSelected', { count: value.length });
  return (
    <Field className="flex min-w-36 flex-col">
      <Label className="mb-0.5 text-xs font-semibold text-gray-600 dark:text-gray-300">{label}</Label>
      <Listbox value={value} onChange={onChange} multiple>
        <ListboxButton className="flex w-full items-center justify-between gap-2 rounded border border-gray-300 bg-white px-2 py-1.5 text-left text-sm dark:border-gray-600 dark:bg-gray-800">
          <span className={`truncate ${value.length ? '' : 'text-gray-500 dark:text-gray-400'}`}>{summary}</span>
          <Icon name="expandMore" size={18} />
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-50 max-h-72 min-w-[var(--button-width)] overflow-auto rounded border border-gray-200 bg-white py-1 text-sm shadow-lg [--anchor-gap:4px] focus:outline-none dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100"
        >
          {options.length === 0 && <div className="px-3 py-1.5 text-gray-500">{t('NoDataAvailable')}</div>}
          {options.map((o) => (
            <ListboxOption key={o.value} value={o.value} className="group flex cursor-pointer items-center gap-2 px-3 py-1.5 data-[focus]:bg-indigo-50 dark:data-[focus]:bg-gray-700">
              <span className="flex h-4 w-4 items-center justify-center rounded border border-gray-400 group-data-[selected]:border-brand group-data-[selected]:bg-brand group-data-[selected]:text-white">
                <Icon name="check" size={12} className="invisible group-data-[selected]:visible" />
              </span>
              {o.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
