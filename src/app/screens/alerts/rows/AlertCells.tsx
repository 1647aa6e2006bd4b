// The content of one cell of the alert list, by column kind (src/core/columns.ts), and the same content as plain text
// for measuring column widths (cellText: the two must agree). Used by the table rows and the phone cards. Only the
// time-left and duration cells change every second, and they do it without React.
import { memo, useLayoutEffect, useMemo, useRef, type MouseEvent } from 'react';
import type { ColumnDef } from '../../../../core/columns.ts';
import { shortId, splitCamel } from '../../../../core/columns.ts';
import { lastNote } from '../../../../core/last-note.ts';
import { chipColors } from '../../../../core/severity.ts';
import { CELL_TEXT_CHARS, cellCut, plainText, extractHttpUrl } from '../../../../core/sanitize-policy.ts';
import { durationSeconds, formatHms, formatTimeout, timeLeftSeconds } from '../../../../core/time-left.ts';
import { formatDate, formatUtcTooltip } from '../../../../core/date-format.ts';
import type { AlertRow } from '../../../../worker/contract/index.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { severityLabel, statusLabel } from '../../../i18n/labels.ts';
import type { Translator } from '../../../i18n/index.ts';
import type { RowContext } from '../../../state/alerts-screen.ts';
import { SafeHtml, SafeValue } from '../../../components/SafeHtml.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { onSecond } from '../../../second-ticker.ts';
import { onShownRowsChange, rowShown } from './row-window.ts';

/** The dates shown on cards: about two pages' worth, not every time ever shown. */
export const DATE_CACHE_MAX = 400;
const dateCache = new Map<string, string>();

/**
 * Dates of unchanged alerts are formatted once per page, not on every measure; with a format that shows no seconds
 * (the list's default, `ddd D MMM HH:mm`), once per minute: alerts received in the same minute share the text. The
 * cache holds about two pages of times and starts over beyond that, so a wall display's hours of churn do not pile
 * up in it.
 */
export function cachedDate(iso: string, format: string, timezone: 'local' | 'utc', locale: string): string {
  // Alerta sends UTC instants (…Z); a UTC minute is the same minute in every time zone.
  const instant = !/[sSxX]/.test(format) && /^\d{4}-\d\d-\d\dT\d\d:\d\d.*Z$/.test(iso) ? `${iso.slice(0, 16)}:00.000Z` : iso;
  const key = `${instant}|${format}|${timezone}|${locale}`;
  let out = dateCache.get(key);
  if (out === undefined) {
    out = formatDate(instant, format, { timezone, locale });
    if (dateCache.size >= DATE_CACHE_MAX) dateCache.clear();
    dateCache.set(key, out);
  }
  return out;
}

/** The UTC tooltip is only needed when the pointer is there: computing it for every row up front is waste. */
function setUtcTitle(e: MouseEvent<HTMLElement>) {
  const el = e.currentTarget;
  const iso = el.getAttribute('datetime');
  if (iso && !el.title) el.title = formatUtcTooltip(iso);
}

/** The text of a severity chip in a row: a little smaller than the row's text, whatever the font size. */
export const CHIP_TEXT = 'text-[0.85em] font-bold';
/** The text of an outlined chip in a row (tags, type, repeat). */
export const OUTLINE_TEXT = 'text-[0.85em]';

export function SeverityChip({ severity, t, large }: { severity: string; t: Translator['t']; large?: boolean }) {
  const { background, color } = chipColors(severity);
  return (
    <span
      className={`inline-block whitespace-nowrap rounded px-1.5 leading-tight ${large ? 'py-0.5 text-sm font-bold' : CHIP_TEXT}`}
      style={{ backgroundColor: background, color }}
    >
      {severityLabel(severity, t)}
    </span>
  );
}

export function StatusLabel({ status, t }: { status: string; t: Translator['t'] }) {
  return <span>{statusLabel(status, t)}</span>;
}

// ---- the 1 s tick of the time-left and duration cells ----
// The shared second timer writes the text straight into each cell's element: re-rendering every cell's component
// each second cost ~30 ms of main thread per second on the benchmark, this costs ~1 ms. React renders these spans
// empty and never manages their text, so the two never fight over the DOM. Only rows on screen have cells.

