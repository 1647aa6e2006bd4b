// The content of one cell of the alert list, by column kind (CONSOLE-FACTS 7.1). Used by the table rows and the
// phone cards. Only the time-left and duration cells change every second, and they do it without React.
import { memo, useLayoutEffect, useMemo, useRef, type MouseEvent } from 'react';
import type { ColumnDef } from '../../../core/columns.ts';
import { shortId, splitCamel } from '../../../core/columns.ts';
import { lastNote } from '../../../core/last-note.ts';
import { chipColors, normaliseStatus, STATUS_LABEL_KEYS } from '../../../core/severity.ts';
import { durationSeconds, formatHms, formatTimeout, timeLeftSeconds } from '../../../core/time-left.ts';
import { formatDate, formatUtcTooltip } from '../../../core/date-format.ts';
import type { AlertRow } from '../../../worker/contract/index.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { Translator } from '../../i18n/index.ts';
import type { RowContext } from '../../state/alerts-screen.ts';
import { SafeHtml, SafeValue } from '../../components/SafeHtml.tsx';
import { Icon } from '../../components/Icon.tsx';

/** The UTC tooltip is only needed when the pointer is there: computing it for 200 rows up front is waste. */
function setUtcTitle(e: MouseEvent<HTMLElement>) {
  const el = e.currentTarget;
  const iso = el.getAttribute('datetime');
  if (iso && !el.title) el.title = formatUtcTooltip(iso);
}

export function SeverityChip({ severity, large }: { severity: string; large?: boolean }) {
  const { background, color } = chipColors(severity);
  return (
    <span
      className={`inline-block rounded px-1.5 py-0.5 font-bold capitalize leading-tight ${large ? 'text-sm' : 'text-xs'}`}
      style={{ backgroundColor: background, color }}
    >
      {severity}
    </span>
  );
}

export function StatusLabel({ status, t }: { status: string; t: Translator['t'] }) {
  const norm = normaliseStatus(status);
  const key = STATUS_LABEL_KEYS[norm] as MessageKey | undefined;
  return <span className="capitalize">{key ? t(key) : status}</span>;
}

// ---- the 1 s tick of the time-left and duration cells ----
// One interval for all cells, writing the text straight into each cell's element: re-rendering 200 React components
// every second cost ~30 ms of main thread per second on the benchmark, this costs ~1 ms. React renders these spans
// empty and never manages their text, so the two never fight over the DOM.
type Tick = (now: number) => void;
const tickers = new Set<Tick>();
let tickTimer: ReturnType<typeof setInterval> | null = null;

function onTick(fn: Tick): () => void {
  tickers.add(fn);
  tickTimer ??= setInterval(() => {
    const now = Date.now();
    for (const tick of tickers) tick(now);
  }, 1000);
  return () => {
    tickers.delete(fn);
    if (tickers.size === 0 && tickTimer !== null) {
      clearInterval(tickTimer);
      tickTimer = null;
    }
  };
}

function useTickingText(compute: (now: number) => string, deps: readonly unknown[]) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const write = (now: number) => {
      const el = ref.current;
      if (!el) return;
      const next = compute(now);
      if (el.textContent !== next) el.textContent = next;
    };
    write(Date.now());
    return onTick(write);
    // compute is rebuilt every render; deps say when its result can change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return ref;
}

export const TimeLeft = memo(function TimeLeft({
  alert,
  neverLabel,
}: {
  alert: Pick<AlertRow, 'status' | 'timeout' | 'lastReceiveTime' | 'updateTime'>;
  /** accessible text when the alert never times out (timeout 0) and the cell is empty */
  neverLabel: string;
}) {
  const { status, timeout, lastReceiveTime, updateTime } = alert;
  const never = timeLeftSeconds({ status, timeout, lastReceiveTime, updateTime }, 0) === null;
  const ref = useTickingText((now) => formatHms(timeLeftSeconds({ status, timeout, lastReceiveTime, updateTime }, now)), [status, timeout, lastReceiveTime, updateTime]);
  return <span ref={ref} className="tabular-nums" title={never ? neverLabel : undefined} aria-label={never ? neverLabel : undefined} />;
});

