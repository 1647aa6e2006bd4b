// Comments, test titles and docs point inside the repository: they state the rule in a few words, or link to docs/,
// instead of citing documents a clone does not have (the product specification by section, the old console's fact
// sheet, numbered tasks of the project's tracker). This test reads every file git would commit and names the file
// and line of each such citation. Another project's issue is cited by its address
// (https://github.com/owner/repo/issues/123), which passes.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SELF = path.relative(ROOT, fileURLToPath(import.meta.url));

/** Files not read: package-lock.json is generated. */
const SKIPPED = new Set(['package-lock.json', SELF]);
/** Folders of installed, built or recorded files, for when git is missing and the tree is walked by hand. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules', 'dist', 'dev-dist', 'test-results', 'playwright-report', 'blob-report', 'coverage', '.vite']);
/** The demo server's databases, at the top only (src/app/data/ is code). */
const SKIPPED_TOP_DIRS = /^data(?:-.*)?$/;

/** A verb before "issue" ("may issue 2 requests") is the English word, not a task number. */
const VERB_BEFORE = String.raw`(?<!\b(?:to|may|can|will|would|must|should|could|might|never|not|we|they|it|I|then)\s)`;

const CITATIONS: readonly { what: string; pattern: RegExp }[] = [
  // Upper case: "SPEC 7", "SPEC 2 alert detail", "(SPEC: reset ...)", "in SPEC order", "SPEC.md".
  { what: 'the specification', pattern: /\bSPEC\b/ },
  { what: 'a section of the specification', pattern: /\bspec(?:ification)?\s*(?:§|section\b|sec\.|chapter\b)?\s*\d/i },
  { what: 'the specification', pattern: /\bthe spec(?:ification)?(?:'s|’s)|\bthe specification\b/i },
  { what: 'a numbered section', pattern: /§\s*\d/ },
  { what: "the old console's fact sheet", pattern: /\bconsole[-_ ]?facts\b/i },
  { what: "the old console's fact sheet", pattern: /\bFACTS\s+\d/ },
  { what: 'an issue number', pattern: new RegExp(String.raw`${VERB_BEFORE}\bissues?\s*(?:#\s*)?\d`, 'i') },
  { what: 'an issue', pattern: /\(\s*issue\s*[:)]/i },
  { what: 'a bug number', pattern: /\bbugs?\s*(?:#\s*)?\d+\b/i },
  { what: 'a pull request number', pattern: /\bPR\s*#\s*\d/ },
  { what: 'the design notes outside the repository', pattern: /\bARCHITECTURE\.md\b/ },
];

/** The citations in a text, as `line: what: the line`. */
function findCitations(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const hit = CITATIONS.find((c) => c.pattern.test(line));
    if (hit) found.push(`${i + 1}: ${hit.what}: ${line.trim()}`);
  });
  return found;
}

function repositoryFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    return out.split('\0').filter(Boolean);
  } catch {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(path.join(ROOT, dir))) {
        const rel = path.join(dir, name);
        if (statSync(path.join(ROOT, rel)).isDirectory()) {
          if (!SKIPPED_DIRS.has(name) && !(dir === '' && SKIPPED_TOP_DIRS.test(name))) walk(rel);
        } else files.push(rel);
      }
    };
    walk('');
    return files;
  }
}

function isText(bytes: Buffer): boolean {
  return !bytes.subarray(0, 8192).includes(0);
}

describe('citations of documents outside the repository', () => {
  it('finds none in the sources, tests, scripts, config and docs', () => {
    const files = repositoryFiles().filter((f) => !SKIPPED.has(f.split(path.sep).join('/')));
    // The tree as a fresh clone has it: sources, tests and docs are all there to be read.
    expect(files).toEqual(expect.arrayContaining(['src/core/actions.ts', 'server/api.ts', 'docs/deploying.md', 'vite.config.ts']));
    const found: string[] = [];
    for (const file of files) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(path.join(ROOT, file));
      } catch {
        continue; // deleted in the work tree but not yet in git's index
      }
      if (!isText(bytes)) continue;
      for (const hit of findCitations(bytes.toString('utf8'))) found.push(`${file}:${hit}`);
    }
    expect(found, 'state the rule in words, or link to docs/, instead of citing these').toEqual([]);
  });

  // The examples are built from pieces so that this file does not cite anything itself.
  const cite = (...parts: string[]) => parts.join('');

  it.each([
    cite('// the popup size (SP', 'EC 7).'),
    cite('/** Routes and guards of SP', 'EC 2 alert detail */'),
    cite('the configured filter (SP', 'EC: reset uses config `filter`)'),
    cite("it('shows every entry in SP", "EC order')"),
    cite('see the spec ', '§4.2'),
    cite('as the spec section ', '9 says'),
    cite('the old export (CONSOLE-', 'FACTS 7.6 example)'),
    cite('console ', 'facts 3.2'),
    cite('Scope expansion (', 'FACTS 3.3)'),
    cite('start-up (is', 'sue 16)'),
    cite('// Is', 'sue 16 tightened the shell'),
    cite('see is', 'sue #14 and issues 16'),
    cite("it('keeps the hash (is", "sue 14)', () => {"),
    cite('the poll loop (is', 'sue: one per browser)'),
    cite('the old console\'s b', 'ug 9'),
    cite('fixed in P', 'R #12'),
    cite('the house plan (ARCHITECTURE', '.md)'),
    cite("the spec", "'s 200 ms leading-edge gate"),
  ])('flags %s', (line) => {
    expect(findCitations(`const x = 1;\n${line}\n`)).toEqual([expect.stringMatching(/^2: /)]);
  });

  it.each([
    'the token the server issues, or nothing',
    'export async function issueToken(ctx, user, issuer) {',
    '.setIssuer(issuer)',
    'the worker may issue 2 requests a cycle at most',
    'reported upstream: https://github.com/vitejs/vite/issues/12345',
    'GitHub issues of other projects are linked, not numbered',
    "test('the list', ...) in alerts-list.spec.ts: 253 rows",
    'the e2e specs 1 to 3 start their own server',
    'const spec = RESOURCES[resource];',
    "type Spec = { r: string; e: string };",
    'the About screen shows the API facts: 3 rows',
    "colours: grey '#999999', critical #b94a48",
    'debugging 2 rows at once',
  ])('lets %s pass', (line) => {
    expect(findCitations(line)).toEqual([]);
  });
});
