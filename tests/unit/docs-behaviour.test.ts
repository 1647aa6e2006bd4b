// docs/behaviour.md against the code where a table of it can be checked: the keys of the alert list's hash (the
// format bookmarks depend on) are those src/core/url-hash.ts writes and reads, and every src/core module the page
// names as a rule's home is a module with its own unit test.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeHash, encodeHash, type HashState } from '../../src/core/url-hash.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOC = 'docs/behaviour.md';
const markdown = readFileSync(path.join(ROOT, DOC), 'utf8');

/** The first cells of the table that follows the hash example. */
function documentedHashKeys(): string[] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((l) => /^\| key \| holds \|/.test(l));
  expect(header, `${DOC}: the hash table ("| key | holds |") is missing`).toBeGreaterThan(-1);
  const keys: string[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const m = /^\|\s*`([^`]+)`/.exec(line);
    if (m) keys.push(m[1] as string);
  }
  return keys;
}

describe('docs/behaviour.md', () => {
  it("documents every key of the alert list's hash, and only keys the console reads", () => {
    const documented = documentedHashKeys();
    // Every field of the state set (Required: a field added to HashState and left out here does not compile), so the
    // encoder writes every key it knows.
    const full: Required<HashState> = {
      filter: {
        environment: 'Production',
        text: 'disk full',
        status: ['open'],
        customer: ['Acme'],
        service: ['Web'],
        group: ['Network'],
        dateRange: [-3600, 60],
      },
      sort: { sortBy: 'lastReceiveTime', descending: true },
      showPanel: true,
      groupBy: 'event',
      openGroups: ['DiskFull', 'NodeDown'],
      overview: true,
    };
    const written = encodeHash(full)
      .slice(1)
      .split(';')
      .map((entry) => entry.split(':')[0] as string);
    const problems = [
      ...written.filter((k) => !documented.includes(k)).map((k) => `${DOC}: add \`${k}\` to the hash table (src/core/url-hash.ts writes it)`),
      ...documented.filter((k) => decodeHash(`#${k}:1`) === null).map((k) => `${DOC}: the hash table lists \`${k}\`, which src/core/url-hash.ts does not read`),
    ];
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('names, for each rule, a src/core module that exists and has its unit test', () => {
    const modules = [...new Set([...markdown.matchAll(/`src\/core\/([a-z-]+)\.ts`/g)].map((m) => m[1] as string))];
    expect(modules.length).toBeGreaterThan(15);
    const problems = modules.flatMap((name) => [
      ...(existsSync(path.join(ROOT, `src/core/${name}.ts`)) ? [] : [`${DOC} names src/core/${name}.ts, which does not exist`]),
      ...(existsSync(path.join(ROOT, `tests/unit/core/${name}.test.ts`)) ? [] : [`src/core/${name}.ts has no tests/unit/core/${name}.test.ts`]),
    ]);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
