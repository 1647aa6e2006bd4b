// User preferences: defaults, safe loading, effective values and the Settings choices (the old console's
// defaults, units and option lists).
import type { Config, Preferences } from './types.ts';
import { DEFAULT_DATES, DEFAULT_FONT, DEFAULT_REFRESH_INTERVAL } from './config.ts';
import { isGroupField } from './alert-groups.ts';

export const DEFAULT_AUDIO_URL = './audio/alert_high-intensity.ogg';

export const DEFAULT_PREFERENCES: Preferences = Object.freeze({
  isDark: false,
  isMute: true,
  // null = follow the browser language (see languageOf)
  languagePref: null,
  audioURL: DEFAULT_AUDIO_URL,
  dates: Object.freeze({ longDate: null, mediumDate: null, shortTime: null }),
  timezone: 'local',
  displayDensity: null,
  showAllowedEnvs: false,
  showNotesIcon: false,
  font: Object.freeze({ 'font-family': null, 'font-size': null, 'font-weight': null }),
  rowsPerPage: 20,
  valueWidth: 50,
  textWidth: 400,
  // null: the config's refresh_interval applies until the user picks one (the old console's default of 5000 hid it)
  refreshInterval: null,
  ackTimeout: null,
  shelveTimeout: null,
  blackoutStartNow: true,
  blackoutPeriod: null,
  // the old console's look: the whole row in the severity colour
  rowStyle: 'filled',
  notify: Object.freeze({ enabled: false, minSeverity: 'critical' }),
  // the list is not grouped until the user groups it
  groupBy: null,
}) as Preferences;

/** The list never polls faster than this, whatever a preference or config says. */
export const MIN_REFRESH_INTERVAL = 1000;

export const LANGUAGES = Object.freeze(['en', 'fr', 'de', 'tr'] as const);
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABEL_KEYS: Readonly<Record<Language, string>> = Object.freeze({
  en: 'English',
  fr: 'French',
  de: 'German',
  tr: 'Turkish',
});

/** A Settings choice: `value` is what is stored, `amount` + `unit` (an i18n key) is what is shown. */
export interface UnitOption {
  value: number;
  amount: number;
  unit: 'seconds' | 'minutes' | 'hours' | 'rows' | 'px';
}

const opts = (amounts: number[], unit: UnitOption['unit'], factor: number): readonly UnitOption[] =>
  Object.freeze(amounts.map((amount) => Object.freeze({ value: amount * factor, amount, unit })));

/** Stored in ms, shown in seconds. */
export const REFRESH_INTERVAL_OPTIONS = opts([2, 5, 10, 30, 60], 'seconds', 1000);
/** Stored in seconds, shown in minutes; 0 = never un-ack automatically. */
export const ACK_TIMEOUT_OPTIONS = opts([0, 60, 120, 240, 480, 1440], 'minutes', 60);
/** Stored in seconds, shown in minutes. */
export const SHELVE_TIMEOUT_OPTIONS = opts([60, 120, 240, 480, 1440], 'minutes', 60);
/** Stored in seconds, shown in hours. */
export const BLACKOUT_PERIOD_OPTIONS = opts([1, 2, 8, 24, 48], 'hours', 3600);
export const ROWS_PER_PAGE_OPTIONS = opts([5, 10, 20, 50, 100, 200], 'rows', 1);
export const VALUE_WIDTH_OPTIONS = opts([50, 100, 150, 200], 'px', 1);
export const TEXT_WIDTH_OPTIONS = opts([200, 400, 600, 800], 'px', 1);

export const FONT_FAMILIES: readonly string[] = Object.freeze([
  'Sintony',
  'Helvetica',
  'Verdana',
  'Courier New',
  'Consolas',
  'Lucida Console',
  'Andale Mono',
]);

/** moment.js-style tokens, as the server's `dates` config uses them. */
export const MEDIUM_DATE_FORMATS: readonly string[] = Object.freeze([
  'l',
  'L',
  'll',
  'LL',
  'ddd D MMM HH:mm',
  'lll',
  'llll',
  'LLL',
  'LLLL',
]);
export const LONG_DATE_FORMATS: readonly string[] = Object.freeze([
  'ddd D MMM, YYYY HH:mm:ss.SSS Z',
  'l hh:mm:ss.SSS A',
  'YYYY-MM-DD HH:mm:ss.SSS Z',
  'YYYY-MM-DD[T]HH:mm:ss.SSS[Z]',
]);
export const SHORT_TIME_FORMATS: readonly string[] = Object.freeze([
  'LT',
  'LTS',
  'hh:mm:ss.SSS A',
  'HH:mm',
  'HH:mm:ss',
  'HH:mm:ss.SSS',
  'HH:mm:ss.SSS Z',
]);

