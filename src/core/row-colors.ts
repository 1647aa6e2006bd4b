// The colours of an alert row: the old console fills the whole row with the severity's colour
// from the server's `colors.severity` (saturated red, blue, orange on a real Alerta server) and writes the config's
// text colour on it. Both renderings here keep every piece of text readable on every configured colour, in light and
// dark mode: text, links, status labels and the row actions use one text colour that reaches WCAG AA (4.5:1) on the
// row's background and on its hover background.
import type { Preferences, Severity } from './types.ts';
import { configuredSeverityColor, contrastRatio, parseColor, readableTextColor, rowTextColor, type SeverityConfig } from './severity.ts';

/**
 * `filled`: the whole row in the severity colour, as the old console (the default, so existing users feel at home).
 * `quiet`: a stripe in the severity colour and a light tint of it (a dark one in dark mode).
 */
export type RowStyle = Preferences['rowStyle'];
export const ROW_STYLES: readonly RowStyle[] = Object.freeze(['filled', 'quiet']);

/** The text contrast every row keeps (WCAG 2 AA for normal text). */
export const ROW_TEXT_CONTRAST = 4.5;

export interface RowColors {
  /** the row's background (and that of its cells pinned to the left while the table scrolls sideways) */
  background: string;
  /** the background while the row is hovered */
  hoverBackground: string;
  /** text, links, icons of the row actions and outlines of small chips: readable on both backgrounds */
  text: string;
  /** the severity stripe at the row's start (quiet style), or null */
  stripe: string | null;
}

/** Page backgrounds the quiet tint is mixed into (Tailwind white and gray-900, as the alerts screen uses). */
const PAGE = { light: '#ffffff', dark: '#111827' } as const;
/** Body text of the page (gray-900 / gray-100), the first choice on a quiet row. */
const PAGE_TEXT = { light: '#111827', dark: '#f3f4f6' } as const;
/** Share of the severity colour in a quiet row (more in dark mode, where a light tint would glare). */
const TINT = { light: 0.16, dark: 0.3 } as const;
/** Hover moves the background this far away from the text colour, so hovering never lowers the contrast. */
const HOVER_SHIFT = 0.14;

function hex([r, g, b]: readonly [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;
}

/** `weight` of colour a over colour b (0..1), both understood; sRGB channels, as CSS color-mix in srgb. */
export function mixColors(a: string, b: string, weight: number): string | null {
  const ca = parseColor(a);
  const cb = parseColor(b);
  if (!ca || !cb) return null;
  const w = Math.min(1, Math.max(0, weight));
  return hex([ca[0] * w + cb[0] * (1 - w), ca[1] * w + cb[1] * (1 - w), ca[2] * w + cb[2] * (1 - w)]);
}

/** The text colour to use on `background`: `preferred` when it reaches 4.5:1, else black or white. */
export function readableOn(background: string, preferred: string): string {
  const ratio = contrastRatio(preferred, background);
  return ratio === null || ratio >= ROW_TEXT_CONTRAST ? preferred : readableTextColor(background);
}

/** A hover background: `background` moved away from the text colour (lighter under dark text, darker under light). */
function hoverOf(background: string, text: string): string {
  const textRgb = parseColor(text);
  if (!textRgb || !parseColor(background)) return background;
  const darkText = (contrastRatio(text, '#000000') ?? 21) < (contrastRatio(text, '#ffffff') ?? 1);
  return mixColors(darkText ? '#ffffff' : '#000000', background, HOVER_SHIFT) ?? background;
}

/**
 * The colours of a row of this severity in the chosen style and mode. Colours the console cannot parse (a CSS
 * function, a rare name) are used as configured in the filled style, with the configured text colour, as the old
 * console did; the quiet style then shows a plain row with the stripe.
 */
export function rowColors(severity: Severity, config: SeverityConfig | undefined, opts: { style: RowStyle; dark: boolean }): RowColors {
  const mode = opts.dark ? 'dark' : 'light';
  const page = PAGE[mode];
  const own = configuredSeverityColor(severity, config);
  if (own !== null && parseColor(own) === null) {
    // Not understood (a CSS function, a rare name): as configured, as the old console did.
    const text = rowTextColor(severity, config);
    return opts.style === 'filled'
      ? { background: own, hoverBackground: own, text, stripe: null }
      : { background: page, hoverBackground: page, text: PAGE_TEXT[mode], stripe: own };
  }
  if (own === null) {
    // No colour of its own (a custom severity): the page's background, like any plain table row.
    const text = PAGE_TEXT[mode];
    return { background: page, hoverBackground: mixColors(text, page, 0.06) ?? page, text, stripe: null };
  }
  if (opts.style === 'filled') {
    const background = hex(parseColor(own)!);
    const text = readableOn(background, rowTextColor(severity, config));
    return { background, hoverBackground: hoverOf(background, text), text, stripe: null };
  }
  const background = mixColors(own, page, TINT[mode])!;
  const text = readableOn(background, PAGE_TEXT[mode]);
  const deeper = mixColors(own, page, TINT[mode] + 0.1)!;
  // The deeper hover tint must still carry the text; otherwise move away from the text instead.
  const hoverBackground = (contrastRatio(text, deeper) ?? 0) >= ROW_TEXT_CONTRAST ? deeper : hoverOf(background, text);
  return { background, hoverBackground, text, stripe: own };
}
