// The end-to-end run's check for security-policy violations. Every console the tests open (the two demo servers
// of playwright.config.ts and the in-process ones some specs start) sends its Content-Security-Policy with
// `report-uri /csp-report`; the server appends each report to the file named by CSP_REPORT_FILE, and the global
// teardown (./global-csp.ts) fails the run when it holds any violation that was not triggered on purpose.
//
// Why reports on the server rather than a listener in every page: it needs no change to the tests (they import
// `test` from @playwright/test directly), and it also hears violations in the data worker, the service worker,
// popups and pages opened by the app, which a page's `securitypolicyviolation` listener or console messages miss.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { CspViolation } from '../../server/console-serving.ts';

/**
 * Inline code that starts with this comment violates the policy on purpose (tests/e2e/csp-report.spec.ts); the
 * policy's 'report-sample' puts it into the report.
 */
export const CSP_SELFTEST_MARK = '/*csp-selftest*/';

export type RecordedViolation = CspViolation & { at: string };

export function cspReportFile(): string {
  const file = process.env.CSP_REPORT_FILE;
  if (!file) throw new Error('CSP_REPORT_FILE is not set (playwright.config.ts sets it)');
  return file;
}

export function clearCspReports(file: string): void {
  rmSync(file, { force: true });
}

/** The violations recorded so far; a line cut short by a crash is skipped. */
export function readCspReports(file: string): RecordedViolation[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as RecordedViolation];
      } catch {
        return [];
      }
    });
}

/**
 * The violations that fail the run: all of them, except the deliberate ones (marked inline code). There is no other
 * exception: alert HTML is sanitised without being parsed into a document (src/core/sanitize-html.ts), so even the
 * hostile alerts of alerts-output.spec.ts make the browser report nothing.
 */
export function unexpectedCspViolations(reports: readonly RecordedViolation[], { ignoreSelfTests = true } = {}): RecordedViolation[] {
  return reports.filter((r) => !(ignoreSelfTests && (r.sample ?? '').startsWith(CSP_SELFTEST_MARK)));
}

export function describeCspViolations(list: readonly RecordedViolation[]): string {
  return list
    .map((v) => `  ${v.directive} refused ${v.blockedUrl || '(inline)'} on ${v.documentUrl}${v.sourceFile ? ` at ${v.sourceFile}:${v.line ?? '?'}` : ''}${v.sample ? ` (${v.sample})` : ''}`)
    .join('\n');
}