const Duration = memo(function Duration({ receiveTime }: { receiveTime: string }) {
  const ref = useTickingText((now) => formatHms(durationSeconds({ receiveTime }, now)), [receiveTime]);
  return <span ref={ref} className="tabular-nums" />;
});

function DateCell({ iso, ctx }: { iso: string; ctx: RowContext }) {
  // Formatted again only when the time or the format changes, and kept only while the cell is shown: a module-wide
  // cache of every time ever shown grew for hours on a wall display (issue 20).
  const { mediumDate, timezone, locale } = ctx;
  const text = useMemo(() => (iso ? formatDate(iso, mediumDate, { timezone, locale }) : ''), [iso, mediumDate, timezone, locale]);
  if (!iso) return null;
  return (
    <time dateTime={iso} onMouseEnter={setUtcTitle} className="whitespace-nowrap">
      {text}
    </time>
  );
}

function Tags({ tags }: { tags: string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <span key={tag} className="rounded bg-black/10 px-1.5 py-0.5 text-xs">
          {tag}
        </span>
      ))}
    </span>
  );
}

/** One cell's content. `alert` is the row's current value. */
export function CellContent({ column, alert, ctx }: { column: ColumnDef; alert: AlertRow; ctx: RowContext }) {
  const { t } = ctx;
  const record = alert as unknown as Record<string, unknown>;
  switch (column.kind) {
    case 'shortId':
      return (
        <span className="font-mono" title={String(record[column.name] ?? '')}>
          {shortId(String(record[column.name] ?? ''))}
        </span>
      );
    case 'text':
      return <>{String(record[column.name] ?? '')}</>;
    case 'severity':
      return <SeverityChip severity={String(record[column.name] ?? '')} />;
    case 'status': {
      const note = ctx.showNotesIcon ? lastNote(alert.history) : null;
      return (
        <span className="inline-flex items-center gap-1">
          <StatusLabel status={alert.status} t={t} />
          {note && (
            <span title={note.text} aria-label={`${t('LastNote')}: ${note.text}`}>
              <Icon name="note" size={14} />
            </span>
          )}
        </span>
      );
    }
    case 'list': {
      const v = record[column.name];
      return <>{Array.isArray(v) ? v.join(', ') : String(v ?? '')}</>;
    }
    case 'html':
      return <SafeHtml html={String(record[column.name] ?? '')} className="block truncate" />;
    case 'tags':
      return <Tags tags={Array.isArray(alert.tags) ? alert.tags : []} />;
    case 'attributes':
      return (
        <span className="flex flex-wrap gap-x-2">
          {Object.entries(alert.attributes ?? {}).map(([k, v]) => (
            <span key={k}>
              {k}=<SafeValue value={v} />
            </span>
          ))}
        </span>
      );
    case 'type':
      return <span className="rounded bg-black/10 px-1.5 py-0.5 text-xs">{splitCamel(String(alert.type ?? ''))}</span>;
    case 'date':
      return <DateCell iso={String(record[column.name] ?? '')} ctx={ctx} />;
    case 'timeout':
      return <span className="tabular-nums">{formatTimeout(alert.timeout)}</span>;
    case 'timeoutLeft':
      return <TimeLeft alert={alert} neverLabel={t('NeverExpires')} />;
    case 'number':
      return <span className="tabular-nums">{String(record[column.name] ?? '')}</span>;
    case 'boolean':
      return <span className="rounded bg-black/10 px-1.5 py-0.5 text-xs">{record[column.name] ? t('AlertsTrue') : t('AlertsFalse')}</span>;
    case 'duration':
      return <Duration receiveTime={alert.receiveTime} />;
    case 'note': {
      const note = lastNote(alert.history);
      return note ? <SafeHtml html={note.text} className="block truncate" /> : null;
    }
    case 'attribute':
      return <SafeValue value={alert.attributes?.[column.attribute ?? ''] ?? null} />;
  }
}

/** The header label of a column. */
export function columnLabel(column: ColumnDef, t: (key: MessageKey) => string): string {
  return column.headerKey ? t(column.headerKey as MessageKey) : (column.header ?? column.name);
}

