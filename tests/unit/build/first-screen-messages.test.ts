// The English catalogue split for the shell (scripts/first-screen-messages.ts): a message stays in the shell when any
// file of the shell or of the worker names it (also as the start of a template string that builds it at run time);
// messages that code outside both alone names, or that no code names, go later, and the code naming them brings them.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_MESSAGES, namesKey, sourceFiles, splitKeys, staticClosure, staticImports } from '../../../scripts/first-screen-messages.ts';
import { readCatalogueModule } from '../../../scripts/icu-messages.ts';

describe('static imports of a module', () => {
  it('reads imports, re-exports and bare imports, not type-only imports or import()', () => {
    const source = [
      "import { a } from './a.ts';",
      "import b, {\n  c,\n  type D,\n} from './b.tsx';",
      "import type { E } from './e.ts';",
      "export { f } from './f.ts';",
      "export * from './g.ts';",
      "import './styles.css';",
      "const lazy = () => import('./lazy.tsx');",
      "export const h = 'from';",
    ].join('\n');
    expect(staticImports(source)).toEqual(['./a.ts', './b.tsx', './f.ts', './g.ts', './styles.css']);
  });
});

describe('the split of a catalogue', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'split-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const full = path.join(dir, name);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    return full;
  };
  const main = file('main.tsx', "import { Shell } from './Shell.tsx';\nconst Admin = () => import('./Admin.tsx');\nt('Title');");
  const shell = file('Shell.tsx', "export const Shell = () => t(\"Refresh\") + t(`BuiltAt${when}`);\nimport type { X } from './Admin.tsx';");
  const admin = file('Admin.tsx', "import { Shell } from './Shell.tsx';\nt('Users'); t('Refresh'); t(`Groups`); t(`Query${kind}`);");
  const worker = file('worker/index.ts', "import './errors.ts';");
  const errors = file('worker/errors.ts', "post({ key: 'Offline' });");
  const other = file('Other.tsx', "t('Offline'); t('Users');");

  it('follows static imports from the entries only', () => {
    expect(staticClosure([main])).toEqual(new Set([main, shell]));
    expect(staticClosure([worker])).toEqual(new Set([worker, errors]));
  });

  it('sends later only the keys that files outside the shell and the worker alone name', () => {
    const sources = new Map([main, shell, admin, worker, errors, other].map((f) => [f, readFileSync(f, 'utf8')]));
    const keys = ['Title', 'Refresh', 'Users', 'Groups', 'Offline', 'BuiltAtRunTime', 'QueryBadBound', 'NamedByNobody'];
    const { first, later } = splitKeys(keys, sources, staticClosure([main]), staticClosure([worker]));
    expect([...later].sort()).toEqual(['Groups', 'NamedByNobody', 'QueryBadBound', 'Users']);
    expect([...first].sort()).toEqual(['BuiltAtRunTime', 'Offline', 'Refresh', 'Title']);
  });

  it('counts a key as named only as a whole string literal', () => {
    expect(namesKey("t('Users')", 'Users')).toBe(true);
    expect(namesKey("t('UsersInGroup')", 'Users')).toBe(false);
    expect(namesKey('const Users = 1', 'Users')).toBe(false);
    expect(namesKey('t(`QueryBadBound${cap(kind)}`)', 'QueryBadBoundDate')).toBe(true);
    expect(namesKey('t(`QueryBadBound${cap(kind)}`)', 'QueryFieldNeedsRange')).toBe(false);
  });
});

describe("the console's own split", () => {
  it('keeps in the shell every message the first screen or the worker names, and sends the admin screens’ later', async () => {
    const root = path.resolve(__dirname, '../../..');
    const catalogue = path.join(root, FIRST_SCREEN_MESSAGES.catalogue);
    const keys = Object.keys(await readCatalogueModule(catalogue));
    const shell = staticClosure(FIRST_SCREEN_MESSAGES.entries.map((f) => path.join(root, f)));
    const pinned = staticClosure(FIRST_SCREEN_MESSAGES.pinned.map((f) => path.join(root, f)));
    const files = sourceFiles(path.join(root, 'src')).filter((f) => !f.includes(`${path.sep}messages${path.sep}`));
    const sources = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
    const { first, later } = splitKeys(keys, sources, shell, pinned);
    // The shell's own files, the alert list's and the worker's: every key they name is in the shell's part.
    for (const f of [...shell, ...pinned]) for (const k of keys) if (namesKey(sources.get(f) ?? '', k)) expect(first.has(k), `${k} (${path.relative(root, f)})`).toBe(true);
    // The alert list's texts are in the shell, the users screen's are not.
    expect(shell.has(path.join(root, 'src/app/screens/alerts/table/AlertTable.tsx'))).toBe(true);
    expect(shell.has(path.join(root, 'src/app/screens/alerts/cards/AlertCards.tsx'))).toBe(true);
    expect(shell.has(path.join(root, 'src/app/screens/users/UsersScreen.tsx'))).toBe(false);
    // The whole data worker, whose first script loads the rest with import().
    expect(pinned.has(path.join(root, 'src/worker/session-service.ts'))).toBe(true);
    expect(first.has('Refresh')).toBe(true);
    expect(later.size).toBeGreaterThan(100);
  });
});
