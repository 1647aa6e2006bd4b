// Time-range presets of the alert list and how a DateRange becomes the API's from-date/to-date
// (a positive bound is absolute epoch seconds, a negative one seconds before now, null or 0 is not sent; sent as ISO
// 8601 UTC with milliseconds).
import type { DateRange } from './types.ts';

export type RangePreset = 'latest' | '1h' | '6h' | '12h' | 'custom';

export interface TimeRangeOption {
  id: RangePreset;
  /** i18n key of the label (the old console's keys). */
  labelKey: 'Latest' | 'Hour' | 'SixHours' | 'TwelveHours' | 'SelectRange';
  range: DateRange;
}

/** The menu of the toolbar, in display order. `custom` carries the old console's [0, 0]: "pick dates", no bound sent. */
export const TIME_RANGES: readonly TimeRangeOption[] = [
  { id: 'latest', labelKey: 'Latest', range: [null, null] },
  { id: '1h', labelKey: 'Hour', range: [-3600, null] },
  { id: '6h', labelKey: 'SixHours', range: [-21600, null] },
  { id: '12h', labelKey: 'TwelveHours', range: [-43200, null] },
  { id: 'custom', labelKey: 'SelectRange', range: [0, 0] },
];

/** Which menu entry a range corresponds to; anything that is not exactly a preset is custom. */
export function presetOf(range: DateRange): RangePreset {
  const [from, to] = range;
  for (const option of TIME_RANGES) {
    if (option.id === 'custom') continue;
    if (option.range[0] === from && option.range[1] === to) return option.id;
  }
  return 'custom';
}

/** A picked absolute range as epoch seconds (what the filter stores); an invalid date leaves that bound open. */
export function customRange(from: Date | null, to: Date | null): DateRange {
  const seconds = (d: Date | null): number | null => {
    if (!d) return null;
    const ms = d.getTime();
    // 0 would mean "open bound" to the API builder, so the epoch itself cannot be a bound: 1970 is never a real choice.
    return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : null;
  };
  return [seconds(from), seconds(to)];
}

function boundToIso(bound: number | null, now: Date): string | null {
  if (bound === null || bound === 0 || !Number.isFinite(bound)) return null;
  // Negative = seconds before now, recomputed on every request so a relative range slides with each poll.
  const ms = bound > 0 ? bound * 1000 : now.getTime() + bound * 1000;
  const date = new Date(ms);
  return Number.isFinite(date.getTime()) ? date.toISOString() : null;
}

/** ISO-8601 UTC (with milliseconds) bounds for from-date/to-date; null = do not send that bound. */
export function resolveRange(range: DateRange, now: Date): { from: string | null; to: string | null } {
  return { from: boundToIso(range[0], now), to: boundToIso(range[1], now) };
}
