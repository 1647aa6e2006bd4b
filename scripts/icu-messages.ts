// Build-time compilation of the i18n catalogues: `import en from './messages/en.ts?icu'` gives the
// catalogue with every ICU message already parsed into the compact form of src/core/icu-message.ts, so the console
// ships no message parser. It works on whatever keys the catalogue files hold when they are built: the catalogue
// module itself is read (TypeScript transpiled, then evaluated), nothing is copied by hand. A message that does not
// parse, or that uses what the runtime formatter does not know (dates, times, tags, number skeletons), fails the
// build with its file and key. Used by vite.config.ts and vitest.config.ts; the tests compile with compileCatalogue.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement, type PluralOrSelectOption } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { namesKey, sourceFiles, splitKeys, staticClosure } from './first-screen-messages.ts';
import type { CompiledCatalogue, CompiledMessage, CompiledPart, NumberStyle } from '../src/core/icu-message.ts';

const QUERY = '?icu';

export class MessageCompileError extends Error {}

function compileOptions(options: Record<string, PluralOrSelectOption>): Record<string, CompiledMessage> {
  const out: Record<string, CompiledMessage> = {};
  for (const [key, option] of Object.entries(options)) out[key] = compileElements(option.value);
  return out;
}

function compileElements(elements: readonly MessageFormatElement[]): CompiledMessage {
  const parts: CompiledPart[] = [];
  for (const el of elements) {
    switch (el.type) {
      case TYPE.literal: {
        const last = parts[parts.length - 1];
        if (typeof last === 'string') parts[parts.length - 1] = last + el.value;
        else parts.push(el.value);
        break;
      }
      case TYPE.argument:
        parts.push([0, el.value]);
        break;
      case TYPE.number: {
        if (el.style !== null && el.style !== undefined && el.style !== 'integer' && el.style !== 'percent') {
          throw new MessageCompileError(`{${el.value}, number, ...}: only the plain, integer and percent number styles are supported`);
        }
        parts.push(el.style ? [1, el.value, el.style as NumberStyle] : [1, el.value]);
        break;
      }
      case TYPE.select:
        parts.push([2, el.value, compileOptions(el.options)]);
        break;
      case TYPE.plural: {
        const ordinal = el.pluralType === 'ordinal';
        const part: CompiledPart = ordinal ? [3, el.value, compileOptions(el.options), el.offset, 1] : el.offset ? [3, el.value, compileOptions(el.options), el.offset] : [3, el.value, compileOptions(el.options)];
        parts.push(part);
        break;
      }
      case TYPE.pound:
        parts.push([4]);
        break;
      default:
        throw new MessageCompileError(`{${'value' in el ? el.value : ''}}: ${TYPE[el.type]} elements are not supported by the console's formatter (src/core/icu-message.ts)`);
    }
  }
  if (parts.length === 0) return '';
  if (parts.length === 1 && typeof parts[0] === 'string') return parts[0];
  return parts;
}

/** One ICU message in the compiled form; throws MessageCompileError when it does not parse or is not supported. */
export function compileMessage(raw: string): CompiledMessage {
  let ast: MessageFormatElement[];
  try {
    ast = parse(raw);
  } catch (error) {
    throw new MessageCompileError(`does not parse as ICU MessageFormat (${error instanceof Error ? error.message : String(error)})`);
  }
  return compileElements(ast);
}

/**
 * Every message of a catalogue compiled. A message that cannot be compiled goes to `onProblem` (the build fails
 * there) and becomes null (the app then shows the English text, as for a missing one); an empty one stays ''.
 */
export function compileCatalogue(catalogue: Readonly<Record<string, string>>, onProblem?: (key: string, problem: string) => void): CompiledCatalogue {
  const out: Record<string, CompiledMessage | null> = {};
  for (const [key, raw] of Object.entries(catalogue)) {
    if (typeof raw !== 'string') {
      onProblem?.(key, 'is not a string');
      out[key] = null;
      continue;
    }
    try {
      out[key] = compileMessage(raw);
    } catch (error) {
      onProblem?.(key, error instanceof Error ? error.message : String(error));
      out[key] = null;
    }
  }
  return out;
}

