// The English catalogue in two parts at build time: the shell carries only the messages its own code names (the
// first screen: everything main.tsx and the alert list import statically, and whatever the data worker names, since
// the page shows the worker's message keys); the rest is one module that lazily loaded code imports itself, so the
// messages arrive with the first chunk that names them and before its code runs. A key built at run time from a
// literal prefix (`QueryBadBound${kind}`) counts as named by the file that builds it; a message no code names at all
// goes later. Used by icuMessages (scripts/icu-messages.ts) for `vite build`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The console's split (vite.config.ts): the English catalogue, the first screen's modules, the workers' entries. */
export const FIRST_SCREEN_MESSAGES = {
  catalogue: 'src/app/i18n/messages/en.ts',
  // the shell, the alert list, and the cards it shows on a phone
  entries: ['src/app/main.tsx', 'src/app/screens/alerts/AlertsScreen.tsx', 'src/app/screens/alerts/cards/AlertCards.tsx'],
  // the data worker (its first script loads the rest, main.ts, with import()) and the service worker
  pinned: ['src/worker/index.ts', 'src/worker/main.ts', 'src/sw/sw.ts'],
  sources: 'src',
};

/** Static imports and re-exports of a module (not `import type`, not `import()`): the specifiers as written. */
export function staticImports(source: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;\s])(import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(re)) {
    if (m[2]) continue;
    // `export const x = ...` never reaches `from '...'` without a `;` or quote first; a bare `import '...'` has no clause.
    if (m[1] === 'export' && m[3] === undefined) continue;
    out.push(m[4]!);
  }
  return out;
}

function resolveFile(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const bare = path.resolve(path.dirname(from), specifier.split('?')[0]!);
  for (const candidate of [bare, `${bare}.ts`, `${bare}.tsx`, path.join(bare, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The source files (absolute paths) the entries load by static imports, the entries included. */
export function staticClosure(entries: readonly string[], read: (file: string) => string = (f) => readFileSync(f, 'utf8')): Set<string> {
  const seen = new Set<string>();
  const stack = entries.map((e) => path.resolve(e));
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(read(file))) {
      const target = resolveFile(file, specifier);
      if (target) stack.push(target);
    }
  }
  return seen;
}

const prefixesOf = new Map<string, string[]>();

/** The literal starts of the template strings of a source that go on with a value: `Prefix${…}`. */
function templatePrefixes(source: string): string[] {
  let prefixes = prefixesOf.get(source);
  if (!prefixes) {
    prefixes = [...new Set([...source.matchAll(/`([A-Za-z][A-Za-z0-9]*)\$\{/g)].map((m) => m[1]!))];
    prefixesOf.set(source, prefixes);
  }
  return prefixes;
}

/**
 * Whether the source names the key: as a string literal ('Key', "Key" or `Key`), or as the start of a template
 * string that builds it at run time (`Key${…}`, `KeyPart${…}`).
 */
export function namesKey(source: string, key: string): boolean {
  if (source.includes(`'${key}'`) || source.includes(`"${key}"`) || source.includes(`\`${key}\``)) return true;
  return templatePrefixes(source).some((prefix) => key.startsWith(prefix));
}

export interface MessageSplit {
  /** keys the shell carries */
  first: Set<string>;
  /** keys of the later part: named only by files outside the shell and outside the worker */
  later: Set<string>;
}

/**
 * Which keys go later: those that some file names and that no file of the shell (`eager`) or of the worker
 * (`pinned`) names. `sources`: every file that could name a key, by absolute path.
 */
export function splitKeys(keys: readonly string[], sources: ReadonlyMap<string, string>, eager: ReadonlySet<string>, pinned: ReadonlySet<string>): MessageSplit {
  const first = new Set<string>();
  const later = new Set<string>();
  for (const key of keys) {
    let inShell = false;
    for (const [file, text] of sources) {
      if (!namesKey(text, key)) continue;
      if (eager.has(file) || pinned.has(file)) {
        inShell = true;
        break;
      }
    }
    // Named by no file at all (not even as a template's start), a message goes later too: the shell never asks for it.
    (inShell ? first : later).add(key);
  }
  return { first, later };
}

/** Every .ts and .tsx file under a folder, by absolute path. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}
