// "Pending": an action made without a connection, shown as done but not yet sent (the offline outbox). The reason is
// part of the accessible name, and the tooltip.
import { useT } from '../state/i18n.ts';
import { Icon } from './Icon.tsx';

export function PendingMark({ compact = false }: { compact?: boolean }) {
  const { t } = useT();
  return (
    <span
      title={t('PendingReason')}
      className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded border border-dashed border-current px-1 py-px text-xs font-semibold leading-4"
    >
      <Icon name="schedule" size={12} />
      {!compact && t('PendingSend')}
      <span className="sr-only">{`${compact ? t('PendingSend') : ''} – ${t('PendingReason')}`}</span>
    </span>
  );
}
