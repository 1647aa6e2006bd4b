// Shared helpers for the end-to-end tests: the two demo servers and the demo accounts (printed by `npm start`).
import { expect, type BrowserContext, type Page } from '@playwright/test';

/** auth on, same seed as the default (auth off) server */
export const AUTH_BASE_URL = process.env.AUTH_BASE_URL ?? 'http://127.0.0.1:4174';

export const DEMO_USERS = {
  admin: { username: 'admin@alerta.dev', password: 'alerta-demo' },
  operator: { username: 'operator@alerta.dev', password: 'alerta-demo' },
  viewer: { username: 'viewer@alerta.dev', password: 'alerta-demo' },
  customer: { username: 'ops@acme.example', password: 'alerta-demo' },
} as const;

/** Signs in through the login form of the auth-on server and waits for the alerts list. */
export async function signIn(page: Page, who: keyof typeof DEMO_USERS = 'admin') {
  const user = DEMO_USERS[who];
  await page.goto(`${AUTH_BASE_URL}/login`);
  await page.getByLabel(/username|e-?mail/i).first().fill(user.username);
  await page.getByLabel(/password/i).first().fill(user.password);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await expect(page).toHaveURL(/\/alerts/);
}

/**
 * Resolves once the page has settled: no change to the document, its layout or its scroll for two animation frames in
 * a row (after a click, a scroll or a resize, when what follows from it has been drawn). Waiting on that, not on a
 * fixed time, keeps a test's pace that of the machine.
 */
export async function settled(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.evaluate(
    (timeout) =>
      new Promise<void>((resolve) => {
        let changed = true;
        const observer = new MutationObserver(() => (changed = true));
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const onScroll = () => (changed = true);
        document.addEventListener('scroll', onScroll, { capture: true, passive: true });
        let quiet = 0;
        const end = performance.now() + timeout;
        const frame = () => {
          quiet = changed ? 0 : quiet + 1;
          changed = false;
          if (quiet >= 2 || performance.now() > end) {
            observer.disconnect();
            document.removeEventListener('scroll', onScroll, { capture: true });
            resolve();
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    timeoutMs,
  );
}

/** The requests a demo server with --test-hooks received (the last 500), and how many since its counts were reset. */
async function requestLog(page: Page, base: string): Promise<{ log: string[]; seq: number }> {
  const res = await page.request.get(`${base}/__test__/requests`);
  return (await res.json()) as { log: string[]; seq: number };
}

/** A cycle of an alert list: each asks once which alert was updated last (src/worker/page-probe.ts, set-sync.ts). */
export const isListCycle = (line: string) => line.startsWith('GET /alerts?') && line.includes('sort-by=updateTime&page=1&page-size=1');

/**
 * Waits until the API has seen `n` more cycles of the alert lists than when it was called (the poller's own, or a
 * refresh's), then until the page has settled: what those cycles brought has been shown.
 */
export async function afterCycles(page: Page, n: number, run: () => Promise<unknown> = async () => undefined, base = ''): Promise<void> {
  const start = (await requestLog(page, base)).seq;
  await run();
  await expect
    .poll(
      async () => {
        const { log, seq } = await requestLog(page, base);
        const first = seq - log.length;
        return log.filter((line, i) => first + i >= start && isListCycle(line)).length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(n);
  await settled(page);
}

/**
 * Counts, in the page, the alert lists' messages from the data worker (a full state or a patch: one per cycle of the
 * list shown), as they arrive on the Comlink port (`window.__listMessages`). Call before the page's first navigation.
 */
export async function countListMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __listMessages: number };
    w.__listMessages = 0;
    const add = MessagePort.prototype.addEventListener;
    MessagePort.prototype.addEventListener = function (this: MessagePort, type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) {
      if (type === 'message' && typeof listener === 'function') {
        const inner = listener;
        return add.call(this, type, function (this: MessagePort, ev: Event) {
          const data = (ev as MessageEvent).data as { type?: string; argumentList?: { value?: { type?: string } }[] } | null;
          const kind = data?.type === 'APPLY' ? data.argumentList?.[0]?.value?.type : undefined;
          if (kind === 'alerts-full' || kind === 'alerts-patch') w.__listMessages++;
          return inner.call(this, ev);
        }, options);
      }
      return add.call(this, type, listener, options);
    } as typeof MessagePort.prototype.addEventListener;
  });
}

/**
 * Runs `run` (a refresh, say), then waits until the list shown has had `n` more cycles' messages from the worker and
 * the page has settled: what those cycles brought is on screen. Needs countListMessages.
 */
export async function afterListCycles(page: Page, n: number, run: () => Promise<unknown> = async () => undefined): Promise<void> {
  const count = () => page.evaluate(() => (window as unknown as { __listMessages: number }).__listMessages);
  const start = await count();
  await run();
  await expect.poll(count, { timeout: 30_000 }).toBeGreaterThanOrEqual(start + n);
  await settled(page);
}

/**
 * Holds the requests of a browser context that match `matches` until the test calls `release()`: "X happens before Y
 * has loaded" is then shown by order (X is seen while Y is held), never by a delay that a busy machine can outlast.
 * `releasedAt` is when the held requests were let go (Infinity before).
 */
export async function holdRequests(context: BrowserContext, matches: RegExp | ((url: URL) => boolean)) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = { releasedAt: Infinity, release: () => ((hold.releasedAt = Math.min(hold.releasedAt, Date.now())), release()) };
  await context.route(matches, async (route) => {
    await held;
    await route.continue();
  });
  return hold;
}
