// docs/configuration.md against the code: every key the code reads has a row in its section, and every row names a key
// the code reads. The code's keys come from the code's own declarations (the config validator, the preference
// defaults, the command-line parser, the server's settings, the environment variables the sources read), never from a
// list kept by hand here, so a key added in the code fails this test until it is documented. Each failure names the
// key, the section to fix and where the code declares the key.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS } from '../../src/core/config.ts';
import { DEFAULT_PREFERENCES } from '../../src/core/preferences.ts';
import { HELP } from '../../server/cli.ts';
import { SETTING_ALIASES, defaultSettings } from '../../server/settings.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOC = 'docs/configuration.md';
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The files of a folder, recursively, whose names end with one of the extensions. */
function sources(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && extensions.some((x) => e.name.endsWith(x)))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/** The rows of the first table under a heading (`## Title` or `### Title`), as the `code` names of their first cell. */
function documentedKeys(markdown: string, heading: string): string[] | null {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^#{2,4} /.test(l) && l.replace(/^#+ /, '').trim() === heading);
  if (start === -1) return null;
  const keys: string[] = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,4} /.test(line)) break;
    if (line.startsWith('|')) {
      inTable = true;
      const first = line.split('|')[1] ?? '';
      if (/^\s*:?-+:?\s*$/.test(first)) continue;
      keys.push(...[...first.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string));
    } else if (inTable) break;
  }
  return keys;
}

/** Keys of an object, one level of plain sub-objects written as `parent.child`. */
function flatKeys(value: object): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v).map((sub) => `${k}.${sub}`) : [k],
  );
}

