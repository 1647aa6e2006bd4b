// The rules of keeping an alert set in step by deltas (src/core/alert-sync.ts): what each question asks, how the
// cursors settle, what an answer may hold, how a disagreeing range is cut, and the order worked out here.
import { describe, expect, it } from 'vitest';
import {
  alertOrder,
  countParams,
  countsOf,
  cursorsAfterPull,
  customerProblem,
  keepsStatus,
  inRange,
  pageProbeParams,
  pullParams,
  receivedParams,
  receivedProblem,
  safetyIntervalMs,
  SAFETY_PULL_MS,
  sameCounts,
  setKeyOf,
  setQueryOf,
  SETTLE_MS,
  settleTarget,
  splitWindow,
  timeMs,
  updatedParams,
  idsParams,
  sortAlerts,
  windowTest,
} from '../../../src/core/alert-sync.ts';
import { defaultView } from '../../../src/core/alerts-query.ts';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import type { Alert, AlertsView } from '../../../src/core/types.ts';

const now = new Date('2026-12-07T10:00:00.000Z');
const view = (patch: Partial<AlertsView> = {}): AlertsView => ({ ...defaultView(CLIENT_DEFAULTS, 20), ...patch });
const list = (p: URLSearchParams) => [...p.entries()].map(([k, v]) => `${k}=${v}`);

function alert(over: Partial<Alert> = {}): Alert {
  return {
    id: 'a', resource: 'r', event: 'e', environment: 'Production', severity: 'major', correlate: [], status: 'open', service: [], group: '', value: '', text: '',
    tags: [], attributes: {}, origin: '', type: '', createTime: '', timeout: 0, rawData: null, customer: null, duplicateCount: 0, repeat: false,
    previousSeverity: '', trendIndication: '', receiveTime: '', lastReceiveId: '', lastReceiveTime: '2026-12-07T09:00:00.000Z', updateTime: '2026-12-07T09:00:00.000Z', history: [],
    ...over,
  };
}

describe('the set of a view', () => {
  it('is the same for views that differ only in environment tab, sort, page, grouping or overview; another user has another', () => {
    const a = view({ filter: { ...view().filter, environment: 'Production' }, groupBy: 'event', page: 3 });
    const b = view({ filter: { ...view().filter, environment: null }, overview: true, sort: { sortBy: 'resource', descending: true } });
    expect(setKeyOf(a, 'me')).toBe(setKeyOf(b, 'me'));
    expect(setKeyOf(a, 'me')).not.toBe(setKeyOf(a, 'someone else'));
    expect(setKeyOf(a, 'me')).not.toBe(setKeyOf(view({ filter: { ...view().filter, status: ['open'] } }), 'me'));
    expect(setKeyOf(a, 'me')).not.toBe(setKeyOf(view({ showHistory: true }), 'me'));
  });

  it('asks with the filter and never the environment; the update question drops the status so an alert leaving is seen', () => {
    const q = setQueryOf(view({ filter: { ...view().filter, environment: 'Production', service: ['Web'] } }), now);
    expect(list(countParams(q))).toEqual(['status=open', 'status=ack', 'service=Web']);
    expect(list(receivedParams(q, { after: '2026-12-07T09:59:00.000Z', upTo: null }))).toEqual([
      'status=open', 'status=ack', 'service=Web', 'sort-by=lastReceiveTime', 'page=1', 'page-size=500', 'from-date=2026-12-07T09:59:00.000Z',
    ]);
    expect(list(updatedParams(q, 1, 1))).toEqual(['service=Web', 'sort-by=updateTime', 'page=1', 'page-size=1']);
    expect(list(pullParams(q, '2026-12-07T08:00:00.000Z'))).toEqual(['status=open', 'status=ack', 'service=Web', 'sort-by=lastReceiveTime', 'page=1', 'page-size=5000', 'to-date=2026-12-07T08:00:00.000Z']);
    expect(list(idsParams(q, ['x', 'y'])).filter((p) => p.startsWith('id='))).toEqual(['id=x', 'id=y']);
  });

  it('intersects the view’s own time range with the cursor’s window: the later start, the earlier end', () => {
    const q = setQueryOf(view({ filter: { ...view().filter, dateRange: [-3600, Date.parse('2026-12-07T09:30:00Z') / 1000] } }), now);
    expect(q.range).toEqual({ from: '2026-12-07T09:00:00.000Z', to: '2026-12-07T09:30:00.000Z' });
    const p = receivedParams(q, { after: '2026-12-07T08:00:00.000Z', upTo: '2026-12-07T09:45:00.000Z' });
    expect(p.get('from-date')).toBe('2026-12-07T09:00:00.000Z');
    expect(p.get('to-date')).toBe('2026-12-07T09:30:00.000Z');
    const later = receivedParams(q, { after: '2026-12-07T09:10:00.000Z', upTo: '2026-12-07T09:20:00.000Z' });
    expect([later.get('from-date'), later.get('to-date')]).toEqual(['2026-12-07T09:10:00.000Z', '2026-12-07T09:20:00.000Z']);
    expect(inRange(alert({ lastReceiveTime: '2026-12-07T08:59:59.999Z' }), q)).toBe(false);
    expect(inRange(alert({ lastReceiveTime: '2026-12-07T09:15:00.000Z' }), q)).toBe(true);
    expect(inRange(alert({ lastReceiveTime: '2026-12-07T09:30:00.001Z' }), q)).toBe(false);
  });

  it('keeps an updated alert whose status the view lists (compared exactly, as the server does); every status when none is set', () => {
    const q = setQueryOf(view(), now);
    expect(keepsStatus(alert({ status: 'ack' }), q)).toBe(true);
    expect(keepsStatus(alert({ status: 'closed' }), q)).toBe(false);
    expect(keepsStatus(alert({ status: 'NORM' }), q)).toBe(false);
    expect(keepsStatus(alert({ status: 'closed' }), setQueryOf(view({ filter: { ...view().filter, status: null } }), now))).toBe(true);
  });

  it('asks a plain list’s two probes for one alert each, of its environment', () => {
    const probes = pageProbeParams(view({ filter: { ...view().filter, environment: 'Production' } }), now);
    expect(list(probes.received('2026-12-07T09:00:00.000Z'))).toEqual(['status=open', 'status=ack', 'environment=Production', 'sort-by=lastReceiveTime', 'page=1', 'page-size=1', 'from-date=2026-12-07T09:00:00.000Z']);
    expect(list(probes.updated())).toEqual(['environment=Production', 'sort-by=updateTime', 'page=1', 'page-size=1']);
  });
});

