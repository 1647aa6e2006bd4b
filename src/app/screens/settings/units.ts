// How Settings shows a stored preference value: the amount in the unit users think in (refresh in
// seconds or minutes, timeouts in minutes, blackout period in hours, rows, pixels).
import type { UnitOption } from '../../../core/preferences.ts';

export type UnitKey = 'UnitSeconds' | 'UnitMinutes' | 'UnitHours' | 'UnitRows' | 'UnitPx';

const UNIT_KEYS: Record<UnitOption['unit'], UnitKey> = {
  seconds: 'UnitSeconds',
  minutes: 'UnitMinutes',
  hours: 'UnitHours',
  rows: 'UnitRows',
  px: 'UnitPx',
};

const FACTORS: Record<UnitOption['unit'], number> = { seconds: 1000, minutes: 60, hours: 3600, rows: 1, px: 1 };

/** The message key and count for a value stored in the option list's unit. Whole minutes of refresh read as minutes. */
export function unitLabel(value: number, unit: UnitOption['unit']): { key: UnitKey; count: number } {
  if (unit === 'seconds' && value >= 60_000 && value % 60_000 === 0) return { key: 'UnitMinutes', count: value / 60_000 };
  return { key: UNIT_KEYS[unit], count: Math.round((value / FACTORS[unit]) * 100) / 100 };
}

/**
 * The choices of a Settings list, with the value in force added when it is not one of them (a config default
 * such as a 90-minute shelve timeout must still show, not an empty select).
 */
export function withCurrent(options: readonly UnitOption[], current: number | null): number[] {
  const values = options.map((o) => o.value);
  if (current !== null && Number.isFinite(current) && !values.includes(current)) values.push(current);
  return values.sort((a, b) => a - b);
}