// Cells out of sight (rows rendered beyond the list's edges, the focused row kept while scrolled away) do not tick:
// each second writes only the cells whose row is on screen, which the list knows without asking the browser (rowShown
// in row-window.ts: its scroll position and each row's index). A scroll, a resize or a poll that brings rows into view
// writes their cells at once, before the frame that shows them. Each ticking cell costs the browser a re-recording of
// its row, so this halves what the table costs between polls. Before this, an IntersectionObserver (recomputed for
// its hundred-odd targets in every frame that laid anything out, keystrokes in the search box included) and then a
// getBoundingClientRect of every ticking cell each second did the same job. A hidden page (another tab, a screen
// turned off) writes nothing, and catches up when shown again.
interface TickingCell {
  /** the row element the cell is in (null outside a list: then it always ticks) */
  row: Element | null;
  write: (now: number) => void;
}
const tickingCells = new Map<HTMLElement, TickingCell>();
let stopTicking: (() => void) | null = null;

function tickShown(now: number) {
  if (document.visibilityState === 'hidden') return;
  for (const cell of tickingCells.values()) if (!cell.row || rowShown(cell.row)) cell.write(now);
}

function catchUp() {
  tickShown(Date.now());
}

/** Made in a function of its own, so that no closure of a cell's effect keeps that cell (and its row) alive. */
function startTicking(): () => void {
  const untick = onSecond(tickShown);
  const unlisten = onShownRowsChange(catchUp);
  document.addEventListener('visibilitychange', catchUp);
  return () => {
    untick();
    unlisten();
    document.removeEventListener('visibilitychange', catchUp);
  };
}

/** The rows of the lists: what row-window.ts places (keyOfRow). */
const ROW_SELECTOR = '[data-row-id], [data-item-key]';

function watchTicking(el: HTMLElement, write: (now: number) => void): () => void {
  tickingCells.set(el, { row: el.closest(ROW_SELECTOR), write });
  stopTicking ??= startTicking();
  return () => {
    tickingCells.delete(el);
    if (tickingCells.size === 0 && stopTicking) {
      stopTicking();
      stopTicking = null;
    }
  };
}

function useTickingText(compute: (now: number) => string, deps: readonly unknown[]) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const write = (now: number) => {
      const next = compute(now);
      // The text node is changed in place: replacing it (textContent) would make Chromium restyle the box and build
      // its layout object again at every tick.
      const text = el.firstChild;
      if (text instanceof Text && !text.nextSibling) {
        if (text.data !== next) text.data = next;
      } else if (el.textContent !== next) el.textContent = next;
    };
    write(Date.now());
    return watchTicking(el, write);
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
  // cache of every time ever shown grew for hours on a wall display.
  const { mediumDate, timezone, locale } = ctx;
  const text = useMemo(() => (iso ? formatDate(iso, mediumDate, { timezone, locale }) : ''), [iso, mediumDate, timezone, locale]);
  if (!iso) return null;
  return (
    <time dateTime={iso} onMouseEnter={setUtcTitle} className="whitespace-nowrap">
      {text}
    </time>
  );
}

/**
 * A small label inside a row (tags, type, repeat): outlined in the row's own text colour rather than filled, so its
 * text keeps the contrast the row's colours were chosen for on every severity colour.
 */
const CHIP = `inline-block min-w-0 max-w-full truncate rounded border border-current/50 px-1 align-middle leading-tight ${OUTLINE_TEXT}`;

