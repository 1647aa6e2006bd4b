import { describe, expect, it } from 'vitest';
import {
  ACK_TIMEOUT_OPTIONS,
  BLACKOUT_PERIOD_OPTIONS,
  DEFAULT_PREFERENCES,
  effectiveAudioUrl,
  effectiveBlackoutPeriod,
  effectiveDates,
  effectiveDensity,
  effectiveFont,
  effectiveRefreshInterval,
  effectiveTimeouts,
  FONT_FAMILIES,
  languageOf,
  LONG_DATE_FORMATS,
  MEDIUM_DATE_FORMATS,
  mergePreferences,
  REFRESH_INTERVAL_OPTIONS,
  ROWS_PER_PAGE_OPTIONS,
  SHELVE_TIMEOUT_OPTIONS,
  SHORT_TIME_FORMATS,
  TEXT_WIDTH_OPTIONS,
  VALUE_WIDTH_OPTIONS,
} from '../../../src/core/preferences.ts';

describe('default preferences', () => {
  it('match the old console', () => {
    expect(DEFAULT_PREFERENCES).toMatchObject({
      isDark: false,
      isMute: true,
      languagePref: null,
      audioURL: './audio/alert_high-intensity.ogg',
      dates: { longDate: null, mediumDate: null, shortTime: null },
      timezone: 'local',
      displayDensity: null,
      showAllowedEnvs: false,
      showNotesIcon: false,
      font: { 'font-family': null, 'font-size': null, 'font-weight': null },
      rowsPerPage: 20,
      valueWidth: 50,
      textWidth: 400,
      refreshInterval: null,
      ackTimeout: null,
      shelveTimeout: null,
      blackoutStartNow: true,
      blackoutPeriod: null,
    });
  });
});

describe('mergePreferences', () => {
  it('returns the defaults for nothing or garbage', () => {
    expect(mergePreferences(undefined)).toEqual(DEFAULT_PREFERENCES);
    expect(mergePreferences('nope')).toEqual(DEFAULT_PREFERENCES);
    expect(mergePreferences([1])).toEqual(DEFAULT_PREFERENCES);
  });

  it('applies stored values over the defaults', () => {
    const p = mergePreferences({
      isDark: true,
      isMute: false,
      languagePref: 'fr',
      rowsPerPage: 50,
      refreshInterval: 10000,
      ackTimeout: 3600,
      shelveTimeout: 0,
      timezone: 'utc',
      displayDensity: 'compact',
      dates: { mediumDate: 'LLL' },
      font: { 'font-size': '15px', 'font-weight': 700 },
      blackoutPeriod: 7200,
    });
    expect(p.isDark).toBe(true);
    expect(p.isMute).toBe(false);
    expect(p.languagePref).toBe('fr');
    expect(p.rowsPerPage).toBe(50);
    expect(p.refreshInterval).toBe(10000);
    expect(p.ackTimeout).toBe(3600);
    expect(p.shelveTimeout).toBe(0);
    expect(p.timezone).toBe('utc');
    expect(p.displayDensity).toBe('compact');
    expect(p.dates).toEqual({ longDate: null, mediumDate: 'LLL', shortTime: null });
    expect(p.font).toEqual({ 'font-family': null, 'font-size': '15px', 'font-weight': 700 });
    expect(p.blackoutPeriod).toBe(7200);
  });

  it('drops each invalid value on its own and keeps the valid ones', () => {
    const p = mergePreferences({
      isDark: 'true',
      rowsPerPage: -5,
      refreshInterval: 'fast',
      ackTimeout: -1,
      timezone: 'Mars/Olympus',
      languagePref: 'xx',
      displayDensity: 'huge',
      valueWidth: 100,
      dates: 'LLL',
      font: { 'font-family': 42 },
    });
    expect(p.isDark).toBe(false);
    expect(p.rowsPerPage).toBe(20);
    expect(p.refreshInterval).toBeNull();
    expect(p.ackTimeout).toBeNull();
    expect(p.timezone).toBe('local');
    expect(p.languagePref).toBeNull();
    expect(p.displayDensity).toBeNull();
    expect(p.valueWidth).toBe(100);
    expect(p.dates).toEqual(DEFAULT_PREFERENCES.dates);
    expect(p.font['font-family']).toBeNull();
  });

  it('never shares nested objects with the defaults', () => {
    const p = mergePreferences({});
    p.dates.longDate = 'x';
    expect(DEFAULT_PREFERENCES.dates.longDate).toBeNull();
  });
});