/** Environment variable names a source reads: `process.env.NAME`, `env.NAME`, `env['NAME']`. */
function envNames(file: string): string[] {
  const text = read(file);
  return [...text.matchAll(/\b(?:process\.env|env)\s*(?:\.\s*([A-Z][A-Z0-9_]*)\b|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)].map(
    (m) => (m[1] ?? m[2]) as string,
  );
}

const unique = (names: Iterable<string>) => [...new Set(names)].sort();

interface Section {
  heading: string;
  /** the keys the code reads, each with where the code declares it */
  code: Map<string, string>;
}

function declared(names: Iterable<string>, where: string | ((name: string) => string)): Map<string, string> {
  return new Map(unique(names).map((n) => [n, typeof where === 'string' ? where : where(n)]));
}

function sections(): Section[] {
  const serverFiles = sources('server', ['.ts']);
  const settings = Object.keys(defaultSettings());
  const aliases = Object.keys(SETTING_ALIASES);

  // Build time: the VITE_ variables the sources name (import.meta.env.VITE_*, and the server that serves the same
  // build), and what vite.config.ts reads from the environment.
  const vite = new Map<string, string>();
  for (const file of [...sources('src', ['.ts', '.tsx']), ...serverFiles]) {
    for (const m of read(file).matchAll(/\bVITE_[A-Z0-9_]+\b/g)) if (!vite.has(m[0])) vite.set(m[0], file);
  }
  for (const name of envNames('vite.config.ts')) vite.set(name, 'vite.config.ts');

  const serverEnv = new Map<string, string>();
  for (const file of serverFiles) {
    for (const name of envNames(file)) {
      if (!settings.includes(name) && !aliases.includes(name) && !vite.has(name) && !serverEnv.has(name)) serverEnv.set(name, file);
    }
  }

  const cli = read('server/cli.ts');
  const options = [...cli.matchAll(/case '(--?[a-z][a-z-]*)'/g)].map((m) => m[1] as string);

  return [
    {
      heading: "Console settings (config.json and the API's /config)",
      code: declared(CONFIG_KEYS, 'the config validator in src/core/config.ts (CONFIG_KEYS)'),
    },
    { heading: 'Build-time variables', code: new Map([...vite].sort()) },
    {
      heading: 'User preferences',
      code: declared(flatKeys(DEFAULT_PREFERENCES), 'DEFAULT_PREFERENCES in src/core/preferences.ts'),
    },
    { heading: 'Command-line options', code: declared(options, 'parseArgs in server/cli.ts') },
    { heading: 'Environment variables', code: new Map([...serverEnv].sort()) },
    {
      heading: 'Demo server settings',
      code: declared([...settings, ...aliases], (n) =>
        settings.includes(n) ? 'defaultSettings() in server/settings.ts' : 'SETTING_ALIASES in server/settings.ts',
      ),
    },
  ];
}

describe('docs/configuration.md', () => {
  const markdown = read(DOC);

  it('documents every key the code reads, and only those', () => {
    const problems: string[] = [];
    for (const { heading, code } of sections()) {
      const rows = documentedKeys(markdown, heading);
      if (rows === null) {
        problems.push(`${DOC}: the section "${heading}" is missing (a heading of that exact text, followed by its table)`);
        continue;
      }
      for (const [key, where] of code) {
        if (!rows.includes(key)) problems.push(`${DOC}, section "${heading}": add a row for \`${key}\` (the code reads it: ${where})`);
      }
      for (const key of unique(rows)) {
        if (!code.has(key)) problems.push(`${DOC}, section "${heading}": \`${key}\` has a row, but the code reads no such key: remove the row or correct its name`);
      }
      const twice = rows.filter((k, i) => rows.indexOf(k) !== i);
      for (const key of unique(twice)) problems.push(`${DOC}, section "${heading}": \`${key}\` has more than one row`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('finds the keys of each section in the code it is checked against', () => {
    // Guards the derivation itself: an extraction that silently found nothing would let every row pass.
    const byHeading = new Map(sections().map((s) => [s.heading, [...s.code.keys()]]));
    expect(byHeading.get("Console settings (config.json and the API's /config)")).toEqual(
      expect.arrayContaining(['endpoint', 'refresh_interval', 'columns', 'clipboard_template', 'timeouts.ack', 'indicators.queries']),
    );
    expect(byHeading.get('Build-time variables')).toEqual(expect.arrayContaining(['VITE_ALERTA_ENDPOINT', 'BASE_PATH']));
    expect(byHeading.get('User preferences')).toEqual(expect.arrayContaining(['refreshInterval', 'dates.longDate', 'notify.minSeverity']));
    expect(byHeading.get('Command-line options')).toEqual(expect.arrayContaining(['--port', '--no-auth', '--help', '-h']));
    expect(byHeading.get('Environment variables')).toEqual(expect.arrayContaining(['PORT', 'CONSOLE_ENDPOINT', 'ALERTA_SVR_CONF_FILE']));
    expect(byHeading.get('Environment variables')).not.toContain('AUTH_REQUIRED');
    expect(byHeading.get('Demo server settings')).toEqual(expect.arrayContaining(['AUTH_REQUIRED', 'SORT_BY', 'CORS_ORIGINS']));
  });

  it("reads a section's table: every name in the first cell, nothing from other sections", () => {
    const md = [
      '## One',
      'Text with `ignored` code.',
      '',
      '| Key | Effect |',
      '|---|---|',
      '| `a` | uses `b` |',
      '| `c`, `d` | |',
      '',
      '| `later` | table |',
      '## Two',
      '| `e` | |',
    ].join('\n');
    expect(documentedKeys(md, 'One')).toEqual(['a', 'c', 'd']);
    expect(documentedKeys(md, 'Two')).toEqual(['e']);
    expect(documentedKeys(md, 'Three')).toBeNull();
  });
});

describe("the demo server's --help", () => {
  it('lists every option the command line accepts', () => {
    const options = [...read('server/cli.ts').matchAll(/case '(--?[a-z][a-z-]*)'/g)].map((m) => m[1] as string);
    expect(options.length).toBeGreaterThan(10);
    const missing = options.filter((o) => !new RegExp(`(^|[\\s,])${o}\\b`, 'm').test(HELP));
    expect(missing, `add these options to HELP in server/cli.ts: ${missing.join(', ')}`).toEqual([]);
  });
});
