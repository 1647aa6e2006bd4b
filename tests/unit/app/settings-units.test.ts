import { describe, expect, it } from 'vitest';
import { unitLabel, withCurrent } from '../../../src/app/screens/settings/units.ts';
import { BLACKOUT_PERIOD_OPTIONS, REFRESH_INTERVAL_OPTIONS, SHELVE_TIMEOUT_OPTIONS } from '../../../src/core/preferences.ts';

describe('preference units in Settings', () => {
  it('shows the refresh interval (stored in ms) in seconds, and whole minutes as minutes', () => {
    expect(unitLabel(5000, 'seconds')).toEqual({ key: 'UnitSeconds', count: 5 });
    expect(unitLabel(60_000, 'seconds')).toEqual({ key: 'UnitMinutes', count: 1 });
    expect(unitLabel(90_000, 'seconds')).toEqual({ key: 'UnitSeconds', count: 90 });
  });
  it('shows timeouts (stored in s) in minutes and the blackout period in hours', () => {
    expect(unitLabel(7200, 'minutes')).toEqual({ key: 'UnitMinutes', count: 120 });
    expect(unitLabel(0, 'minutes')).toEqual({ key: 'UnitMinutes', count: 0 });
    expect(unitLabel(28_800, 'hours')).toEqual({ key: 'UnitHours', count: 8 });
    expect(unitLabel(20, 'rows')).toEqual({ key: 'UnitRows', count: 20 });
    expect(unitLabel(400, 'px')).toEqual({ key: 'UnitPx', count: 400 });
  });
  it('offers the value in force even when it is not one of the choices', () => {
    expect(withCurrent(SHELVE_TIMEOUT_OPTIONS, 5400)).toEqual([3600, 5400, 7200, 14400, 28800, 86400]);
    expect(withCurrent(REFRESH_INTERVAL_OPTIONS, 5000)).toEqual([2000, 5000, 10000, 30000, 60000]);
    expect(withCurrent(BLACKOUT_PERIOD_OPTIONS, null)).toHaveLength(5);
  });
});
