import { describe, expect, it } from 'vitest';
import { alertNowOf, checkAction, deliverOutbox, entryRequest, notesNowOf, retryDelay, statusAfter, withPending, type Answer, type OutboxEntry, type OutboxIO } from '../../../src/core/outbox.ts';

let seq = 0;
function entry(patch: Partial<OutboxEntry> = {}): OutboxEntry {
  seq++;
  return {
    id: `e${seq}`,
    seq,
    owner: 'ops',
    createdAt: 1_000_000,
    alertId: 'a1',
    label: 'db01 · DiskFull',
    command: { kind: 'action', action: 'ack', text: '' },
    seen: { status: 'open', lastReceiveId: 'r1' },
    attempts: 0,
    nextAt: 0,
    sending: false,
    ...patch,
  };
}

/** An in-memory outbox and API: alerts by id, and what the API answers to each request. */
function world(entries: OutboxEntry[], alerts: Record<string, { status: string; lastReceiveId: string } | 404>, sendAnswer: (e: OutboxEntry) => Answer<unknown> = () => ({ ok: true, value: null })) {
  const store = new Map(entries.map((e) => [e.id, e]));
  const sent: string[] = [];
  let now = 2_000_000;
  const io: OutboxIO = {
    entries: async () => [...store.values()].sort((a, b) => a.seq - b.seq),
    update: async (e) => void store.set(e.id, e),
    remove: async (id) => void store.delete(id),
    getAlert: async (id) => {
      const a = alerts[id];
      if (a === undefined) return { ok: false, status: null, message: 'no answer' };
      if (a === 404) return { ok: false, status: 404, message: 'not found (404)' };
      return { ok: true, value: a };
    },
    getNotes: async () => ({ ok: true, value: [] }),
    send: async (e) => {
      sent.push(e.id);
      return sendAnswer(e);
    },
    now: () => now,
    random: () => 0.5,
  };
  return { io, store, sent, advance: (ms: number) => (now += ms) };
}

describe('how a pending entry shows', () => {
  it('a status action shows the status it leads to', () => {
    expect(statusAfter('ack')).toBe('ack');
    expect(statusAfter('shelve')).toBe('shelved');
    expect(statusAfter('unack')).toBe('open');
    expect(statusAfter('close')).toBe('closed');
    expect(statusAfter('reboot')).toBeNull();
  });

  it('an alert shows the last pending status and watch tag; notes change nothing; without entries it is the same object', () => {
    const alert = { id: 'a1', status: 'open', tags: ['x'] };
    expect(withPending(alert, [])).toBe(alert);
    const shown = withPending(alert, [
      entry({ command: { kind: 'action', action: 'ack', text: '' } }),
      entry({ command: { kind: 'watch', on: true, tag: 'watch:ops' } }),
      entry({ command: { kind: 'action', action: 'close', text: '' } }),
      entry({ command: { kind: 'note', text: 'x' } }),
    ]);
    expect(shown).toEqual({ id: 'a1', status: 'closed', tags: ['x', 'watch:ops'] });
  });
});