/** The default export of a catalogue module (TypeScript, no runtime imports), read by evaluating it. */
export async function readCatalogueModule(file: string): Promise<Record<string, string>> {
  const source = readFileSync(file, 'utf8');
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false }, fileName: file }).outputText;
  if (/^\s*import\s+(?!type\b)/m.test(js)) throw new MessageCompileError(`${file}: a catalogue module may not import anything at run time`);
  const module = (await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`)) as { default?: unknown };
  if (!module.default || typeof module.default !== 'object') throw new MessageCompileError(`${file}: the default export is not a catalogue object`);
  return module.default as Record<string, string>;
}

/** Where the English catalogue is split for the shell (scripts/first-screen-messages.ts); build only. */
export interface FirstScreenOptions {
  /** the English catalogue module, e.g. src/app/i18n/messages/en.ts */
  catalogue: string;
  /** the modules whose static imports make the shell: main.tsx and the first screen */
  entries: string[];
  /** the data worker's and the service worker's entries: every key they name stays in the shell */
  pinned: string[];
  /** the folder whose files may name keys (src) */
  sources: string;
}

const LATER = 'virtual:later-messages';
const LATER_ID = `\0${LATER}`;

/** The Vite plugin: `<catalogue>.ts?icu` is that catalogue, compiled. */
export function icuMessages(firstScreen?: FirstScreenOptions): Plugin {
  let split: { catalogue: string; later: Set<string>; laterKeys: string[]; shell: Set<string> } | null = null;
  let building = false;
  return {
    name: 'alerta:icu-messages',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    async buildStart() {
      if (!firstScreen || !building) return;
      const catalogue = path.resolve(firstScreen.catalogue);
      const keys = Object.keys(await readCatalogueModule(catalogue));
      const shell = staticClosure(firstScreen.entries);
      const pinned = staticClosure(firstScreen.pinned);
      const sources = new Map(sourceFiles(path.resolve(firstScreen.sources)).filter((f) => f !== catalogue && !f.includes(`${path.sep}messages${path.sep}`)).map((f) => [f, readFileSync(f, 'utf8')] as const));
      const { later } = splitKeys(keys, sources, shell, pinned);
      split = { catalogue, later, laterKeys: [...later], shell: new Set([...shell, ...pinned]) };
    },
    async resolveId(source, importer) {
      if (source === LATER) return LATER_ID;
      if (!source.endsWith(QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}${QUERY}` : null;
    },
    async load(id) {
      if (id === LATER_ID) {
        if (!split) return 'export {};\n';
        const all = compileCatalogue(await readCatalogueModule(split.catalogue));
        const later = Object.fromEntries(split.laterKeys.map((k) => [k, all[k] ?? null]));
        // Added to the English catalogue the shell already holds: the translator reads it at each call.
        return `import en from ${JSON.stringify(`${split.catalogue}${QUERY}`)};\nObject.assign(en, JSON.parse(${JSON.stringify(JSON.stringify(later))}));\n`;
      }
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      const problems: string[] = [];
      let catalogue = compileCatalogue(await readCatalogueModule(file), (key, problem) => problems.push(`message "${key}" ${problem}`));
      if (problems.length) this.error(`${file}: ${problems.join('; ')}`);
      if (split && file === split.catalogue) {
        const later = split.later;
        catalogue = Object.fromEntries(Object.entries(catalogue).filter(([k]) => !later.has(k)));
      }
      // JSON.parse of a string is faster for the engine than the same object written as a literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(catalogue))});\n`;
    },
    transform(code, id) {
      // Code outside the shell that names a message of the later part brings that part with it.
      if (!split || id.includes('\0') || id.includes('?') || !/\.tsx?$/.test(id) || split.shell.has(id) || id.includes('node_modules')) return null;
      if (!split.laterKeys.some((k) => namesKey(code, k))) return null;
      // On the first line, before what is there: no line moves, so the source map stays true (null: unchanged).
      return { code: `import ${JSON.stringify(LATER)};${code}`, map: null };
    },
  };
}
