import { expect, test } from '@playwright/test';
import { CSP_SELFTEST_MARK, cspReportFile, readCspReports, unexpectedCspViolations } from './csp.ts';

// The console is served with a strict security policy, and the run's check for violations (tests/e2e/global-csp.ts)
// really hears them: this page injects an inline script and an inline style on purpose.

test('the console is served with a strict security policy and its own headers', async ({ page }) => {
  const response = await page.goto('/alerts');
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain('report-uri /csp-report');
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-robots-tag']).toBe('noindex, nofollow');
  // The built shell needs no inline code: every <script> has a src, and there is no <style> or style attribute.
  const html = await response!.text();
  expect(html).toMatch(/<script type="module"[^>]* src="\/assets\//);
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  expect(html).not.toMatch(/<style|\sstyle=/);
  // The console works under it: the worker fetched the alerts and the service worker took control.
  await expect(page.locator('[data-row-id]').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))).toBe(true);
});

test('a policy violation is refused, reported to the server and caught by the final check', async ({ page }) => {
  const mark = `${CSP_SELFTEST_MARK}${Date.now()}`;
  await page.goto('/alerts');
  await expect(page.locator('[data-row-id]').first()).toBeVisible();

  const seen = await page.evaluate(
    (mark) =>
      new Promise<string[]>((resolve) => {
        const directives: string[] = [];
        document.addEventListener('securitypolicyviolation', (e) => {
          directives.push(e.effectiveDirective);
          if (directives.length === 2) resolve(directives.sort());
        });
        // What an injection would try: an inline script, and an inline style over the console's own controls.
        const script = document.createElement('script');
        script.textContent = `${mark} window.__cspInlineScriptRan = true`;
        document.head.append(script);
        const div = document.createElement('div');
        div.setAttribute('style', `${mark} position:fixed;inset:0`);
        document.body.append(div);
      }),
    mark,
  );
  expect(seen).toEqual(['script-src-elem', 'style-src-attr']);
  expect(await page.evaluate(() => (window as unknown as { __cspInlineScriptRan?: boolean }).__cspInlineScriptRan)).toBeUndefined();

  const file = cspReportFile();
  // 'report-sample' brings the start of the refused code, and with it this run's mark.
  const ours = () => readCspReports(file).filter((r) => r.sample?.startsWith(mark));
  await expect.poll(() => ours().map((r) => r.directive).sort(), { timeout: 10_000 }).toEqual(['script-src-elem', 'style-src-attr']);
  expect(ours().every((r) => r.blockedUrl === 'inline')).toBe(true);
  // The final check passes over these deliberate ones only because of the mark; anywhere else they fail the run.
  expect(unexpectedCspViolations(ours())).toEqual([]);
  expect(unexpectedCspViolations(ours(), { ignoreSelfTests: false })).toHaveLength(2);
});