describe('counts', () => {
  it('agree when the total and every severity and status count agree, zeros left out', () => {
    const local = countsOf([alert(), alert({ severity: 'minor', status: 'ack' })]);
    expect(sameCounts(local, { total: 2, severityCounts: { major: 1, minor: 1 }, statusCounts: { open: 1, ack: 1, closed: 0 } })).toBe(true);
    expect(sameCounts(local, { total: 2, severityCounts: { major: 2 }, statusCounts: { open: 1, ack: 1 } })).toBe(false);
    expect(sameCounts(local, { total: 3, severityCounts: { major: 1, minor: 1 }, statusCounts: { open: 1, ack: 1 } })).toBe(false);
  });
});

describe('cursors', () => {
  it('settle once the server’s clock is SETTLE_MS past the newest seen; in a storm at most every SETTLE_EVERY_MS; never twice', () => {
    const stream = { seen: '2026-12-07T10:00:00.000Z', settled: '2026-12-07T09:59:50.000Z' };
    // Not yet 10 s past the newest seen, and less than a minute past the settled time: nothing.
    expect(settleTarget(stream, '2026-12-07T10:00:05.000Z')).toBeNull();
    expect(settleTarget(stream, '2026-12-07T10:00:10.000Z')).toBe('2026-12-07T10:00:00.000Z');
    expect(settleTarget({ ...stream, settled: stream.seen }, '2026-12-07T10:05:00.000Z')).toBeNull();
    // A storm: the newest seen keeps moving; the window is settled a minute at a time.
    const storm = { seen: '2026-12-07T10:10:00.000Z', settled: '2026-12-07T10:00:00.000Z' };
    expect(settleTarget(storm, '2026-12-07T10:01:05.000Z')).toBeNull();
    expect(settleTarget(storm, '2026-12-07T10:01:15.000Z')).toBe(`2026-12-07T10:01:05.000Z`);
    expect(settleTarget({ seen: '', settled: '' }, '2026-12-07T10:00:00.000Z')).toBeNull();
  });

  it('after a pull: what it saw, settled SETTLE_MS before (what was still being written is asked for again)', () => {
    const c = cursorsAfterPull('2026-12-07T10:00:00.000Z', '2026-12-07T09:00:00.000Z', '2026-12-07T10:00:00.000Z');
    expect(timeMs(c.received.seen) - timeMs(c.received.settled)).toBe(SETTLE_MS);
    expect(c.updated).toEqual({ seen: '2026-12-07T09:00:00.000Z', settled: '2026-12-07T08:59:50.000Z' });
  });

  it('pull again at the safety interval, never more often than 100 times the last pull’s duration', () => {
    expect(safetyIntervalMs(null, 200)).toBe(SAFETY_PULL_MS);
    expect(safetyIntervalMs(60_000, 100)).toBe(60_000);
    expect(safetyIntervalMs(60_000, 30_000)).toBe(3_000_000);
  });
});

