// Severity and status ordering, colours and trends (as an unconfigured Alerta
// server and the old console define them: a lower code is more severe).
import type { Alert, Config, Severity, Status } from './types.ts';

/** The parts of the config that decide severity order and colours. */
export type SeverityConfig = Partial<Pick<Config, 'severity' | 'alarm_model' | 'colors'>>;

/** Alerta's default alarm model: lower code = more severe. */
export const DEFAULT_SEVERITY: Readonly<Record<string, number>> = Object.freeze({
  security: 0,
  critical: 1,
  major: 2,
  minor: 3,
  warning: 4,
  indeterminate: 5,
  informational: 6,
  normal: 7,
  ok: 7,
  cleared: 7,
  debug: 8,
  trace: 9,
  unknown: 10,
});

/** Row background colours of an unconfigured Alerta server (`colors.severity`). */
export const DEFAULT_SEVERITY_COLORS: Readonly<Record<string, string>> = Object.freeze({
  security: 'blue',
  critical: 'red',
  major: 'orange',
  minor: 'yellow',
  warning: 'dodgerblue',
  indeterminate: 'lightblue',
  informational: '#00CC00',
  normal: '#00CC00',
  ok: '#00CC00',
  cleared: '#00CC00',
  debug: '#9D006D',
  trace: '#7554BF',
  unknown: 'silver',
});

export const DEFAULT_STATUS_COLORS: Readonly<Record<string, string>> = Object.freeze({
  ack: 'skyblue',
  shelved: 'skyblue',
});

export const DEFAULT_TEXT_COLOR = 'black';
/** Background of a row whose severity has no configured colour. */
export const FALLBACK_ROW_COLOR = 'white';

function nonEmpty<T>(map: Record<string, T> | undefined | null): map is Record<string, T> {
  return !!map && typeof map === 'object' && Object.keys(map).length > 0;
}

/** The severity → code map in force: config `severity`, else `alarm_model.severity`, else Alerta's default. */
export function severityMap(config?: SeverityConfig): Record<string, number> {
  if (nonEmpty(config?.severity)) return config.severity;
  if (nonEmpty(config?.alarm_model?.severity)) return config.alarm_model.severity;
  return DEFAULT_SEVERITY;
}

/**
 * Numeric code of a severity. A name the alarm model does not know sorts after every known one,
 * so a misconfigured sender can never look more urgent than a real critical.
 */
export function severityCode(sev: Severity | null | undefined, config?: SeverityConfig): number {
  const map = severityMap(config);
  if (sev != null && Object.hasOwn(map, sev)) return map[sev] as number;
  return Math.max(-1, ...Object.values(map)) + 1;
}

