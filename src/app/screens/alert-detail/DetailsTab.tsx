// The details tab, fields in the old console's order (notes first, custom attributes last). Values that identify alerts
// link to the list searching for them (`/alerts?q=field:"value"`); alert-supplied text and attribute values go through
// the sanitiser.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Alert, Note } from '../../../core/types.ts';
import { exactTerm } from '../../../core/query-values.ts';
import { attributeField, customAttributes, fieldQueryHref, lastStatusChange, searchableValues } from '../../../core/alert-detail.ts';
import { splitCamel } from '../../../core/columns.ts';
import { formatHms, timeLeftSeconds } from '../../../core/time-left.ts';
import { extractHttpUrl } from '../../../core/sanitize-policy.ts';
import { SafeHtml, SafeValue } from '../../components/SafeHtml.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useFormatDate } from '../../hooks/useFormatDate.ts';
import { secondsAgo } from '../../../core/date-format.ts';
import { useT } from '../../state/i18n.ts';
import { capitalize, SeverityChip, StatusChip } from './labels.tsx';
import { NotesSection } from './NotesSection.tsx';
import { useNow } from '../../hooks/useNow.ts';
import type { DetailPermissions } from './DetailToolbar.tsx';

function Row({ label, children, mono }: { label: ReactNode; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-0.5 break-inside-avoid border-b border-gray-100 py-1.5 sm:grid-cols-[12rem_minmax(0,1fr)] dark:border-gray-800">
      <dt className="text-sm text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className={`min-w-0 break-words ${mono ? 'font-mono text-sm' : ''}`}>{children}</dd>
    </div>
  );
}

/** A value that opens the alerts list searching for it. */
function FieldLink({ field, value, children }: { field: string; value: string; children?: ReactNode }) {
  const { t } = useT();
  const term = exactTerm(field, value);
  const href = fieldQueryHref(field, value);
  // a value the query language cannot express is shown, not linked
  if (term === null || href === null) return <>{children ?? value}</>;
  return (
    <Link
      href={href}
      title={t('DetailSearchFor', { query: term })}
      className="rounded-sm text-brand underline decoration-1 underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:text-amber-300"
    >
      {children ?? value}
    </Link>
  );
}

function LinkList({ field, values }: { field: string; values: readonly string[] }) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      {values.map((v) => (
        <FieldLink key={v} field={field} value={v} />
      ))}
    </span>
  );
}

function When({ iso, now }: { iso: string | null | undefined; now: number }) {
  const { format, utcTooltip } = useFormatDate();
  const { formatRelativeTime } = useT();
  if (!iso) return null;
  const ms = Date.parse(iso);
  return (
    <span title={utcTooltip(iso)}>
      {format(iso, 'longDate')}
      {Number.isFinite(ms) && <span className="text-gray-600 dark:text-gray-400"> ({formatRelativeTime(secondsAgo(ms, now))})</span>}
    </span>
  );
}

function AttributeValue({ name, value }: { name: string; value: unknown }) {
  const searchable = searchableValues(value);
  const isUrl = extractHttpUrl(value) !== null;
  const hasMarkup = typeof value === 'string' && /[<&]/.test(value);
  if (!isUrl && !hasMarkup && searchable && searchable.length > 0) return <LinkList field={attributeField(name)} values={searchable} />;
  return <SafeValue value={value} />;
}

/** H:MM:SS until the alert times out, counting down every second; "never expires" for a timeout of 0. */
function TimeLeft({ alert }: { alert: Alert }) {
  const { t } = useT();
  const now = useNow(1000);
  const left = timeLeftSeconds(alert, now);
  return <span className="tabular-nums">{left === null ? t('NeverExpires') : formatHms(left)}</span>;
}

