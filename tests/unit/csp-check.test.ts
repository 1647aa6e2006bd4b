// The end-to-end run's final check (tests/e2e/global-csp.ts): every recorded violation fails the run except the
// deliberate ones of tests/e2e/csp-report.spec.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CSP_SELFTEST_MARK, describeCspViolations, readCspReports, unexpectedCspViolations } from '../e2e/csp.ts';

it('reads the recorded violations and flags all but the marked ones', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'csp-check-'));
  try {
    const file = path.join(dir, 'reports.jsonl');
    expect(readCspReports(file)).toEqual([]);
    const real = { at: 't', documentUrl: 'http://x/alerts', blockedUrl: 'https://cdn.example/x.js', directive: 'script-src-elem' };
    const deliberate = { at: 't', documentUrl: 'http://x/alerts', blockedUrl: 'inline', directive: 'script-src-elem', sample: `${CSP_SELFTEST_MARK}123 window.x` };
    const markedElsewhere = { ...deliberate, sample: `window.x ${CSP_SELFTEST_MARK}` };
    // What the old DOM-parsing sanitiser caused, from the file that parsed alert HTML: no longer excused.
    const sanitiser = { at: 't', documentUrl: 'http://x/alerts', blockedUrl: 'inline', directive: 'script-src-attr', sourceFile: 'http://x/assets/sanitizer-DfOjpDrc.js', line: 2 };
    writeFileSync(file, [real, deliberate, markedElsewhere, sanitiser].map((r) => JSON.stringify(r)).join('\n') + '\n{"cut sh');
    const all = readCspReports(file);
    expect(all).toHaveLength(4);
    expect(unexpectedCspViolations(all)).toEqual([real, markedElsewhere, sanitiser]);
    expect(unexpectedCspViolations(all, { ignoreSelfTests: false })).toHaveLength(4);
    expect(describeCspViolations([real])).toBe('  script-src-elem refused https://cdn.example/x.js on http://x/alerts');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
