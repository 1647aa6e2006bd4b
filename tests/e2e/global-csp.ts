// Global setup and teardown of the end-to-end run: start with no recorded policy violations, and fail the run if any
// page, worker or service worker of the console violated its Content-Security-Policy (see ./csp.ts).
import { clearCspReports, cspReportFile, describeCspViolations, readCspReports, unexpectedCspViolations } from './csp.ts';

export default function globalSetup() {
  const file = cspReportFile();
  clearCspReports(file);
  return async function globalTeardown() {
    // A report posted as the last page closed may still be on its way.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const unexpected = unexpectedCspViolations(readCspReports(file));
    if (unexpected.length > 0) {
      throw new Error(`${unexpected.length} Content-Security-Policy violation(s) during the run (recorded in ${file}):\n${describeCspViolations(unexpected)}`);
    }
  };
}