describe('whether a queued status action is still meaningful', () => {
  it('sends when the alert is as the user saw it', () => {
    expect(checkAction(entry(), { status: 'open', lastReceiveId: 'r1' }, 'ops')).toBe('send');
  });
  it('is moot when the alert was closed meanwhile, or received again', () => {
    expect(checkAction(entry(), { status: 'closed', lastReceiveId: 'r1' }, 'ops')).toBe('closed');
    expect(checkAction(entry({ command: { kind: 'action', action: 'close', text: '' } }), { status: 'closed', lastReceiveId: 'r1' }, 'ops')).toBe('already');
    expect(checkAction(entry(), { status: 'open', lastReceiveId: 'r2' }, 'ops')).toBe('changed');
    // shelving an acked alert is offered, unshelving an open one is not
    expect(checkAction(entry({ command: { kind: 'action', action: 'unshelve', text: '' }, seen: { status: 'shelved', lastReceiveId: 'r1' } }), { status: 'open', lastReceiveId: 'r1' }, 'ops')).toBe('already');
    expect(checkAction(entry({ command: { kind: 'action', action: 'unack', text: '' }, seen: { status: 'ack', lastReceiveId: 'r1' } }), { status: 'shelved', lastReceiveId: 'r1' }, 'ops')).toBe('changed');
  });
  it('is already done when the alert is where the action leads (someone else acked it)', () => {
    expect(checkAction(entry(), { status: 'ack', lastReceiveId: 'r1' }, 'ops')).toBe('already');
  });
  it('a request of ours that may have arrived is done when the history shows it, and a conflict when someone else did it', () => {
    const ours = { type: 'ack', text: 'on it', user: 'ops', updateTime: new Date(1_000_500).toISOString() };
    const e = entry({ sending: true, command: { kind: 'action', action: 'ack', text: 'on it' } });
    expect(checkAction(e, { status: 'ack', lastReceiveId: 'r1', history: [ours] }, 'ops')).toBe('done');
    expect(checkAction(e, { status: 'ack', lastReceiveId: 'r1', history: [{ ...ours, user: 'ann' }] }, 'ops')).toBe('already');
    // a custom action is recorded as type 'action'; found, it is not run twice
    const reboot = entry({ sending: true, command: { kind: 'action', action: 'reboot', text: '' } });
    expect(checkAction(reboot, { status: 'open', lastReceiveId: 'r1', history: [{ ...ours, type: 'action', text: '' }] }, 'ops')).toBe('done');
    expect(checkAction(reboot, { status: 'open', lastReceiveId: 'r1', history: [] }, 'ops')).toBe('send');
    // an old identical ack (before the entry was made) is not ours
    expect(checkAction(e, { status: 'ack', lastReceiveId: 'r1', history: [{ ...ours, updateTime: new Date(0).toISOString() }] }, 'ops')).toBe('already');
  });
});

describe("reading the API's answers without its client (the service worker)", () => {
  it('reads an alert and its notes, and turns anything malformed into nothing rather than an error', () => {
    const alert = { status: 'ack', lastReceiveId: 'r2', history: [{ type: 'ack', text: 'on it', user: 'ops', updateTime: 't' }, null, 'x', { type: 1 }] };
    expect(alertNowOf({ status: 'ok', alert })).toEqual({
      status: 'ack',
      lastReceiveId: 'r2',
      history: [
        { type: 'ack', text: 'on it', user: 'ops', updateTime: 't' },
        { type: '', text: '', user: null, updateTime: '' },
      ],
    });
    expect(alertNowOf(null)).toEqual({ status: '', lastReceiveId: '', history: [] });
    expect(alertNowOf({ alert: { history: 'nope' } }).history).toEqual([]);
    expect(notesNowOf({ notes: [{ text: 'x', user: null, createTime: 't' }, 7] })).toEqual([{ text: 'x', user: null, createTime: 't' }]);
    expect(notesNowOf({ notes: 'nope' })).toEqual([]);
  });
});

