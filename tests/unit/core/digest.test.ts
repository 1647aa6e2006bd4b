import { describe, expect, it } from 'vitest';
import { changesBetween, digestDue, digestOf, DIGEST_AWAY_MS, JOURNAL_WINDOW_MS, pruneJournal, type JournalEntry } from '../../../src/core/digest.ts';
import type { Alert, HistoryEntry } from '../../../src/core/types.ts';
import { row } from '../app/fixtures.ts';

const T0 = Date.parse('2026-12-07T03:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const min = 60_000;
const alert = (id: string, patch: Partial<Alert> = {}): Alert => row(id, { createTime: iso(T0 - 60 * min), lastReceiveTime: iso(T0 - 60 * min), updateTime: iso(T0 - 60 * min), ...patch });
const history = (status: string, user: string | null, at: number, type = status): HistoryEntry => ({
  id: 'h', event: 'DiskFull', severity: 'major', status, value: null, text: '', type, updateTime: iso(at), user, timeout: null,
});
const seen = { seenAt: T0, knownSince: T0 - 30 * min };

describe('what changed between two versions of an alert', () => {
  it('an alert created after the console started knowing the view is new, dated by its creation', () => {
    const a = alert('1', { createTime: iso(T0 - 5 * min) });
    expect(changesBetween(undefined, a, seen)).toEqual([{ kind: 'new', at: T0 - 5 * min, alert: expect.objectContaining({ id: '1', event: 'DiskFull' }) }]);
  });

  it('an older alert coming into the view came by a change of status, not as new', () => {
    const reopened = alert('1', { status: 'open', updateTime: iso(T0 - 2 * min) });
    expect(changesBetween(undefined, reopened, seen)).toEqual([expect.objectContaining({ kind: 'status', to: 'open', at: T0 - 2 * min, by: null })]);
    expect(changesBetween(undefined, reopened, seen)[0]).not.toHaveProperty('from');
  });

  it('a repeat, a severity up or down and a status change, with who changed it when the history tells', () => {
    const before = alert('1', { duplicateCount: 2, severity: 'minor' });
    const after = alert('1', {
      duplicateCount: 3, severity: 'critical', status: 'ack', lastReceiveTime: iso(T0 - 3 * min), updateTime: iso(T0 - min),
      history: [history('open', 'system', T0 - 60 * min, 'new'), history('ack', 'ops@example.com', T0 - 2 * min), history('ack', null, T0 - min, 'note')],
    });
    expect(changesBetween(before, after, seen)).toEqual([
      expect.objectContaining({ kind: 'duplicate', at: T0 - 3 * min }),
      expect.objectContaining({ kind: 'escalated', from: 'minor', to: 'critical', at: T0 - 3 * min }),
      // the note after the ack is not the change of status
      expect.objectContaining({ kind: 'status', from: 'open', to: 'ack', by: 'ops@example.com', at: T0 - 2 * min }),
    ]);
    expect(changesBetween(after, alert('1', { duplicateCount: 3, severity: 'warning', status: 'ack' }), seen)).toEqual([
      expect.objectContaining({ kind: 'deescalated', from: 'critical', to: 'warning' }),
    ]);
  });

  it('expiry is its own kind; a deletion is dated when the console saw it; nothing changed is nothing', () => {
    expect(changesBetween(alert('1'), alert('1', { status: 'expired' }), seen)).toEqual([expect.objectContaining({ kind: 'expired', from: 'open', to: 'expired' })]);
    expect(changesBetween(alert('1'), undefined, seen)).toEqual([expect.objectContaining({ kind: 'deleted', at: T0 })]);
    expect(changesBetween(alert('1'), alert('1'), seen)).toEqual([]);
    expect(changesBetween(undefined, undefined, seen)).toEqual([]);
  });

  it('a severity the alarm model does not know moves nothing; an ISA-18.2 status code is the same status as its plain name', () => {
    expect(changesBetween(alert('1', { severity: 'bogus' }), alert('1', { severity: 'critical' }), seen)).toEqual([]);
    expect(changesBetween(alert('1', { status: 'UNACK' }), alert('1', { status: 'open' }), seen)).toEqual([]);
    expect(changesBetween(alert('1', { status: 'ACKED' }), alert('1', { status: 'ack' }), seen)).toEqual([]);
  });
});

const entry = (id: string, kind: JournalEntry['kind'], at: number, over: Partial<JournalEntry> = {}, alertPatch: Partial<Alert> = {}): JournalEntry => ({
  kind, at, alert: { ...alert(id, alertPatch) }, ...over,
});

describe('the journal kept on the device', () => {
  it('keeps the window, the newest entries when there are too many, oldest first', () => {
    const entries = [entry('a', 'new', T0 - JOURNAL_WINDOW_MS - 1), entry('b', 'new', T0 - 2), entry('c', 'new', T0 - 3), entry('d', 'new', T0 - 1)];
    expect(pruneJournal(entries, T0).map((e) => e.alert.id)).toEqual(['c', 'b', 'd']);
    expect(pruneJournal(entries, T0, { ms: JOURNAL_WINDOW_MS, maxEntries: 2 }).map((e) => e.alert.id)).toEqual(['b', 'd']);
  });

  it('the digest is offered after being away long enough, when something changed', () => {
    expect(digestDue(T0 - DIGEST_AWAY_MS, T0, 1)).toBe(true);
    expect(digestDue(T0 - DIGEST_AWAY_MS + 1, T0, 1)).toBe(false);
    expect(digestDue(T0 - DIGEST_AWAY_MS, T0, 0)).toBe(false);
    // never looked: a first start has nothing to compare with
    expect(digestDue(null, T0, 5)).toBe(false);
  });
});

describe('the digest since the mark', () => {
  const me = 'me@example.com';
  const since = T0 - 60 * min;

  it('counts each alert once per kind, with the net severity move and who acked it', () => {
    const entries = [
      entry('old', 'new', since - 1),
      entry('n1', 'new', since + 1, {}, { severity: 'critical' }),
      entry('n2', 'new', since + 2),
      entry('n2', 'status', since + 3, { from: 'open', to: 'ack', by: 'other@example.com' }, { status: 'ack' }),
      entry('up', 'escalated', since + 4, { from: 'minor', to: 'major' }, { severity: 'major' }),
      entry('up', 'escalated', since + 5, { from: 'major', to: 'critical' }, { severity: 'critical' }),
      entry('flap', 'escalated', since + 6, { from: 'minor', to: 'major' }),
      entry('flap', 'deescalated', since + 7, { from: 'major', to: 'minor' }),
      entry('down', 'deescalated', since + 8, { from: 'critical', to: 'warning' }),
      entry('mine', 'status', since + 9, { from: 'open', to: 'ack', by: me }, { status: 'ack' }),
      entry('who', 'status', since + 10, { from: 'open', to: 'ack', by: null }, { status: 'ack' }),
      entry('shut', 'status', since + 11, { from: 'open', to: 'closed', by: me }, { status: 'closed' }),
      entry('gone', 'expired', since + 12, { from: 'open', to: 'expired' }, { status: 'expired' }),
      entry('del', 'deleted', since + 13),
    ];
    const d = digestOf(entries, { since, me });
    expect(d.counts).toEqual({ new: 2, escalated: 1, deescalated: 1, closed: 2, ackedByOthers: 2, deleted: 1, stillOpen: 2 });
    // the alert from before the mark is not in it; the newest change first
    expect(d.items.map((i) => i.id)).toEqual(['del', 'gone', 'shut', 'who', 'mine', 'down', 'flap', 'up', 'n2', 'n1']);
    expect(d.items.find((i) => i.id === 'flap')).toMatchObject({ severity: null, stillOpen: false });
    // new and acked since: it no longer needs anyone
    expect(d.items.find((i) => i.id === 'n2')).toMatchObject({ new: true, status: 'ack', stillOpen: false, ackedByOthers: true });
    expect(d).toMatchObject({ since, until: since + 13 });
    expect(d.groups).toEqual([{ key: '', items: d.items }]);
  });

  it('is empty after the mark moves past the changes', () => {
    const d = digestOf([entry('a', 'new', since + 1)], { since: since + 1, me });
    expect(d).toMatchObject({ until: null, items: [], groups: [] });
    expect(Object.values(d.counts).every((n) => n === 0)).toBe(true);
  });

  it('is grouped like the list: an alert of two services under each, the alerts without a value together, largest first', () => {
    const entries = [
      entry('a', 'new', since + 1, {}, { service: ['Web', 'Db'] }),
      entry('b', 'new', since + 2, {}, { service: ['Web'] }),
      entry('c', 'new', since + 3, {}, { service: [] }),
    ];
    const d = digestOf(entries, { since, me, groupBy: 'service' });
    expect(d.groups.map((g) => [g.key, g.items.map((i) => i.id)])).toEqual([['Web', ['b', 'a']], ['\u0000', ['c']], ['Db', ['a']]]);
    expect(d.counts.new).toBe(3);
  });

  it('an alert is shown as its newest entry knew it', () => {
    const entries = [entry('a', 'new', since + 1, {}, { severity: 'minor' }), entry('a', 'escalated', since + 2, { from: 'minor', to: 'critical' }, { severity: 'critical' })];
    expect(digestOf(entries, { since, me }).items[0]).toMatchObject({ alert: { severity: 'critical' }, new: true, severity: 'escalated', stillOpen: true, lastAt: since + 2 });
  });
});
