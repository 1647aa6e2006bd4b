// Labelled form controls with their validation message tied to them (aria-invalid + aria-describedby), so a
// screen reader announces what is wrong where it is wrong.
import { useId, useState, type ReactNode } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../state/i18n.ts';

const INPUT =
  'w-full rounded border bg-white px-2 py-1.5 text-sm dark:bg-gray-900 disabled:bg-gray-100 disabled:text-gray-500 dark:disabled:bg-gray-800';
const inputBorder = (error?: string | null) =>
  error ? 'border-red-600 dark:border-red-400' : 'border-gray-300 dark:border-gray-600';

function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="mb-3">
      {/* The required mark is CSS content: the label's text (and so its name for tests and tools) stays the field's name. */}
      <label
        htmlFor={id}
        className={`mb-1 block text-sm font-semibold ${required ? "after:ml-0.5 after:text-red-700 after:content-['*'] dark:after:text-red-400" : ''}`}
      >
        {label}
      </label>
      {children}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** Under a field: its validation message, else its hint (id `<id>-msg`, for aria-describedby). */
export function FieldMessage({ id, error, hint }: { id: string; error?: string | null; hint?: string }) {
  if (error)
    return (
      <p id={`${id}-msg`} className="mt-1 flex items-center gap-1 text-xs text-red-700 dark:text-red-300">
        <Icon name="error" size={14} />
        {error}
      </p>
    );
  if (hint)
    return (
      <p id={`${id}-msg`} className="mt-1 text-xs text-gray-500 dark:text-gray-400">
        {hint}
      </p>
    );
  return null;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  type = 'text',
  autoComplete,
  suggestions,
  disabled,
  multiline,
  autoFocus,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  hint?: string;
  required?: boolean;
  type?: 'text' | 'email' | 'password' | 'datetime-local' | 'number';
  autoComplete?: string;
  /** values offered while typing (a datalist): the user may still type another */
  suggestions?: readonly string[];
  disabled?: boolean;
  multiline?: boolean;
  autoFocus?: boolean;
  inputMode?: 'text' | 'numeric';
}) {
  const id = useId();
  const listId = suggestions?.length ? `${id}-list` : undefined;
  const described = error || hint ? `${id}-msg` : undefined;
  const common = {
    id,
    value,
    disabled,
    autoFocus,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': required || undefined,
    className: `${INPUT} ${inputBorder(error)}`,
  } as const;
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} list={listId} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
      {listId && (
        <datalist id={listId}>
          {suggestions!.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </FieldFrame>
  );
}

export function SelectField<V extends string | number>({
  label,
  value,
  onChange,
  options,
  error,
  hint,
  required,
}: {
  label: string;
  value: V;
  onChange: (v: V) => void;
  options: readonly { value: V; label: string }[];
  error?: string | null;
  hint?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <select
        id={id}
        value={String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-msg` : undefined}
        onChange={(e) => {
          const picked = options.find((o) => String(o.value) === e.target.value);
          if (picked) onChange(picked.value);
        }}
        className={`${INPUT} ${inputBorder(error)}`}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The track and knob of a switch; `on` colours it. */
export function SwitchTrack({ on, small = false, tone = 'brand' }: { on: boolean; small?: boolean; tone?: 'brand' | 'green' }) {
  const size = small ? 'h-4 w-7 after:h-3 after:w-3' : 'h-5 w-9 after:h-4 after:w-4';
  const shift = small ? 'after:translate-x-3' : 'after:translate-x-4';
  const onColour = tone === 'green' ? 'bg-green-600' : 'bg-brand';
  return (
    <span
      aria-hidden="true"
      className={`relative inline-block shrink-0 rounded-full transition-colors after:absolute after:left-0.5 after:top-0.5 after:rounded-full after:bg-white after:transition-transform ${size} ${on ? `${onColour} ${shift}` : 'bg-gray-300 dark:bg-gray-600'}`}
    />
  );
}

/** An on/off switch: a button with role switch and aria-checked, so keyboard and screen readers know its state. */
export function SwitchField({ label, checked, onChange, hint, disabled }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="mb-3">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onClick={() => onChange(!checked)}
        className="inline-flex items-center gap-2 rounded text-sm font-semibold disabled:opacity-50"
      >
        <SwitchTrack on={checked} />
        {label}
      </button>
      {hint && (
        <p id={`${id}-hint`} className="ml-11 text-xs text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A list of free values (services, tags, roles): typed and added with Enter or a comma, removed with their ✕ or
 * Backspace in the empty input. Known values are suggested while typing.
 */
export function ListField({
  label,
  values,
  onChange,
  suggestions,
  hint,
  error,
}: {
  label: string;
  values: string[];
  onChange: (v: string[]) => void;
  suggestions?: readonly string[];
  hint?: string;
  error?: string | null;
}) {
  const { t } = useT();
  const id = useId();
  const [draft, setDraft] = useState('');
  const listId = suggestions?.length ? `${id}-list` : undefined;
  const add = (raw: string) => {
    const parts = raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '' && !values.includes(s));
    if (parts.length) onChange([...values, ...new Set(parts)]);
    setDraft('');
  };
  return (
    <FieldFrame id={id} label={label} hint={hint ?? t('ListFieldHint')} error={error}>
      <div className={`flex flex-wrap items-center gap-1 rounded border bg-white px-1.5 py-1 dark:bg-gray-900 ${inputBorder(error)}`}>
        {values.map((v) => (
          <span key={v} className="inline-flex items-center gap-1 rounded bg-indigo-50 py-0.5 pl-2 pr-0.5 text-xs text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100">
            {v}
            <button
              type="button"
              aria-label={t('RemoveValue', { value: v })}
              onClick={() => onChange(values.filter((x) => x !== v))}
              className="rounded-full p-0.5 hover:bg-black/10 dark:hover:bg-white/10"
            >
              <Icon name="close" size={12} />
            </button>
          </span>
        ))}
        <input
          id={id}
          value={draft}
          list={listId}
          aria-describedby={`${id}-msg`}
          onChange={(e) => (e.target.value.endsWith(',') ? add(e.target.value) : setDraft(e.target.value))}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && draft.trim() !== '') {
              e.preventDefault();
              add(draft);
            } else if (e.key === 'Backspace' && draft === '' && values.length) {
              onChange(values.slice(0, -1));
            }
          }}
          onBlur={() => draft.trim() !== '' && add(draft)}
          className="min-w-24 flex-1 bg-transparent px-1 py-0.5 text-sm outline-none"
        />
        {listId && (
          <datalist id={listId}>
            {suggestions!
              .filter((s) => !values.includes(s))
              .map((s) => (
                <option key={s} value={s} />
              ))}
          </datalist>
        )}
      </div>
    </FieldFrame>
  );
}