/**
 * Row heights in px for each density. Comfortable is the old console's 42 px; compact is denser than its 34 px, so a
 * laptop (1400×900) shows at least 28 rows, as an operator scanning a long list needs.
 */
export const ROW_HEIGHTS: Readonly<Record<'comfortable' | 'compact', number>> = Object.freeze({ comfortable: 42, compact: 24 });

// ---- loading ----

function isObj(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
const bool = (v: unknown): v is boolean => typeof v === 'boolean';
const posInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const nonNegNumberOrNull = (v: unknown): v is number | null =>
  v === null || (typeof v === 'number' && Number.isFinite(v) && v >= 0);
const strOrNull = (v: unknown): v is string | null => v === null || (typeof v === 'string' && v.trim() !== '');

/**
 * Preferences stored on the server (`attributes.prefs`) merged over the defaults. Each invalid or
 * unknown value is dropped on its own, so one bad value never costs the user the rest of their settings.
 */
export function mergePreferences(stored: unknown): Preferences {
  const d = DEFAULT_PREFERENCES;
  const p: Preferences = {
    ...d,
    dates: { ...d.dates },
    font: { ...d.font },
    notify: d.notify ? { ...d.notify } : undefined,
  };
  if (!isObj(stored)) return p;
  const s = stored;
  if (bool(s.isDark)) p.isDark = s.isDark;
  if (bool(s.isMute)) p.isMute = s.isMute;
  if (s.languagePref === null || (typeof s.languagePref === 'string' && isLanguage(s.languagePref)))
    p.languagePref = s.languagePref;
  if (typeof s.audioURL === 'string' && s.audioURL.trim() !== '') p.audioURL = s.audioURL;
  if (isObj(s.dates)) {
    for (const k of ['longDate', 'mediumDate', 'shortTime'] as const) {
      const v = s.dates[k];
      if (strOrNull(v)) p.dates[k] = v;
    }
  }
  if (s.timezone === 'local' || s.timezone === 'utc') p.timezone = s.timezone;
  if (s.displayDensity === null || s.displayDensity === 'comfortable' || s.displayDensity === 'compact')
    p.displayDensity = s.displayDensity;
  if (bool(s.showAllowedEnvs)) p.showAllowedEnvs = s.showAllowedEnvs;
  if (bool(s.showNotesIcon)) p.showNotesIcon = s.showNotesIcon;
  if (isObj(s.font)) {
    if (strOrNull(s.font['font-family'])) p.font['font-family'] = s.font['font-family'];
    if (strOrNull(s.font['font-size'])) p.font['font-size'] = s.font['font-size'];
    const w = s.font['font-weight'];
    if (w === null || (typeof w === 'number' && Number.isFinite(w) && w > 0) || (typeof w === 'string' && w.trim() !== ''))
      p.font['font-weight'] = w;
  }
  if (posInt(s.rowsPerPage)) p.rowsPerPage = s.rowsPerPage;
  if (posInt(s.valueWidth)) p.valueWidth = s.valueWidth;
  if (posInt(s.textWidth)) p.textWidth = s.textWidth;
  if (s.refreshInterval === null || posInt(s.refreshInterval)) p.refreshInterval = s.refreshInterval;
  if (nonNegNumberOrNull(s.ackTimeout)) p.ackTimeout = s.ackTimeout;
  if (nonNegNumberOrNull(s.shelveTimeout)) p.shelveTimeout = s.shelveTimeout;
  if (bool(s.blackoutStartNow)) p.blackoutStartNow = s.blackoutStartNow;
  if (s.blackoutPeriod === null || posInt(s.blackoutPeriod)) p.blackoutPeriod = s.blackoutPeriod;
  if (s.rowStyle === 'filled' || s.rowStyle === 'quiet') p.rowStyle = s.rowStyle;
  if (s.groupBy === null || isGroupField(s.groupBy)) p.groupBy = s.groupBy;
  if (isObj(s.notify) && p.notify) {
    if (bool(s.notify.enabled)) p.notify.enabled = s.notify.enabled;
    if (typeof s.notify.minSeverity === 'string' && s.notify.minSeverity) p.notify.minSeverity = s.notify.minSeverity;
  }
  return p;
}

// ---- effective values ----

type PrefConfig = Partial<Pick<Config, 'refresh_interval' | 'dates' | 'font' | 'audio' | 'blackouts' | 'timeouts'>>;

/** Poll interval in ms: the preference, else config `refresh_interval`, else 5000; never below 1000. */
export function effectiveRefreshInterval(
  prefs: Partial<Pick<Preferences, 'refreshInterval'>> | null | undefined,
  config: PrefConfig | null | undefined,
): number {
  const candidates = [prefs?.refreshInterval, config?.refresh_interval, DEFAULT_REFRESH_INTERVAL];
  const ms = candidates.find((v): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0) as number;
  return Math.max(MIN_REFRESH_INTERVAL, ms);
}

/** Date formats in force: each preference, else the config's, else the built-in default. */
export function effectiveDates(
  prefs: Partial<Pick<Preferences, 'dates'>> | null | undefined,
  config: PrefConfig | null | undefined,
): Config['dates'] {
  const pick = (k: keyof Config['dates']) => prefs?.dates?.[k] || config?.dates?.[k] || DEFAULT_DATES[k];
  return { longDate: pick('longDate'), mediumDate: pick('mediumDate'), shortTime: pick('shortTime') };
}

/** Font in force: each preference, else the config's, else 13px / 500 Sintony. */
export function effectiveFont(
  prefs: Partial<Pick<Preferences, 'font'>> | null | undefined,
  config: PrefConfig | null | undefined,
): { 'font-family': string; 'font-size': string; 'font-weight': number | string } {
  const f = prefs?.font;
  const c = config?.font;
  return {
    'font-family': f?.['font-family'] || c?.['font-family'] || DEFAULT_FONT['font-family'],
    'font-size': f?.['font-size'] || c?.['font-size'] || DEFAULT_FONT['font-size'],
    'font-weight': f?.['font-weight'] || c?.['font-weight'] || DEFAULT_FONT['font-weight'],
  };
}

/** Sound for new alerts: config `audio.new` wins over the preference. */
export function effectiveAudioUrl(
  prefs: Partial<Pick<Preferences, 'audioURL'>> | null | undefined,
  config: PrefConfig | null | undefined,
): string {
  return config?.audio?.new || prefs?.audioURL || DEFAULT_AUDIO_URL;
}

/** Blackout length in seconds: the preference, else config `blackouts.duration`, else one hour. */
export function effectiveBlackoutPeriod(
  prefs: Partial<Pick<Preferences, 'blackoutPeriod'>> | null | undefined,
  config: PrefConfig | null | undefined,
): number {
  return prefs?.blackoutPeriod || config?.blackouts?.duration || 3600;
}

/** Ack/shelve timeouts as Settings shows them: the preference, else the config default, else null (server decides). */
export function effectiveTimeouts(
  prefs: Partial<Pick<Preferences, 'ackTimeout' | 'shelveTimeout'>> | null | undefined,
  config: PrefConfig | null | undefined,
): { ack: number | null; shelve: number | null } {
  return {
    ack: prefs?.ackTimeout ?? config?.timeouts?.ack ?? null,
    shelve: prefs?.shelveTimeout ?? config?.timeouts?.shelve ?? null,
  };
}

export function effectiveDensity(prefs: Partial<Pick<Preferences, 'displayDensity'>> | null | undefined): 'comfortable' | 'compact' {
  return prefs?.displayDensity === 'compact' ? 'compact' : 'comfortable';
}

export function isLanguage(x: string): x is Language {
  return (LANGUAGES as readonly string[]).includes(x);
}

/**
 * UI language: the preference when supported, else the first browser language cut at `-`/`_`
 * (`fr-CA` → `fr`) when supported, else English.
 */
export function languageOf(
  prefs: Partial<Pick<Preferences, 'languagePref'>> | null | undefined,
  browserLanguages: readonly string[],
): Language {
  const pref = prefs?.languagePref?.toLowerCase();
  if (pref && isLanguage(pref)) return pref;
  const first = browserLanguages[0]?.split(/[-_]/)[0]?.toLowerCase();
  if (first && isLanguage(first)) return first;
  return 'en';
}