function Tags({ tags }: { tags: string[] }) {
  return (
    <span className="flex gap-1 overflow-hidden">
      {tags.map((tag) => (
        <span key={tag} className={CHIP}>
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
      return <>{cellCut(String(record[column.name] ?? ''))}</>;
    case 'severity':
      return <SeverityChip severity={String(record[column.name] ?? '')} t={t} />;
    case 'status': {
      const note = ctx.showNotesIcon ? lastNote(alert.history) : null;
      return (
        <span className="inline-flex items-center gap-1">
          <StatusLabel status={alert.status} t={t} />
          {note && (
            <span title={cellCut(note.text)} aria-label={`${t('LastNote')}: ${cellCut(note.text)}`}>
              <Icon name="note" size={14} />
            </span>
          )}
        </span>
      );
    }
    case 'list': {
      const v = record[column.name];
      return <>{cellCut(Array.isArray(v) ? v.join(', ') : String(v ?? ''))}</>;
    }
    case 'html':
      return <SafeHtml html={String(record[column.name] ?? '')} limit={CELL_TEXT_CHARS} />;
    case 'tags':
      return <Tags tags={Array.isArray(alert.tags) ? alert.tags : []} />;
    case 'attributes':
      return (
        <span className="flex gap-x-2 overflow-hidden">
          {Object.entries(alert.attributes ?? {}).map(([k, v]) => (
            <span key={k} className="whitespace-nowrap">
              {k}=<SafeValue value={v} />
            </span>
          ))}
        </span>
      );
    case 'type':
      return <span className={CHIP}>{splitCamel(String(alert.type ?? ''))}</span>;
    case 'date':
      return <DateCell iso={String(record[column.name] ?? '')} ctx={ctx} />;
    case 'timeout':
      return <span className="tabular-nums">{formatTimeout(alert.timeout)}</span>;
    case 'timeoutLeft':
      return <TimeLeft alert={alert} neverLabel={t('NeverExpires')} />;
    case 'number':
      return <span className="tabular-nums">{String(record[column.name] ?? '')}</span>;
    case 'boolean':
      return <span className={CHIP}>{record[column.name] ? t('AlertsTrue') : t('AlertsFalse')}</span>;
    case 'duration':
      return <Duration receiveTime={alert.receiveTime} />;
    case 'note': {
      const note = lastNote(alert.history);
      return note ? <SafeHtml html={note.text} limit={CELL_TEXT_CHARS} /> : null;
    }
    case 'attribute':
      return <SafeValue value={alert.attributes?.[column.attribute ?? ''] ?? null} />;
  }
}

/** How a cell's text is set, for measuring: plain, in a chip (bold label or outlined), or monospaced. */
export type CellFont = 'body' | 'chip' | 'outline' | 'mono';

/**
 * What a cell shows, as text, with the font it is set in: what the column widths are measured from. For lists of
 * chips, each chip is one entry. Ticking cells give their widest value (time left never exceeds the timeout).
 */
export function cellText(column: ColumnDef, alert: AlertRow, ctx: RowContext, now: number): { font: CellFont; parts: string[] } {
  const { t } = ctx;
  const record = alert as unknown as Record<string, unknown>;
  const value = record[column.name];
  // Every value from the alert is cut (cellCut) before anything reads it (plainText, the measuring): a cell shows far
  // less than a value of megabytes.
  const str = (v: unknown) => cellCut(v === null || v === undefined ? '' : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));
  switch (column.kind) {
    case 'shortId':
      return { font: 'mono', parts: [shortId(str(value))] };
    case 'text':
      return { font: 'body', parts: [str(value)] };
    case 'severity':
      return { font: 'chip', parts: [severityLabel(str(value), t)] };
    case 'status':
      return { font: 'body', parts: [statusLabel(alert.status, t) + (ctx.showNotesIcon && lastNote(alert.history) ? ' ✎✎' : '')] };
    case 'list':
      return { font: 'body', parts: [str(Array.isArray(value) ? value.join(', ') : value)] };
    case 'html':
      return { font: 'body', parts: [plainText(str(value))] };
    case 'tags':
      return { font: 'outline', parts: Array.isArray(alert.tags) ? alert.tags.map(str) : [] };
    case 'attributes':
      return { font: 'body', parts: Object.entries(alert.attributes ?? {}).map(([k, v]) => str(`${k}=${extractHttpUrl(v) ?? plainText(str(v))}`)) };
    case 'type':
      return { font: 'outline', parts: [splitCamel(str(alert.type))] };
    case 'date':
      // Not measured per row: a date column is as wide as the widest its format prints (widestDateWidth).
      return { font: 'body', parts: [value ? formatDate(str(value), ctx.mediumDate, { timezone: ctx.timezone, locale: ctx.locale }) : ''] };
    case 'timeout':
      return { font: 'body', parts: [formatTimeout(alert.timeout)] };
    case 'timeoutLeft':
      return { font: 'body', parts: [formatTimeout(alert.timeout) || '0:00:00'] };
    case 'number':
      return { font: 'body', parts: [str(value)] };
    case 'boolean':
      return { font: 'outline', parts: [value ? t('AlertsTrue') : t('AlertsFalse')] };
    case 'duration':
      // One digit of slack: a duration grows between polls without the table measuring again.
      return { font: 'body', parts: [`0${formatHms(durationSeconds(alert, now) ?? 0)}`] };
    case 'note':
      return { font: 'body', parts: [plainText(str(lastNote(alert.history)?.text))] };
    case 'attribute': {
      const v = alert.attributes?.[column.attribute ?? ''] ?? null;
      return { font: 'body', parts: [str(extractHttpUrl(v) ?? (typeof v === 'string' ? plainText(str(v)) : Array.isArray(v) ? v.map(str).join(', ') : v))] };
    }
  }
}

/** The header label of a column. */
export function columnLabel(column: ColumnDef, t: (key: MessageKey) => string): string {
  return column.headerKey ? t(column.headerKey as MessageKey) : (column.header ?? column.name);
}
