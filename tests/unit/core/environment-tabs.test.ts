import { describe, expect, it } from 'vitest';
import { environmentTabs } from '../../../src/core/environment-tabs.ts';

const envs = [
  { environment: 'Production', count: 35 },
  { environment: 'Development', count: 16 },
];

describe('the environment tabs and their counts', () => {
  it('ALL first with the sum, then each environment in name order with its count', () => {
    expect(environmentTabs(envs, { selected: 'Development', allowed: null, listTotal: null })).toEqual([
      { env: null, count: 51 },
      { env: 'Development', count: 16 },
      { env: 'Production', count: 35 },
    ]);
  });

  it('the tab the list shows counts the list’s own total, so it never lags "1–20 of N"', () => {
    // A new alert: the list already has 52, the tab counts (asked less often) still say 51.
    expect(environmentTabs(envs, { selected: null, allowed: null, listTotal: 52 })[0]).toEqual({ env: null, count: 52 });
    expect(environmentTabs(envs, { selected: 'Production', allowed: null, listTotal: 36 }).find((t) => t.env === 'Production')).toEqual({ env: 'Production', count: 36 });
  });

  it('with an environment’s list on screen, ALL counts that list’s total instead of the older count', () => {
    expect(environmentTabs(envs, { selected: 'Production', allowed: null, listTotal: 36 })).toEqual([
      { env: null, count: 52 },
      { env: 'Development', count: 16 },
      { env: 'Production', count: 36 },
    ]);
  });

  it('alerts without an environment count in ALL only; the same name twice adds up', () => {
    const tabs = environmentTabs([...envs, { environment: 'Production', count: 2 }, { environment: '', count: 5 }], { selected: null, allowed: null, listTotal: null });
    expect(tabs).toEqual([
      { env: null, count: 58 },
      { env: 'Development', count: 16 },
      { env: 'Production', count: 37 },
    ]);
  });

  it('a total that is not a count is not shown', () => {
    expect(environmentTabs(envs, { selected: null, allowed: null, listTotal: Number.NaN })[0]).toEqual({ env: null, count: 51 });
    expect(environmentTabs(envs, { selected: 'Production', allowed: null, listTotal: -1 }).map((t) => t.count)).toEqual([51, 16, 35]);
  });

  it('before the tab counts came, the list’s tab has its total and the others no number (never "ALL (0)" beside rows)', () => {
    expect(environmentTabs([], { selected: null, allowed: null, listTotal: 51 })).toEqual([{ env: null, count: 51 }]);
    expect(environmentTabs([], { selected: 'Production', allowed: ['Development'], listTotal: 35 })).toEqual([
      { env: null, count: null },
      { env: 'Development', count: null },
      { env: 'Production', count: 35 },
    ]);
  });

  it('no alerts at all: zero everywhere', () => {
    expect(environmentTabs([], { selected: null, allowed: ['Production'], listTotal: 0 })).toEqual([
      { env: null, count: 0 },
      { env: 'Production', count: 0 },
    ]);
  });

  it('configured environments without alerts show 0, and the selected one is a tab even without alerts', () => {
    expect(environmentTabs(envs, { selected: 'Staging', allowed: ['QA'], listTotal: null }).map((t) => [t.env, t.count])).toEqual([
      [null, 51],
      ['Development', 16],
      ['Production', 35],
      ['QA', 0],
      ['Staging', 0],
    ]);
  });
});
