// The documentation's links and paths lead somewhere: in README.md, server/README.md and docs/, every relative link
// (and image) names a file of the repository, every #anchor a heading of the page it points into, and every
// repository path written as code (`src/core/perms.ts`, `tests/e2e/offline.spec.ts`) exists. A file renamed or a
// heading reworded fails here with the page and line to fix.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
  return ['README.md', 'server/README.md', ...docs];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2... */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  const counts = new Map<string, number>();
  for (const { line } of proseLines(markdown)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = (m[1] as string)
      .toLowerCase()
      .replace(/<[^>]*>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The lines outside fenced code blocks, with their numbers. */
function proseLines(markdown: string): { line: string; n: number }[] {
  const out: { line: string; n: number }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (!fenced) out.push({ line, n: i + 1 });
  });
  return out;
}

function problemsIn(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const dir = path.dirname(file);
  const problems: string[] = [];
  for (const { line, n } of proseLines(text)) {
    const targets = [
      ...[...line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1] as string),
      ...[...line.matchAll(/\bsrc="([^"]+)"/g)].map((m) => m[1] as string),
    ];
    for (const target of targets) {
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
      const [filePart, anchor] = target.split('#') as [string, string | undefined];
      const resolved = filePart ? path.join(dir, decodeURIComponent(filePart)) : file;
      if (!existsSync(path.join(ROOT, resolved))) {
        problems.push(`${file}:${n}: the link ${target} leads to ${resolved}, which does not exist`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !anchors(readFileSync(path.join(ROOT, resolved), 'utf8')).has(anchor)) {
        problems.push(`${file}:${n}: the link ${target}: ${resolved} has no heading whose anchor is #${anchor}`);
      }
    }
    // Repository paths written as code, e.g. `src/core/perms.ts` or `tests/e2e/` (placeholders such as * or <lang> skipped).
    for (const m of line.matchAll(/`((?:src|server|tests|scripts|docs|public)\/[^`\s]*)`/g)) {
      const p = (m[1] as string).replace(/[:#].*$/, '');
      if (/[*<>{}]/.test(p)) continue;
      if (!existsSync(path.join(ROOT, p))) problems.push(`${file}:${n}: \`${p}\` does not exist in the repository`);
    }
  }
  return problems;
}

describe('the documentation', () => {
  it('links only to files and headings that exist, and names only paths that exist', () => {
    const files = markdownFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/configuration.md', 'docs/deploying.md']));
    const problems = files.flatMap(problemsIn);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it("computes GitHub's anchors", () => {
    expect([...anchors("## Console settings (config.json and the API's /config)\n## Upgrading from alerta-webui 8.7.1\n## Stack\n## Stack")]).toEqual([
      'console-settings-configjson-and-the-apis-config',
      'upgrading-from-alerta-webui-871',
      'stack',
      'stack-1',
    ]);
    expect([...anchors('```\n## not a heading\n```\n## One poll loop per browser (leader election)')]).toEqual([
      'one-poll-loop-per-browser-leader-election',
    ]);
  });
});
