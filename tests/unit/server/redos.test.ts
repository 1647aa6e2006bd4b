// Regular-expression denial of service: q= wildcards and /regex/ terms run in linear time (RE2), and every query
// has a time budget that ends in a 400 in the error envelope instead of a frozen process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { loadSyntheticAlerts } from '../../../server/load.ts';
import { client, type Json, type Res } from './helpers.ts';

/** Runs a request and measures how long the answer took, as the client sees it. */
async function timed(p: Promise<Res>): Promise<Res & { ms: number }> {
  const t0 = performance.now();
  const res = await p;
  return { ...res, ms: performance.now() - t0 };
}

const q = (query: string): string => `/alerts?q=${encodeURIComponent(query)}`;

/** A server holding one alert with this text: a backtracking engine takes seconds on it, yet ends. */
async function serverWithText(text: string): Promise<{ s: RunningServer; api: ReturnType<typeof client> }> {
  const s = await startServer({ seed: 'none' });
  const api = client(s.apiUrl);
  await api.post('/alert', { resource: 'redos01', event: 'Probe', environment: 'Production', severity: 'minor', text });
  return { s, api };
}

describe('hostile patterns answer at once', () => {
  it('text:/(.+)+x/ answers within 1 s without a 500, and an ordinary request sent with it is not stalled', async () => {
    const { s, api } = await serverWithText('a'.repeat(26));
    const [hostile, ordinary] = await Promise.all([timed(api.get(q('text:/(.+)+x/'))), timed(api.get('/config'))]);
    await s.close();
    expect(hostile.status).toBeLessThan(500);
    expect(hostile.ms).toBeLessThan(1000);
    expect(ordinary.status).toBe(200);
    expect(ordinary.ms).toBeLessThan(1000);
  });

  it('the wildcard form text:*???…Ж answers within 1 s without a 500', async () => {
    const { s, api } = await serverWithText('abcdef');
    const [hostile, ordinary] = await Promise.all([
      timed(api.get(q(`text:*${'?'.repeat(60)}Ж`))),
      timed(api.get('/alerts/count')),
    ]);
    await s.close();
    expect(hostile.status).toBeLessThan(500);
    expect(hostile.ms).toBeLessThan(1000);
    expect(ordinary.ms).toBeLessThan(1000);
  });
});

describe('patterns keep their meaning', () => {
  let s: RunningServer;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    s = await startServer({ seed: 'none' });
    api = client(s.apiUrl);
    await api.post('/alert', { resource: 'redos01', event: 'Probe', environment: 'Production', severity: 'minor', text: 'a'.repeat(22) });
    await api.post('/alert', { resource: 'redos02', event: 'Probe', environment: 'Production', severity: 'minor', text: 'Abc Жук' });
  });
  afterAll(() => s.close());

  it('ordinary wildcards and regular expressions match as before, case-insensitively', async () => {
    const resources = async (query: string): Promise<string[]> =>
      ((await api.get(q(query))).body.alerts as Json[]).map((a) => a.resource as string).sort();
    expect(await resources('resource:redos0?')).toEqual(['redos01', 'redos02']);
    expect(await resources('resource:redos*2')).toEqual(['redos02']);
    // Postgres's word boundaries know every script
    expect(await resources('text:"жук"')).toEqual(['redos02']);
    expect(await resources('text:"жу"')).toEqual([]);
    expect(await resources('text:/^ABC/')).toEqual(['redos02']);
    expect(await resources('text:/a{20}/')).toEqual(['redos01']);
  });

  it('a regular expression RE2 cannot run in linear time (back-references, look-ahead) is refused as an invalid one', async () => {
    // Postgres would run these; this server keeps to linear-time matching (docs/search.md lists the difference)
    for (const bad of ['text:/(a)\\1/', 'text:/(?=a)b/']) {
      const res = await api.get(q(bad));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', code: 400, message: 'Failed to parse query string.' });
      expect(JSON.stringify(res.body.errors)).toMatch(/invalid regular expression/);
    }
  });
});

describe('query time budget', () => {
  let s: RunningServer;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    s = await startServer({ seed: 'none', settings: { QUERY_TIME_LIMIT_MS: 30 } });
    loadSyntheticAlerts(s.db, 20000, { seed: 3 });
    api = client(s.apiUrl);
  });
  afterAll(() => s.close());

  function expectBudgetError(res: Res & { ms: number }): void {
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'errors', 'message', 'requestId', 'status']);
    expect(res.body).toMatchObject({ status: 'error', code: 400 });
    expect(res.body.message).toMatch(/took longer than 30 ms/);
    expect(res.ms).toBeLessThan(1000);
  }

  it('a regular expression over many alerts that runs past the limit ends in a 400', async () => {
    expectBudgetError(await timed(api.get(q('text:/([a-z]+[0-9]+ ?){1,20}zz[a-z]{3,30}$/ OR resource:/(.*[0-9]){1,9}q/'))));
  });

  it('so does a long query of plain words', async () => {
    // Alerta reads a flat chain of ORs as its first two terms only, so the 128 words go in a balanced tree of
    // parentheses (7 deep), which it reads whole
    const tree = (words: string[]): string =>
      words.length === 1 ? words[0]! : `(${tree(words.slice(0, words.length / 2))} OR ${tree(words.slice(words.length / 2))})`;
    const words = tree(Array.from({ length: 128 }, (_, i) => `text:nomatch${i}`));
    expectBudgetError(await timed(api.get(q(words))));
  });

  it('pattern-free filters are not limited, and the server keeps answering', async () => {
    const res = await api.get('/alerts?status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page-size=50');
    expect(res.status).toBe(200);
    expect(res.body.alerts).toHaveLength(50);
  });
});