export function DetailsTab({
  alert,
  notes,
  customerViews,
  perms,
  now,
}: {
  alert: Alert;
  notes: readonly Note[];
  customerViews: boolean;
  perms: DetailPermissions;
  now: number;
}) {
  const { t, formatNumber, formatRelativeTime } = useT();
  const change = lastStatusChange(alert);
  const changeMs = change ? Date.parse(change.updateTime) : NaN;
  const trendKey = alert.trendIndication === 'moreSevere' ? 'MoreSevere' : alert.trendIndication === 'lessSevere' ? 'LessSevere' : alert.trendIndication === 'noChange' ? 'NoChange' : null;

  return (
    <div className="flex flex-col gap-4">
      <NotesSection alert={alert} notes={notes} perms={perms} now={now} />
      <dl className="2xl:columns-2 2xl:gap-10">
        <Row label={t('AlertId')} mono>
          {alert.id}
        </Row>
        <Row label={t('LastReceiveAlertId')} mono>
          {alert.lastReceiveId}
        </Row>
        <Row label={t('CreateTime')}>
          <When iso={alert.createTime} now={now} />
        </Row>
        <Row label={t('ReceiveTime')}>
          <When iso={alert.receiveTime} now={now} />
        </Row>
        <Row label={t('LastReceiveTime')}>
          <When iso={alert.lastReceiveTime} now={now} />
        </Row>
        {customerViews && <Row label={t('Customer')}>{alert.customer ? <FieldLink field="customer" value={alert.customer} /> : null}</Row>}
        <Row label={t('Service')}>
          <LinkList field="service" values={alert.service ?? []} />
        </Row>
        <Row label={t('Environment')}>{alert.environment && <FieldLink field="environment" value={alert.environment} />}</Row>
        <Row label={t('Resource')}>{alert.resource && <FieldLink field="resource" value={alert.resource} />}</Row>
        <Row label={t('Event')}>{alert.event && <FieldLink field="event" value={alert.event} />}</Row>
        <Row label={t('Correlate')}>
          <LinkList field="event" values={alert.correlate ?? []} />
        </Row>
        <Row label={t('Group')}>{alert.group && <FieldLink field="group" value={alert.group} />}</Row>
        <Row label={t('Severity')}>
          <span className="inline-flex flex-wrap items-center gap-1.5">
            {alert.previousSeverity && alert.previousSeverity !== alert.severity && (
              <>
                <span className="sr-only">{t('PrevSeverity')}</span>
                <SeverityChip severity={alert.previousSeverity} />
                <span aria-hidden="true">→</span>
                <span className="sr-only">{t('Severity')}</span>
              </>
            )}
            <SeverityChip severity={alert.severity} />
          </span>
        </Row>
        <Row label={t('Status')}>
          <span className="inline-flex flex-wrap items-center gap-1.5">
            <StatusChip status={alert.status} />
            {change?.user && (
              <span>
                {t('DetailStatusBy', { user: change.user })}
                {Number.isFinite(changeMs) && <span className="text-gray-600 dark:text-gray-400"> ({formatRelativeTime(secondsAgo(changeMs, now))})</span>}
              </span>
            )}
          </span>
          {/* why it is in this status; a new alert's first entry only repeats the alert's text */}
          {change && change.type !== 'new' && change.text && (
            <p className="mt-1 flex items-start gap-1 italic">
              <Icon name="info" size={16} className="mt-0.5 shrink-0" />
              <SafeHtml html={change.text} />
            </p>
          )}
        </Row>
        <Row label={t('Value')}>
          <SafeHtml html={alert.value} />
        </Row>
        <Row label={t('Text')}>
          <SafeHtml html={alert.text} className="whitespace-pre-wrap" />
        </Row>
        <Row label={t('TrendIndication')}>{trendKey ? t(trendKey) : splitCamel(alert.trendIndication ?? '')}</Row>
        <Row label={t('Timeout')}>
          {typeof alert.timeout === 'number' ? (
            <>
              {formatHms(alert.timeout)} <span className="text-gray-600 dark:text-gray-400">({formatNumber(alert.timeout)} s)</span>
            </>
          ) : null}
        </Row>
        <Row label={t('TimeLeft')}>
          <TimeLeft alert={alert} />
        </Row>
        <Row label={t('Type')}>{splitCamel(alert.type ?? '')}</Row>
        <Row label={t('DuplicateCount')}>{formatNumber(alert.duplicateCount ?? 0)}</Row>
        <Row label={t('Repeat')}>{alert.repeat ? t('DetailYes') : t('DetailNo')}</Row>
        <Row label={t('Origin')}>{alert.origin && <FieldLink field="origin" value={alert.origin} />}</Row>
        <Row label={t('Tags')}>
          <span className="flex flex-wrap gap-1.5">
            {(alert.tags ?? []).map((tag) => (
              <FieldLink key={tag} field="tags" value={tag}>
                <span className="inline-flex items-center rounded bg-gray-100 px-1.5 py-0.5 text-sm text-gray-900 dark:bg-gray-800 dark:text-gray-100">{tag}</span>
              </FieldLink>
            ))}
          </span>
        </Row>
        {customAttributes(alert).map(([name, value]) => (
          <Row key={name} label={capitalize(splitCamel(name))}>
            <AttributeValue name={name} value={value} />
          </Row>
        ))}
      </dl>
    </div>
  );
}
