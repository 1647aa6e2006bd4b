// Waiting for what the page's probe (page-probe.js) saw, without touching the page meanwhile. The probe says so on the
// console. Waiting with page.waitForFunction would make Playwright inject its own script (about 330 KB) into the page
// as the console starts and then poll it: 10–35 ms of the page's main thread in traces, at the moment the console's
// own start needs that thread (to pass the data worker its first message, to render), measured as the console's.
import type { Page } from 'playwright-core';

/** What the probe tells: the first alert row, the first row of an answer from the API, the first group line. */
export type ProbeSign = 'first-row' | 'first-live-row' | 'first-group';

/** The console message by which the probe tells it (page-probe.js writes the same). */
const probeMessage = (sign: ProbeSign): string => `bench:${sign}`;

/**
 * Resolves when the probe of `page` tells `sign`. Call it before the navigation that leads there: a sign told before
 * the wait began is not seen.
 */
export async function probeSaw(page: Page, sign: ProbeSign, timeoutMs = 30_000): Promise<void> {
  await page.waitForEvent('console', { predicate: (message) => message.text() === probeMessage(sign), timeout: timeoutMs });
}