/** Sort comparator: most severe first; equal codes fall back to the name for a stable order. */
export function compareSeverity(a: Severity, b: Severity, config?: SeverityConfig): number {
  const diff = severityCode(a, config) - severityCode(b, config);
  if (diff !== 0) return diff;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Severity names of the alarm model, most severe first. */
export function severityNames(config?: SeverityConfig): string[] {
  return Object.keys(severityMap(config)).sort((a, b) => compareSeverity(a, b, config));
}

function severityColors(config?: SeverityConfig): Record<string, string> {
  if (nonEmpty(config?.colors?.severity)) return config.colors.severity;
  if (nonEmpty(config?.alarm_model?.colors?.severity)) return config.alarm_model.colors.severity;
  return DEFAULT_SEVERITY_COLORS;
}

/** The colour configured for a severity (config, alarm model or Alerta's defaults), or null when there is none. */
export function configuredSeverityColor(sev: Severity, config?: SeverityConfig): string | null {
  const colors = severityColors(config);
  return Object.hasOwn(colors, sev) ? (colors[sev] as string) : null;
}

/** Row background for a severity: the configured colour, else white. */
export function severityColor(sev: Severity, config?: SeverityConfig): string {
  return configuredSeverityColor(sev, config) ?? FALLBACK_ROW_COLOR;
}

/** Row text colour: config `colors.text`, but white on a black row so the text stays visible. */
export function rowTextColor(sev: Severity, config?: SeverityConfig): string {
  const bg = severityColor(sev, config).trim().toLowerCase();
  if (bg === 'black' || bg === '#000000' || bg === '#000') return 'white';
  return config?.colors?.text || config?.alarm_model?.colors?.text || DEFAULT_TEXT_COLOR;
}

export type Trend = 'moreSevere' | 'lessSevere' | 'noChange';
const TRENDS: readonly string[] = ['moreSevere', 'lessSevere', 'noChange'];

/** The trend arrow of a row: the server's verdict when it gave one, else derived from the severity codes. */
export function trendOf(
  alert: Pick<Alert, 'severity' | 'previousSeverity' | 'trendIndication'>,
  config?: SeverityConfig,
): Trend {
  if (TRENDS.includes(alert.trendIndication)) return alert.trendIndication as Trend;
  return trendBetween(alert.previousSeverity, alert.severity, config);
}

/**
 * The trend from one severity to another, as the alarm model says it (the demo server stores it with each change, the
 * console derives it when an answer lacks it): a lower code is more severe; a severity the model does not know has
 * no trend (the real server refuses such an alert).
 */
export function trendBetween(previous: Severity | null | undefined, current: Severity | null | undefined, config?: SeverityConfig): Trend {
  const map = severityMap(config);
  if (previous == null || current == null || !Object.hasOwn(map, previous) || !Object.hasOwn(map, current)) return 'noChange';
  const diff = (map[current] as number) - (map[previous] as number);
  return diff < 0 ? 'moreSevere' : diff > 0 ? 'lessSevere' : 'noChange';
}

// ---- statuses ----

/** Alerta's statuses in display/sort order (the alarm model's letters A..H). */
export const STATUS_ORDER: readonly string[] = Object.freeze([
  'open',
  'assign',
  'ack',
  'shelved',
  'blackout',
  'closed',
  'expired',
  'unknown',
]);

/** ISA-18.2 alarm-model codes that the list treats as the plain statuses. */
export const STATUS_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  NORM: 'open',
  UNACK: 'open',
  RTNUN: 'open',
  ACKED: 'ack',
  SHLVD: 'shelved',
});

/** i18n key of each known status label. */
export const STATUS_LABEL_KEYS: Readonly<Record<string, string>> = Object.freeze({
  // Status names, not the verbs of the action buttons (in fr/de/tr 'Open'/'Ack' translate as verbs).
  open: 'StatusOpen',
  assign: 'Assign',
  ack: 'StatusAck',
  shelved: 'Shelved',
  blackout: 'Blackout',
  closed: 'Closed',
  expired: 'Expired',
  unknown: 'Unknown',
});

/**
 * i18n key of the label of each severity of Alerta's default alarm model. A severity the config adds (a custom
 * alarm model) has no key and is shown as it is sent.
 */
export const SEVERITY_LABEL_KEYS: Readonly<Record<string, string>> = Object.freeze({
  security: 'SeveritySecurity',
  critical: 'SeverityCritical',
  major: 'SeverityMajor',
  minor: 'SeverityMinor',
  warning: 'SeverityWarning',
  indeterminate: 'SeverityIndeterminate',
  informational: 'SeverityInformational',
  normal: 'SeverityNormal',
  ok: 'SeverityOk',
  cleared: 'SeverityCleared',
  debug: 'SeverityDebug',
  trace: 'SeverityTrace',
  unknown: 'SeverityUnknown',
});

/** The label key of a severity, or null for a name outside Alerta's default model (shown as it is). */
export function severityLabelKey(sev: Severity | null | undefined): string | null {
  return sev != null && Object.hasOwn(SEVERITY_LABEL_KEYS, sev) ? (SEVERITY_LABEL_KEYS[sev] as string) : null;
}

