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
 * Violations that are the policy working, not the console breaking: the alert-HTML sanitiser (DOMPurify, in the
 * lazy chunk built from src/app/components/sanitizer.ts) parses untrusted markup into an inert document, which
 * inherits the page's policy, so Chromium refuses and reports its inline styles and <base> while parsing. Nothing
 * of it is ever applied: DOMPurify drops those parts before anything reaches the page (alerts-output.spec.ts sends
 * such hostile alerts on purpose and checks that). Any other violation, or these from any other file, fails.
 */
export const SANITISER_PARSE = { sourceFile: /\/assets\/sanitizer-[\w-]+\.js$/, directives: ['style-src-attr', 'style-src-elem', 'base-uri'] };

export function isSanitiserParse(r: RecordedViolation): boolean {
  return SANITISER_PARSE.sourceFile.test(r.sourceFile ?? '') && SANITISER_PARSE.directives.includes(r.directive);
}

/** The violations that fail the run: all of them, except the deliberate ones (marked inline code) and the sanitiser's. */
export function unexpectedCspViolations(reports: readonly RecordedViolation[], { ignoreSelfTests = true } = {}): RecordedViolation[] {
  return reports.filter((r) => !(ignoreSelfTests && (r.sample ?? '').startsWith(CSP_SELFTEST_MARK)) && !isSanitiserParse(r));
}

export function describeCspViolations(list: readonly RecordedViolation[]): string {
  return list
    .map((v) => `  ${v.directive} refused ${v.blockedUrl || '(inline)'} on ${v.documentUrl}${v.sourceFile ? ` at ${v.sourceFile}:${v.line ?? '?'}` : ''}${v.sample ? ` (${v.sample})` : ''}`)
    .join('\n');
}
