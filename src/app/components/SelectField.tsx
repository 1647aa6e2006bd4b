import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select: keyboard and screen-reader support come with the platform. */
export function SelectField({
  label,
  options,
  value,
  onChange,
  hint,
  className = '',
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={`py-2 ${className}`}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-900 dark:text-gray-100">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="block w-full rounded border border-gray-400 bg-white px-3 py-2 text-sm text-gray-900 dark:border-gray-500 dark:bg-gray-800 dark:text-gray-100"
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-700 dark:text-gray-300">
          {hint}
        </p>
      )}
    </div>
  );
}