describe('effective values', () => {
  it('refresh interval: preference, else config, else 5000, never below 1000 ms', () => {
    expect(effectiveRefreshInterval({ refreshInterval: 10000 }, { refresh_interval: 30000 })).toBe(10000);
    expect(effectiveRefreshInterval({}, { refresh_interval: 30000 })).toBe(30000);
    // The default preference defers to the server's setting (the old console's 5000 default hid it).
    expect(effectiveRefreshInterval(DEFAULT_PREFERENCES, { refresh_interval: 30000 })).toBe(30000);
    expect(effectiveRefreshInterval(null, {})).toBe(5000);
    expect(effectiveRefreshInterval({ refreshInterval: 10 }, {})).toBe(1000);
    expect(effectiveRefreshInterval({ refreshInterval: Number.NaN }, { refresh_interval: 200 })).toBe(1000);
  });

  it('dates: each preference, else config, else default', () => {
    expect(
      effectiveDates({ dates: { longDate: null, mediumDate: 'LLL', shortTime: null } }, { dates: { longDate: 'L', mediumDate: 'l', shortTime: 'LT' } }),
    ).toEqual({ longDate: 'L', mediumDate: 'LLL', shortTime: 'LT' });
    expect(effectiveDates(null, null)).toEqual({
      longDate: 'ddd D MMM, YYYY HH:mm:ss.SSS Z',
      mediumDate: 'ddd D MMM HH:mm',
      shortTime: 'HH:mm',
    });
  });

  it('font: each preference, else config, else 13px / 500', () => {
    expect(
      effectiveFont({ font: { 'font-family': 'Verdana', 'font-size': null, 'font-weight': null } }, { font: { 'font-size': '16px' } }),
    ).toEqual({ 'font-family': 'Verdana', 'font-size': '16px', 'font-weight': 500 });
  });

  it('audio: config audio.new wins over the preference', () => {
    expect(effectiveAudioUrl({ audioURL: './mine.ogg' }, { audio: { new: 'https://x/new.mp3' } })).toBe('https://x/new.mp3');
    expect(effectiveAudioUrl({ audioURL: './mine.ogg' }, { audio: { new: null } })).toBe('./mine.ogg');
    expect(effectiveAudioUrl(null, null)).toBe('./audio/alert_high-intensity.ogg');
  });

  it('blackout period: preference, else config duration, else one hour', () => {
    expect(effectiveBlackoutPeriod({ blackoutPeriod: 7200 }, { blackouts: { duration: 60 } })).toBe(7200);
    expect(effectiveBlackoutPeriod({ blackoutPeriod: null }, { blackouts: { duration: 60 } })).toBe(60);
    expect(effectiveBlackoutPeriod(null, null)).toBe(3600);
  });

  it('ack/shelve timeouts as Settings shows them', () => {
    expect(effectiveTimeouts({ ackTimeout: null, shelveTimeout: 60 }, { timeouts: { ack: 0, shelve: 7200 } })).toEqual({ ack: 0, shelve: 60 });
    expect(effectiveTimeouts(null, null)).toEqual({ ack: null, shelve: null });
  });

  it('density: comfortable unless compact is chosen', () => {
    expect(effectiveDensity({ displayDensity: null })).toBe('comfortable');
    expect(effectiveDensity({ displayDensity: 'compact' })).toBe('compact');
  });
});

describe('language', () => {
  it('uses the preference when supported', () => {
    expect(languageOf({ languagePref: 'de' }, ['fr-FR'])).toBe('de');
  });
  it('else the first browser language cut at - or _', () => {
    expect(languageOf({ languagePref: null }, ['fr-CA', 'de'])).toBe('fr');
    expect(languageOf(null, ['tr_TR'])).toBe('tr');
    expect(languageOf({ languagePref: 'xx' }, ['DE-at'])).toBe('de');
  });
  it('else English', () => {
    expect(languageOf(null, ['ja-JP', 'fr'])).toBe('en');
    expect(languageOf(null, [])).toBe('en');
  });
});

