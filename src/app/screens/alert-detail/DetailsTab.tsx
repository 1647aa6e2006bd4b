// The details tab, fields in the old console's order (notes first, custom attributes last). Values that identify alerts
// link to the list searching for them (`/alerts?q=field:"value"`), and have a menu that adds them to (or excludes them
// from) the list's last search; alert-supplied text and attribute values go through
// the sanitiser.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useStore } from 'jotai';
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
import { capitalize, SeverityChip, StatusChip } from './status-chips.tsx';
import { NotesSection } from './NotesSection.tsx';
import { useNow } from '../../hooks/useNow.ts';
import type { DetailPermissions } from './DetailToolbar.tsx';
import { openValueMenuAt } from '../alerts/search/value-filter.ts';

function Row({ label, children, mono }: { label: ReactNode; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-0.5 break-inside-avoid border-b border-gray-100 py-1.5 sm:grid-cols-[12rem_minmax(0,1fr)] dark:border-gray-800">
      <dt className="text-sm text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className={`min-w-0 break-words ${mono ? 'font-mono text-sm' : ''}`}>{children}</dd>
    </div>
  );
}

/**
 * A value that opens the alerts list searching for it, and its menu button: filter the list last searched by the
 * value, exclude it, copy it (src/app/screens/alerts/search/ValueMenuPanel.tsx). `label` names the field as the page shows it.
 */
function FieldLink({ field, value, label, children }: { field: string; value: string; label: string; children?: ReactNode }) {
  const { t } = useT();
  const store = useStore();
  const term = exactTerm(field, value);
  const href = fieldQueryHref(field, value);
  // a value the query language cannot express is shown, not linked
  if (term === null || href === null) return <>{children ?? value}</>;
  return (
    <span className="inline-flex max-w-full items-center gap-0.5">
      <Link
        href={href}
        title={t('DetailSearchFor', { query: term })}
        className="min-w-0 rounded-sm text-brand underline decoration-1 underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:text-amber-300"
      >
        {children ?? value}
      </Link>
      <ValueMenuButton label={t('ValueMenuFor', { field: label, value })} onOpen={(el) => openValueMenuAt(store, el, [{ field, value, label }], 'detail')} />
    </span>
  );
}

/** The small button that opens a value's menu: 24 px beside the text, 44 px on a touch screen. */
function ValueMenuButton({ label, onOpen }: { label: string; onOpen: (el: HTMLElement) => void }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={label}
      title={label}
      onClick={(e) => onOpen(e.currentTarget)}
      className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-gray-500 hover:bg-black/10 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand pointer-coarse:h-11 pointer-coarse:w-11 dark:text-gray-400 dark:hover:bg-white/10 dark:hover:text-gray-100"
    >
      <Icon name="filter" size={16} />
    </button>
  );
}

/** A value shown as it is (a chip), with its menu button. */
function ValueWithMenu({ field, value, label, children }: { field: string; value: string; label: string; children: ReactNode }) {
  const { t } = useT();
  const store = useStore();
  if (exactTerm(field, value) === null) return <>{children}</>;
  return (
    <span className="inline-flex items-center gap-0.5">
      {children}
      <ValueMenuButton label={t('ValueMenuFor', { field: label, value })} onOpen={(el) => openValueMenuAt(store, el, [{ field, value, label }], 'detail')} />
    </span>
  );
}

function LinkList({ field, values, label }: { field: string; values: readonly string[]; label: string }) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      {values.map((v) => (
        <FieldLink key={v} field={field} value={v} label={label} />
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

function AttributeValue({ name, value, label }: { name: string; value: unknown; label: string }) {
  const searchable = searchableValues(value);
  const isUrl = extractHttpUrl(value) !== null;
  const hasMarkup = typeof value === 'string' && /[<&]/.test(value);
  if (!isUrl && !hasMarkup && searchable && searchable.length > 0) return <LinkList field={attributeField(name)} values={searchable} label={label} />;
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
        {customerViews && <Row label={t('Customer')}>{alert.customer ? <FieldLink field="customer" value={alert.customer} label={t('Customer')} /> : null}</Row>}
        <Row label={t('Service')}>
          <LinkList field="service" values={alert.service ?? []} label={t('Service')} />
        </Row>
        <Row label={t('Environment')}>{alert.environment && <FieldLink field="environment" value={alert.environment} label={t('Environment')} />}</Row>
        <Row label={t('Resource')}>{alert.resource && <FieldLink field="resource" value={alert.resource} label={t('Resource')} />}</Row>
        <Row label={t('Event')}>{alert.event && <FieldLink field="event" value={alert.event} label={t('Event')} />}</Row>
        <Row label={t('Correlate')}>
          <LinkList field="event" values={alert.correlate ?? []} label={t('Event')} />
        </Row>
        <Row label={t('Group')}>{alert.group && <FieldLink field="group" value={alert.group} label={t('Group')} />}</Row>
        <Row label={t('Severity')}>
          <span className="inline-flex flex-wrap items-center gap-1.5">
            {alert.previousSeverity && alert.previousSeverity !== alert.severity && (
              <>
                <span className="sr-only">{t('PrevSeverity')}</span>
                <ValueWithMenu field="previous_severity" value={alert.previousSeverity} label={t('PrevSeverity')}>
                  <SeverityChip severity={alert.previousSeverity} />
                </ValueWithMenu>
                <span aria-hidden="true">→</span>
                <span className="sr-only">{t('Severity')}</span>
              </>
            )}
            <ValueWithMenu field="severity" value={alert.severity} label={t('Severity')}>
              <SeverityChip severity={alert.severity} />
            </ValueWithMenu>
          </span>
        </Row>
        <Row label={t('Status')}>
          <span className="inline-flex flex-wrap items-center gap-1.5">
            <ValueWithMenu field="status" value={alert.status} label={t('Status')}>
              <StatusChip status={alert.status} />
            </ValueWithMenu>
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
        <Row label={t('Origin')}>{alert.origin && <FieldLink field="origin" value={alert.origin} label={t('Origin')} />}</Row>
        <Row label={t('Tags')}>
          <span className="flex flex-wrap gap-1.5">
            {(alert.tags ?? []).map((tag) => (
              <FieldLink key={tag} field="tags" value={tag} label={t('Tags')}>
                <span className="inline-flex items-center rounded bg-gray-100 px-1.5 py-0.5 text-sm text-gray-900 dark:bg-gray-800 dark:text-gray-100">{tag}</span>
              </FieldLink>
            ))}
          </span>
        </Row>
        {customAttributes(alert).map(([name, value]) => (
          <Row key={name} label={capitalize(splitCamel(name))}>
            <AttributeValue name={name} value={value} label={capitalize(splitCamel(name))} />
          </Row>
        ))}
      </dl>
    </div>
  );
}
