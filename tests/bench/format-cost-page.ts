// The page side of tests/bench/format-cost.ts: the cost of one formatted date or message, the console's own code
// against the libraries of the design card, in the same page, interleaved. Bundled for the browser by the runner.
import { DateTime } from 'luxon';
import IntlMessageFormat from 'intl-messageformat';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formatDate, formatUtcTooltip } from '../../src/core/date-format.ts';
import { formatMessage, type CompiledCatalogue, type CompiledMessage } from '../../src/core/icu-message.ts';
import enCompiled from '../../src/app/i18n/messages/en.ts?icu';
import deCompiled from '../../src/app/i18n/messages/de.ts?icu';
import en from '../../src/app/i18n/messages/en.ts';
import de from '../../src/app/i18n/messages/de.ts';
import { luxonFormatDate, momentToLuxon } from '../unit/core/luxon-reference.ts';

/** The list's three date formats (the defaults of the config's `dates`) and the UTC tooltip of every date cell. */
const DATE_FORMATS: Readonly<Record<string, string>> = {
  mediumDate: 'ddd D MMM HH:mm',
  shortTime: 'HH:mm',
  longDate: 'ddd D MMM, YYYY HH:mm:ss.SSS Z',
};

/** Messages the alert list formats with values: per row (SelectAlert), per render (pagination, selection, outbox). */
const MESSAGES: readonly (readonly [string, (i: number) => Record<string, string | number>])[] = [
  ['SelectAlert', (i) => ({ id: (0x1000_0000 + i).toString(16) })],
  ['Page', (i) => ({ page: (i % 50) + 1, pages: 50 })],
  ['AlertsRangeOfTotal', (i) => ({ first: String(i + 1), last: String(i + 200), total: '10,000' })],
  ['RowsSelected', (i) => ({ count: i })],
  ['OutboxCount', (i) => ({ count: i % 5 })],
];

const LOCALES = ['en', 'de'] as const;
const compiled: Record<string, CompiledCatalogue> = { en: enCompiled, de: deCompiled };
const raw: Record<string, Readonly<Record<string, string>>> = { en, de };

// 1000 distinct instants a little over half a minute apart, so no cache keyed by the minute helps either side.
const BASE = Date.UTC(2026, 10, 20, 8, 0, 0);
const ISOS = Array.from({ length: 1000 }, (_, i) => new Date(BASE + i * 37_123 + i).toISOString());

interface Case {
  name: string;
  run: (i: number) => string;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const locale of LOCALES) {
    for (const [name, format] of Object.entries(DATE_FORMATS)) {
      const luxonFormat = momentToLuxon(format, locale);
      out.push({ name: `date ${name} ${locale}: own`, run: (i) => formatDate(ISOS[i]!, format, { timezone: 'local', locale }) });
      // luxon as the console used it (the moment format translated on every call)...
      out.push({ name: `date ${name} ${locale}: luxon`, run: (i) => luxonFormatDate(ISOS[i]!, format, { timezone: 'local', locale }) });
      // ...and at its best: the translated format kept, one DateTime per instant.
      out.push({ name: `date ${name} ${locale}: luxon, format kept`, run: (i) => DateTime.fromISO(ISOS[i]!, { zone: 'local', locale }).toFormat(luxonFormat) });
    }
    for (const [key, values] of MESSAGES) {
      const message = compiled[locale]![key] as CompiledMessage;
      // The AST `formatjs compile --ast` writes, built once per message: intl-messageformat at its best (no parsing,
      // no look-up of a memoised formatter per call, which @formatjs/intl's formatMessage adds).
      const ast: MessageFormatElement[] = parse(raw[locale]![key]!);
      const prebuilt = new IntlMessageFormat(ast, locale);
      out.push({ name: `message ${key} ${locale}: own`, run: (i) => formatMessage(message, values(i), locale) });
      out.push({ name: `message ${key} ${locale}: intl-messageformat`, run: (i) => String(prebuilt.format(values(i))) });
    }
  }
  out.push({ name: 'date utcTooltip: own', run: (i) => formatUtcTooltip(ISOS[i]!) });
  out.push({ name: 'date utcTooltip: luxon', run: (i) => luxonFormatDate(ISOS[i]!, 'YYYY/MM/DD HH:mm:ss.SSS Z', { timezone: 'utc', locale: 'en' }) });
  return out;
}

/** Median µs per call of every case: `rounds` rounds of 1000 calls each, the cases interleaved within a round. */
export function measure(rounds: number): Record<string, number> {
  const all = cases();
  const times = new Map<string, number[]>();
  let sink = 0;
  // Warm-up: the JIT, and the Intl formatters both sides keep.
  for (const c of all) for (let i = 0; i < 3000; i++) sink += c.run(i % 1000).length;
  for (let r = 0; r < rounds; r++) {
    for (const c of all) {
      const t0 = performance.now();
      for (let i = 0; i < 1000; i++) sink += c.run(i).length;
      const ms = performance.now() - t0; // per 1000 calls, so: µs per call
      const list = times.get(c.name) ?? [];
      list.push(ms);
      times.set(c.name, list);
    }
  }
  const out: Record<string, number> = {};
  for (const [name, list] of times) out[name] = list.sort((a, b) => a - b)[list.length >> 1]!;
  if (sink === 0) throw new Error('nothing was formatted');
  return out;
}

export type ColdCase = 'date: own' | 'date: luxon' | 'message: own' | 'message: intl-messageformat';

/** The first call of one side in a fresh page, in ms: the Intl set-up it needs and its own. */
export function cold(which: ColdCase): number {
  const ast = parse(en.OutboxCount); // the precompiled AST, outside the timing
  const t0 = performance.now();
  switch (which) {
    case 'date: own':
      formatDate(ISOS[0]!, DATE_FORMATS.mediumDate!, { timezone: 'local', locale: 'en' });
      break;
    case 'date: luxon':
      luxonFormatDate(ISOS[0]!, DATE_FORMATS.mediumDate!, { timezone: 'local', locale: 'en' });
      break;
    case 'message: own':
      formatMessage(compiled.en!.OutboxCount as CompiledMessage, { count: 2 }, 'en');
      break;
    case 'message: intl-messageformat':
      new IntlMessageFormat(ast, 'en').format({ count: 2 });
      break;
  }
  return performance.now() - t0;
}