describe('what an answer may hold', () => {
  const answer = (times: string[], total = times.length) => ({ total, alerts: times.map((t, i) => ({ id: `a${i}`, lastReceiveTime: t, updateTime: t, customer: null })) });
  const window = { after: '2026-12-07T09:00:00.000Z', upTo: null };

  it('a receive delta: inside its window, newest first, as many as its total says', () => {
    expect(receivedProblem(answer(['2026-12-07T09:30:00.000Z', '2026-12-07T09:10:00.000Z']), window, 1, 500, null)).toBeNull();
    expect(receivedProblem(answer(['2026-12-07T09:10:00.000Z', '2026-12-07T09:30:00.000Z']), window, 1, 500, null)).toMatch(/newest first/);
    expect(receivedProblem(answer(['2026-12-07T09:00:00.000Z']), window, 1, 500, null)).toMatch(/outside the window/);
    expect(receivedProblem(answer(['2026-12-07T09:30:00.000Z'], 3), window, 1, 500, null)).toMatch(/total says 3/);
    // A second page of a total of 502 holds two.
    expect(receivedProblem(answer(['2026-12-07T09:30:00.000Z', '2026-12-07T09:20:00.000Z'], 502), window, 2, 500, null)).toBeNull();
  });

  it('an alert of a customer the session does not see is another session’s answer', () => {
    const mine = { alerts: [{ customer: 'Acme' }] };
    expect(customerProblem(mine, ['Acme'])).toBeNull();
    expect(customerProblem({ alerts: [{ customer: 'Globex' }] }, ['Acme'])).toMatch(/customer/);
    expect(customerProblem({ alerts: [{ customer: null }] }, ['Acme'])).toMatch(/customer/);
    expect(customerProblem({ alerts: [{ customer: 'Globex' }] }, [])).toBeNull();
  });
});

describe('cutting a range whose counts disagree', () => {
  const t = (s: string) => Date.parse(`2026-12-07T${s}Z`);

  it('by the set’s own receive times, into ranges holding about as many alerts each', () => {
    const times = Array.from({ length: 80 }, (_, i) => t('09:00:00.000') + i * 1000);
    const parts = splitWindow({ after: null, upTo: null }, times, t('10:00:00.000'), 8);
    expect(parts).toHaveLength(8);
    expect(parts[0]!.after).toBeNull();
    expect(parts[7]!.upTo).toBeNull();
    for (let i = 1; i < parts.length; i++) expect(parts[i]!.after).toBe(parts[i - 1]!.upTo);
    const counts = parts.map((w) => times.filter(windowTest(w)).length);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(80);
    expect(Math.max(...counts)).toBeLessThanOrEqual(11);
  });

  it('by its time span when the set knows too few alerts in it; not at all when it is one millisecond', () => {
    const parts = splitWindow({ after: '2026-12-07T09:00:00.000Z', upTo: '2026-12-07T09:00:08.000Z' }, [], t('10:00:00.000'), 8);
    expect(parts.map((p) => p.upTo)).toEqual(['2026-12-07T09:00:01.000Z', '2026-12-07T09:00:02.000Z', '2026-12-07T09:00:03.000Z', '2026-12-07T09:00:04.000Z', '2026-12-07T09:00:05.000Z', '2026-12-07T09:00:06.000Z', '2026-12-07T09:00:07.000Z', '2026-12-07T09:00:08.000Z']);
    expect(splitWindow({ after: '2026-12-07T09:00:00.000Z', upTo: '2026-12-07T09:00:00.001Z' }, [], t('10:00:00.000'), 8)).toEqual([]);
  });
});

describe('the order worked out from the set', () => {
  const config = CLIENT_DEFAULTS;
  it('is the API’s: severity by the alarm model’s codes, then the newest receive first; ids break ties', () => {
    const order = alertOrder(['severity', 'lastReceiveTime'], config);
    const alerts = [
      alert({ id: 'c', severity: 'minor', lastReceiveTime: '2026-12-07T09:00:00.000Z' }),
      alert({ id: 'b', severity: 'critical', lastReceiveTime: '2026-12-07T08:00:00.000Z' }),
      alert({ id: 'a', severity: 'critical', lastReceiveTime: '2026-12-07T09:30:00.000Z' }),
      alert({ id: 'd', severity: 'minor', lastReceiveTime: '2026-12-07T09:00:00.000Z' }),
    ];
    expect([...alerts].sort(order).map((a) => a.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sorts a list the same as the comparator, each alert read once', () => {
    const alerts = Array.from({ length: 50 }, (_, i) => alert({ id: `id${(i * 7) % 50}`, severity: ['critical', 'minor', 'major'][i % 3]!, lastReceiveTime: new Date(Date.UTC(2026, 11, 7, 9, i % 11)).toISOString() }));
    const sortBy = ['severity', 'lastReceiveTime'];
    expect(sortAlerts(alerts, sortBy, config).map((a) => a.id)).toEqual([...alerts].sort(alertOrder(sortBy, config)).map((a) => a.id));
  });

  it('reverses a key with "-", sorts text by code point and attributes with the missing ones last', () => {
    const byResource = alertOrder(['-resource'], config);
    expect([alert({ id: '1', resource: 'B' }), alert({ id: '2', resource: 'a' })].sort(byResource).map((a) => a.id)).toEqual(['2', '1']);
    const byRegion = alertOrder(['attributes.region'], config);
    expect([alert({ id: 'x' }), alert({ id: 'y', attributes: { region: 'eu' } })].sort(byRegion).map((a) => a.id)).toEqual(['y', 'x']);
    const byStatus = alertOrder(['status'], config);
    expect([alert({ id: 's', status: 'closed' }), alert({ id: 't', status: 'ack' }), alert({ id: 'u', status: 'open' })].sort(byStatus).map((a) => a.id)).toEqual(['u', 't', 's']);
  });
});