describe('Settings choices', () => {
  it('store the unit the API and poller use, and show the unit the user reads', () => {
    expect(REFRESH_INTERVAL_OPTIONS.map((o) => [o.amount, o.value])).toEqual([[2, 2000], [5, 5000], [10, 10000], [30, 30000], [60, 60000]]);
    expect(REFRESH_INTERVAL_OPTIONS[0]?.unit).toBe('seconds');
    expect(ACK_TIMEOUT_OPTIONS.map((o) => o.value)).toEqual([0, 3600, 7200, 14400, 28800, 86400]);
    expect(ACK_TIMEOUT_OPTIONS[1]?.unit).toBe('minutes');
    expect(SHELVE_TIMEOUT_OPTIONS.map((o) => o.amount)).toEqual([60, 120, 240, 480, 1440]);
    expect(BLACKOUT_PERIOD_OPTIONS.map((o) => o.value)).toEqual([3600, 7200, 28800, 86400, 172800]);
    expect(BLACKOUT_PERIOD_OPTIONS[0]?.unit).toBe('hours');
    expect(ROWS_PER_PAGE_OPTIONS.map((o) => o.value)).toEqual([5, 10, 20, 50, 100, 200]);
    expect(VALUE_WIDTH_OPTIONS.map((o) => o.value)).toEqual([50, 100, 150, 200]);
    expect(TEXT_WIDTH_OPTIONS.map((o) => o.value)).toEqual([200, 400, 600, 800]);
  });

  it('offer the old font and date format lists', () => {
    expect(FONT_FAMILIES).toContain('Sintony');
    expect(FONT_FAMILIES).toHaveLength(7);
    expect(MEDIUM_DATE_FORMATS).toContain('ddd D MMM HH:mm');
    expect(LONG_DATE_FORMATS).toContain('ddd D MMM, YYYY HH:mm:ss.SSS Z');
    expect(SHORT_TIME_FORMATS).toContain('HH:mm');
  });

  it('includes each default among the choices', () => {
    expect(REFRESH_INTERVAL_OPTIONS.map((o) => o.value)).toContain(5000);
    expect(ROWS_PER_PAGE_OPTIONS.map((o) => o.value)).toContain(DEFAULT_PREFERENCES.rowsPerPage);
    expect(VALUE_WIDTH_OPTIONS.map((o) => o.value)).toContain(DEFAULT_PREFERENCES.valueWidth);
    expect(TEXT_WIDTH_OPTIONS.map((o) => o.value)).toContain(DEFAULT_PREFERENCES.textWidth);
  });
});

describe('the row style preference', () => {
  it('defaults to the old console’s look (rows filled with the severity colour)', () => {
    expect(DEFAULT_PREFERENCES.rowStyle).toBe('filled');
    expect(mergePreferences({}).rowStyle).toBe('filled');
  });

  it('keeps a stored quiet or filled choice and drops anything else', () => {
    expect(mergePreferences({ rowStyle: 'quiet' }).rowStyle).toBe('quiet');
    expect(mergePreferences({ rowStyle: 'filled' }).rowStyle).toBe('filled');
    expect(mergePreferences({ rowStyle: 'loud', rowsPerPage: 50 })).toMatchObject({ rowStyle: 'filled', rowsPerPage: 50 });
    expect(mergePreferences({ rowStyle: null }).rowStyle).toBe('filled');
  });

  it('survives a save that changes another preference', () => {
    const saved = mergePreferences({ ...mergePreferences({ rowStyle: 'quiet' }), isDark: true });
    expect(saved).toMatchObject({ rowStyle: 'quiet', isDark: true });
  });

  it('keeps the group-by of the alert list: a field it can group by, or null', () => {
    expect(DEFAULT_PREFERENCES.groupBy).toBeNull();
    expect(mergePreferences({ groupBy: 'event' }).groupBy).toBe('event');
    expect(mergePreferences({ groupBy: 'customer' }).groupBy).toBe('customer');
    expect(mergePreferences({ groupBy: null }).groupBy).toBeNull();
    // The real server would put a group-by into its SQL as it is: a stored value that is no field is dropped.
    expect(mergePreferences({ groupBy: 'event FROM alerts; --', rowsPerPage: 50 })).toMatchObject({ groupBy: null, rowsPerPage: 50 });
    expect(mergePreferences({ groupBy: 'severity' }).groupBy).toBeNull();
  });
});
