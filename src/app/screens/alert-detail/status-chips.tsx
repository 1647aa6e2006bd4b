// Small labels of the detail page: severity chips (colour plus the name, never colour alone) and status names.
import { chipColors } from '../../../core/severity.ts';
import { severityLabel, statusLabel } from '../../i18n/labels.ts';
import { useT } from '../../state/i18n.ts';

export function capitalize(s: string | null | undefined): string {
  const v = s ?? '';
  return v.charAt(0).toUpperCase() + v.slice(1);
}

export function SeverityChip({ severity }: { severity: string | null | undefined }) {
  const { t } = useT();
  if (!severity) return null;
  const { background, color } = chipColors(severity);
  return (
    <span className="inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-bold leading-4" style={{ background, color }}>
      {severityLabel(severity, t)}
    </span>
  );
}

export function useStatusLabel(): (status: string | null | undefined) => string {
  const { t } = useT();
  return (status) => (status ? statusLabel(status, t) : '');
}

export function StatusChip({ status }: { status: string | null | undefined }) {
  const label = useStatusLabel();
  if (!status) return null;
  return (
    <span className="inline-block whitespace-nowrap rounded bg-gray-600 px-1.5 py-0.5 text-xs font-bold leading-4 text-white dark:bg-gray-300 dark:text-gray-950">
      {label(status)}
    </span>
  );
}