describe('delivering the outbox', () => {
  it('delivers once, in order, and empties the outbox', async () => {
    const a = entry({ alertId: 'a1', command: { kind: 'action', action: 'ack', text: '' } });
    const b = entry({ alertId: 'a2', command: { kind: 'note', text: 'on it' } });
    const w = world([b, a], { a1: { status: 'open', lastReceiveId: 'r1' }, a2: { status: 'open', lastReceiveId: 'r9' } });
    const result = await deliverOutbox(w.io, 'ops');
    expect(w.sent).toEqual([a.id, b.id]);
    expect(result.end).toBe('done');
    expect(result.delivered.map((e) => e.id)).toEqual([a.id, b.id]);
    expect(w.store.size).toBe(0);
  });

  it('stops at the first entry that gets no answer, so later ones never overtake it, and backs off with jitter', async () => {
    const a = entry({ alertId: 'a1' });
    const b = entry({ alertId: 'a2' });
    const w = world([a, b], { a1: { status: 'open', lastReceiveId: 'r1' }, a2: { status: 'open', lastReceiveId: 'r1' } }, () => ({ ok: false, status: null, message: 'Failed to fetch' }));
    const result = await deliverOutbox(w.io, 'ops');
    expect(result.end).toBe('offline');
    expect(w.sent).toEqual([a.id]);
    const kept = w.store.get(a.id)!;
    expect(kept).toMatchObject({ attempts: 1, sending: true });
    expect(kept.nextAt).toBeGreaterThan(2_000_000);
    expect(result.nextAt).toBe(kept.nextAt);
    // until then, nothing is sent
    expect((await deliverOutbox(w.io, 'ops')).end).toBe('waiting');
    expect(w.sent).toEqual([a.id]);
    // ... unless the API answers again: then the waiting entry goes at once, still first
    expect((await deliverOutbox(w.io, 'ops', { now: true })).end).toBe('offline');
    expect(w.sent).toEqual([a.id, a.id]);
    expect(w.store.get(a.id)!.attempts).toBe(2);
  });

  it('a server that answers with an error (5xx) is waited for, not reported offline, and pressed less often', async () => {
    const a = entry({ alertId: 'a1' });
    const w = world([a], { a1: { status: 'open', lastReceiveId: 'r1' } }, () => ({ ok: false, status: 503, message: 'Service Unavailable (503)' }));
    const result = await deliverOutbox(w.io, 'ops');
    expect(result.end).toBe('waiting');
    expect(w.store.get(a.id)).toMatchObject({ attempts: 1, sending: true });
  });

  it('backs off within its caps: 30 s while nothing answers, 5 min while the server answers with errors', () => {
    const top = () => 0.999;
    expect(retryDelay(1, true, top)).toBeLessThanOrEqual(5_000);
    expect(retryDelay(50, true, top)).toBeLessThanOrEqual(30_000);
    expect(retryDelay(50, true, top)).toBeGreaterThan(20_000);
    expect(retryDelay(50, false, top)).toBeLessThanOrEqual(300_000);
    expect(retryDelay(50, false, top)).toBeGreaterThan(200_000);
    expect(retryDelay(1, false, () => 0)).toBeGreaterThanOrEqual(1_000);
  });

  it('an alert the user may no longer read (403) drops the entry with the server\'s reason; the next entry still goes', async () => {
    const hidden = entry({ alertId: 'hidden' });
    const next = entry({ alertId: 'a1' });
    const w = world([hidden, next], { a1: { status: 'open', lastReceiveId: 'r1' } });
    w.io.getAlert = async (id) => (id === 'hidden' ? { ok: false, status: 403, message: 'Customer not allowed (403)' } : { ok: true, value: { status: 'open', lastReceiveId: 'r1' } });
    const result = await deliverOutbox(w.io, 'ops');
    expect(result.dropped).toMatchObject([{ entry: { id: hidden.id }, reason: 'forbidden', message: 'Customer not allowed (403)' }]);
    expect(w.sent).toEqual([next.id]);
    expect(w.store.size).toBe(0);
  });

  it('stops before its next request once cancelled (the worker ends, another user signs in)', async () => {
    const a = entry({ alertId: 'a1' });
    const b = entry({ alertId: 'a2' });
    const w = world([a, b], { a1: { status: 'open', lastReceiveId: 'r1' }, a2: { status: 'open', lastReceiveId: 'r1' } });
    const io = { ...w.io, cancelled: () => w.sent.length > 0 };
    const result = await deliverOutbox(io, 'ops');
    expect(result.end).toBe('cancelled');
    expect(w.sent).toEqual([a.id]);
    expect([...w.store.keys()]).toEqual([b.id]);
  });

  it('sends each entry as the API call it stands for', () => {
    expect(entryRequest(entry({ alertId: 'a/1', command: { kind: 'action', action: 'shelve', text: 'later', timeout: 3600 } }))).toEqual({ path: '/alert/a%2F1/action', body: { action: 'shelve', text: 'later', timeout: 3600 } });
    expect(entryRequest(entry({ command: { kind: 'action', action: 'ack', text: '' } }))).toEqual({ path: '/alert/a1/action', body: { action: 'ack', text: '' } });
    expect(entryRequest(entry({ command: { kind: 'watch', on: true, tag: 'watch:ops' } }))).toEqual({ path: '/alert/a1/tag', body: { tags: ['watch:ops'] } });
    expect(entryRequest(entry({ command: { kind: 'watch', on: false, tag: 'watch:ops' } }))).toEqual({ path: '/alert/a1/untag', body: { tags: ['watch:ops'] } });
    expect(entryRequest(entry({ command: { kind: 'note', text: 'disk swapped' } }))).toEqual({ path: '/alert/a1/note', body: { text: 'disk swapped' } });
  });

  it('tells each conflict and drops the entry: deleted, already in the state, closed, received again, refused', async () => {
    const deleted = entry({ alertId: 'gone' });
    const already = entry({ alertId: 'acked' });
    const closed = entry({ alertId: 'closed' });
    const again = entry({ alertId: 'again' });
    const conflict = entry({ alertId: 'conflict' });
    const forbidden = entry({ alertId: 'forbidden' });
    const w = world(
      [deleted, already, closed, again, conflict, forbidden],
      {
        gone: 404,
        acked: { status: 'ack', lastReceiveId: 'r1' },
        closed: { status: 'closed', lastReceiveId: 'r1' },
        again: { status: 'open', lastReceiveId: 'r2' },
        conflict: { status: 'open', lastReceiveId: 'r1' },
        forbidden: { status: 'open', lastReceiveId: 'r1' },
      },
      (e) =>
        e.alertId === 'conflict'
          ? { ok: false, status: 409, message: 'alert is already in ack status (409)' }
          : { ok: false, status: 403, message: 'Missing required scope: write:alerts (403)' },
    );
    const result = await deliverOutbox(w.io, 'ops');
    expect(result.dropped.map((d) => [d.entry.alertId, d.reason])).toEqual([
      ['gone', 'deleted'],
      ['acked', 'already'],
      ['closed', 'closed'],
      ['again', 'changed'],
      ['conflict', 'already'],
      ['forbidden', 'forbidden'],
    ]);
    expect(result.dropped.at(-1)?.message).toBe('Missing required scope: write:alerts (403)');
    expect(w.sent).toEqual([conflict.id, forbidden.id]);
    expect(w.store.size).toBe(0);
  });

  it('keeps everything when the session is over (401), for the next sign-in', async () => {
    const a = entry({ alertId: 'a1' });
    const w = world([a], { a1: { status: 'open', lastReceiveId: 'r1' } }, () => ({ ok: false, status: 401, message: 'expired (401)' }));
    expect((await deliverOutbox(w.io, 'ops')).end).toBe('signed-out');
    expect(w.store.get(a.id)).toMatchObject({ sending: false, attempts: 0 });
  });

  it('a note that arrived before a crash is not posted twice', async () => {
    const note = entry({ command: { kind: 'note', text: 'on it' }, sending: true, createdAt: 1_000_000 });
    const w = world([note], { a1: { status: 'open', lastReceiveId: 'r1' } });
    w.io.getNotes = async () => ({ ok: true, value: [{ text: 'on it', user: 'ops', createTime: new Date(1_000_500).toISOString() }] });
    const result = await deliverOutbox(w.io, 'ops');
    expect(w.sent).toEqual([]);
    expect(result.delivered.map((e) => e.id)).toEqual([note.id]);
    expect(w.store.size).toBe(0);
  });

  it('a note that did not arrive is sent again', async () => {
    const note = entry({ command: { kind: 'note', text: 'on it' }, sending: true });
    const w = world([note], { a1: { status: 'open', lastReceiveId: 'r1' } });
    await deliverOutbox(w.io, 'ops');
    expect(w.sent).toEqual([note.id]);
  });
});