/** The label key of a status (aliases included), or null for a status Alerta does not define (shown as it is). */
export function statusLabelKey(status: Status | null | undefined): string | null {
  const norm = normaliseStatus(status);
  return Object.hasOwn(STATUS_LABEL_KEYS, norm) ? (STATUS_LABEL_KEYS[norm] as string) : null;
}

/**
 * Maps legacy alarm-model codes to Alerta statuses. Any other string is returned unchanged:
 * the API stores whatever status it is sent (e.g. "bogus"), and the UI must still show it.
 */
export function normaliseStatus(s: Status | null | undefined): Status {
  if (s == null) return '';
  return STATUS_ALIASES[s.toUpperCase()] ?? s;
}

export function statusRank(s: Status, config?: SeverityConfig): string {
  const letters = config?.alarm_model?.status;
  const norm = normaliseStatus(s);
  if (nonEmpty(letters) && typeof letters[norm] === 'string') return letters[norm];
  const i = STATUS_ORDER.indexOf(norm);
  // Unknown statuses sort after every known one ('~' is above letters and digits).
  return i >= 0 ? String.fromCharCode(65 + i) : '~';
}

// ---- label chips ----

/** Label chip backgrounds of the old console's list; other severities get grey. */
export const CHIP_BACKGROUNDS: Readonly<Record<string, string>> = Object.freeze({
  critical: '#b94a48',
  major: '#f89406',
  minor: '#ffd700',
  warning: '#3a87ad',
  informational: '#468847',
  normal: '#468847',
  ok: '#468847',
  cleared: '#468847',
});
export const CHIP_FALLBACK_BACKGROUND = '#999999';

const NAMED_COLORS: Readonly<Record<string, string>> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  orange: '#ffa500',
  yellow: '#ffff00',
  blue: '#0000ff',
  dodgerblue: '#1e90ff',
  lightblue: '#add8e6',
  skyblue: '#87ceeb',
  silver: '#c0c0c0',
  grey: '#808080',
  gray: '#808080',
  green: '#008000',
  lime: '#00ff00',
  purple: '#800080',
  navy: '#000080',
  maroon: '#800000',
  teal: '#008080',
  olive: '#808000',
  gold: '#ffd700',
  pink: '#ffc0cb',
  brown: '#a52a2a',
};

/** Parses `#rgb`, `#rrggbb` or a common CSS colour name into 0..255 channels; null when not understood. */
export function parseColor(color: string): [number, number, number] | null {
  let c = color.trim().toLowerCase();
  c = NAMED_COLORS[c] ?? c;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(c);
  if (short) c = `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(c);
  if (!m) return null;
  return [parseInt(m[1] as string, 16), parseInt(m[2] as string, 16), parseInt(m[3] as string, 16)];
}

/** WCAG 2 relative luminance of a colour (0 = black, 1 = white). */
export function relativeLuminance(color: string): number | null {
  const rgb = parseColor(color);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two colours (1..21); null when either colour is not understood. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la == null || lb == null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Black or white, whichever reads better on the background. One of the two always reaches
 * the WCAG AA ratio of 4.5:1 for any opaque colour.
 */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  const onWhite = contrastRatio('#ffffff', background) ?? 0;
  const onBlack = contrastRatio('#000000', background) ?? 21;
  return onWhite >= onBlack ? '#ffffff' : '#000000';
}

const chipCache = new Map<string, { background: string; color: string }>();

/** Colours of a severity label chip, with text that meets WCAG AA contrast on it. */
export function chipColors(sev: Severity): { background: string; color: string } {
  const background = CHIP_BACKGROUNDS[sev] ?? CHIP_FALLBACK_BACKGROUND;
  // A handful of backgrounds, asked for by every row: the contrast is worked out once per background.
  let colors = chipCache.get(background);
  if (!colors) chipCache.set(background, (colors = Object.freeze({ background, color: readableTextColor(background) })));
  return colors;
}
