import { describe, expect, it } from 'vitest';
import { transition, trend, previousStatusFromHistory, isInScope, type AlarmModel } from '../../../server/alert-rules.ts';
import { DEFAULT_SEVERITY_MAP } from '../../../server/settings.ts';
import { ApiError } from '../../../server/errors.ts';
import { getAlert } from '../../../server/alert-store/lookup.ts';
import { housekeeping } from '../../../server/alert-store/housekeeping.ts';
import { setStatus, takeAction } from '../../../server/alert-store/changes.ts';
import { callerOf, makeCtx, send } from './helpers.ts';

const model: AlarmModel = { severity: DEFAULT_SEVERITY_MAP, normalSeverity: 'normal', previousSeverity: 'indeterminate' };
const act = (currentStatus: string, action: string, severity = 'major', previousStatus = 'open') =>
  transition(model, { severity, previousSeverity: 'minor', currentStatus, previousStatus, action });
const conflict = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe(409);
    return (e as ApiError).message;
  }
  throw new Error('expected a 409');
};

describe('alarm model', () => {
  it('trend compares severity codes', () => {
    expect(trend(model, 'indeterminate', 'critical')).toBe('moreSevere');
    expect(trend(model, 'critical', 'normal')).toBe('lessSevere');
    expect(trend(model, 'ok', 'cleared')).toBe('noChange');
    expect(trend(model, 'bogus', 'critical')).toBe('noChange');
  });

  it('operator transitions from open', () => {
    expect(act('open', 'ack')).toEqual({ severity: 'major', status: 'ack' });
    expect(act('open', 'shelve')).toEqual({ severity: 'major', status: 'shelved' });
    expect(act('open', 'close')).toEqual({ severity: 'normal', status: 'closed' });
    expect(conflict(() => act('open', 'open'))).toBe('alert is already in open status');
  });

  it('operator transitions from ack, shelved and closed, with the real server messages for 409', () => {
    expect(act('ack', 'unack', 'major', 'open')).toEqual({ severity: 'major', status: 'open' });
    expect(act('ack', 'shelve').status).toBe('shelved');
    expect(conflict(() => act('ack', 'ack'))).toBe('alert is already in ack status');
    expect(act('shelved', 'unshelve', 'major', 'ack').status).toBe('ack');
    expect(conflict(() => act('shelved', 'ack'))).toBe('invalid action for current shelved status');
    expect(conflict(() => act('shelved', 'shelve'))).toBe('alert is already in shelved status');
    expect(act('closed', 'open')).toEqual({ severity: 'minor', status: 'open' });
    expect(conflict(() => act('closed', 'close'))).toBe('alert is already in closed status');
    expect(conflict(() => act('closed', 'ack'))).toBe('invalid action for current closed status');
    expect(conflict(() => act('open', 'unack'))).toBe('invalid action for current open status');
    expect(conflict(() => act('open', 'unshelve'))).toBe('invalid action for current open status');
  });

  it('an unknown action changes nothing (a plugin action on the real server)', () => {
    expect(act('ack', 'explode')).toEqual({ severity: 'major', status: 'ack' });
  });

  it('normal, ok and cleared close an alert from any status, even on first receive', () => {
    for (const sev of ['normal', 'ok', 'cleared']) {
      for (const current of ['open', 'ack', 'shelved', null]) {
        expect(transition(model, { severity: sev, previousSeverity: null, currentStatus: current, previousStatus: null }).status).toBe('closed');
      }
    }
  });

  it('a real escalation re-opens an acked alert; one from the default previous severity does not', () => {
    expect(transition(model, { severity: 'critical', previousSeverity: 'minor', currentStatus: 'ack', previousStatus: 'open' }).status).toBe('open');
    expect(transition(model, { severity: 'warning', previousSeverity: 'minor', currentStatus: 'ack', previousStatus: 'open' }).status).toBe('ack');
    expect(transition(model, { severity: 'critical', previousSeverity: 'indeterminate', currentStatus: 'ack', previousStatus: 'open' }).status).toBe('ack');
  });

  it('previous status is the last different status in history', () => {
    expect(previousStatusFromHistory('ack', ['open', 'shelved', 'ack'])).toBe('shelved');
    expect(previousStatusFromHistory('ack', ['ack'])).toBe('open');
  });

  it('scopes: admin > write > read, delete needs write, and a bare scope covers its resources', () => {
    expect(isInScope('read:alerts', ['read'])).toBe(true);
    expect(isInScope('read:alerts', ['write:alerts'])).toBe(true);
    expect(isInScope('write:alerts', ['admin'])).toBe(true);
    expect(isInScope('delete:alerts', ['write'])).toBe(true);
    expect(isInScope('write:alerts', ['read'])).toBe(false);
    expect(isInScope('admin:users', ['read', 'write'])).toBe(false);
    expect(isInScope('read:heartbeats', ['read:alerts'])).toBe(false);
  });
});

describe('receiving alerts', () => {
  it('a new alert is open, previousSeverity indeterminate, with a "new" history entry', () => {
    const ctx = makeCtx();
    const a = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'critical', value: '90%' });
    expect(a).toMatchObject({ status: 'open', previousSeverity: 'indeterminate', trendIndication: 'moreSevere', duplicateCount: 0, repeat: false });
    expect(a.history.map((h) => h.type)).toEqual(['new']);
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('the same environment, resource, event and severity is a duplicate: duplicateCount+1, repeat, value history', () => {
    const ctx = makeCtx();
    const first = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'critical', value: '90%', tags: ['a'] });
    send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'critical', value: '90%', tags: ['b'] });
    const third = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'critical', value: '97%' });
    expect(third.id).toBe(first.id);
    expect(third).toMatchObject({ duplicateCount: 2, repeat: true, value: '97%', status: 'open' });
    expect(third.tags.sort()).toEqual(['a', 'b']);
    expect(third.lastReceiveId).not.toBe(first.id);
    expect(third.history.map((h) => h.type)).toEqual(['new', 'value']);
  });

  it('the same event with another severity correlates: severity history, previousSeverity and trend', () => {
    const ctx = makeCtx();
    const first = send(ctx, { resource: 'db01', event: 'ReplicationLag', severity: 'warning' });
    const up = send(ctx, { resource: 'db01', event: 'ReplicationLag', severity: 'critical' });
    expect(up.id).toBe(first.id);
    expect(up).toMatchObject({ severity: 'critical', previousSeverity: 'warning', trendIndication: 'moreSevere', duplicateCount: 0, repeat: false });
    const down = send(ctx, { resource: 'db01', event: 'ReplicationLag', severity: 'minor' });
    expect(down).toMatchObject({ previousSeverity: 'critical', trendIndication: 'lessSevere' });
    expect(down.history.map((h) => h.type)).toEqual(['new', 'severity', 'severity']);
  });

  it('an event listed in the existing alert correlate list updates it, and normal closes it', () => {
    const ctx = makeCtx();
    const down = send(ctx, { resource: 'web02', event: 'NodeDown', severity: 'major', correlate: ['NodeDown', 'NodeUp'] });
    const up = send(ctx, { resource: 'web02', event: 'NodeUp', severity: 'normal', correlate: ['NodeDown', 'NodeUp'] });
    expect(up.id).toBe(down.id);
    expect(up).toMatchObject({ event: 'NodeUp', status: 'closed', severity: 'normal' });
    expect(up.history.map((h) => h.type)).toEqual(['new', 'status', 'severity']);
  });

  it('other environments or customers are separate alerts', () => {
    const ctx = makeCtx();
    const a = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'critical' });
    const b = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'critical', environment: 'Development' });
    const c = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'critical', customer: 'Acme Corp' });
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
  });

  it('an escalation re-opens an acked alert', () => {
    const ctx = makeCtx();
    const a = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'minor' });
    send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'major' });
    takeAction(ctx, a.id, null, 'ack', 'mine', null);
    const up = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'critical' });
    expect(up.status).toBe('open');
  });

  it('a non-normal receive re-opens a closed alert', () => {
    const ctx = makeCtx();
    const a = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'critical' });
    takeAction(ctx, a.id, null, 'close', 'done', null);
    expect(getAlert(ctx, a.id, null, '').status).toBe('closed');
    const again = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'critical' });
    expect(again).toMatchObject({ id: a.id, status: 'open', severity: 'critical' });
  });
});

describe('actions, timeouts and history', () => {
  it('close sets severity normal and open restores the previous severity', () => {
    const ctx = makeCtx();
    const a = send(ctx, { resource: 'cache01', event: 'CertExpiry', severity: 'security' });
    takeAction(ctx, a.id, callerOf('alice'), 'close', 'fixed', null);
    const closed = getAlert(ctx, a.id, null, '');
    expect(closed).toMatchObject({ status: 'closed', severity: 'normal', previousSeverity: 'security' });
    expect(closed.history.at(-1)).toMatchObject({ type: 'close', text: 'fixed', user: 'alice', status: 'closed' });
    takeAction(ctx, a.id, null, 'open', 'again', null);
    expect(getAlert(ctx, a.id, null, '')).toMatchObject({ status: 'open', severity: 'security' });
  });

  it('an ack with a timeout returns to the previous status when the timeout passes', () => {
    let now = new Date('2026-01-01T00:00:00.000Z');
    const ctx = makeCtx({}, () => now);
    const a = send(ctx, { resource: 'web03', event: 'NodeDown', severity: 'minor' });
    takeAction(ctx, a.id, null, 'ack', 'looking', 60);
    const acked = getAlert(ctx, a.id, null, '');
    expect(acked.status).toBe('ack');
    expect(acked.timeout).toBe(86400);
    expect(acked.history.at(-1)).toMatchObject({ type: 'ack', timeout: 60 });
    now = new Date('2026-01-01T00:00:59.000Z');
    expect(housekeeping(ctx).timedOut).toBe(0);
    now = new Date('2026-01-01T00:01:00.000Z');
    expect(housekeeping(ctx).timedOut).toBe(1);
    const back = getAlert(ctx, a.id, null, '');
    expect(back.status).toBe('open');
    expect(back.history.at(-1)).toMatchObject({ type: 'timeout', status: 'open' });
  });

  it('a shelve timeout returns a shelved ack to ack', () => {
    let now = new Date('2026-01-01T00:00:00.000Z');
    const ctx = makeCtx({}, () => now);
    const a = send(ctx, { resource: 'mq01', event: 'QueueBacklog', severity: 'major' });
    takeAction(ctx, a.id, null, 'ack', '', 0);
    takeAction(ctx, a.id, null, 'shelve', 'later', 120);
    now = new Date('2026-01-01T00:02:01.000Z');
    housekeeping(ctx);
    expect(getAlert(ctx, a.id, null, '').status).toBe('ack');
  });

  it('the default SHELVE_TIMEOUT applies when a shelve has no timeout; unshelve cancels it', () => {
    let now = new Date('2026-01-01T00:00:00.000Z');
    const ctx = makeCtx({ SHELVE_TIMEOUT: 10 }, () => now);
    const a = send(ctx, { resource: 'mq01', event: 'QueueBacklog', severity: 'major' });
    takeAction(ctx, a.id, null, 'shelve', '', null);
    takeAction(ctx, a.id, null, 'unshelve', '', null);
    takeAction(ctx, a.id, null, 'ack', '', null);
    now = new Date('2026-01-01T01:00:00.000Z');
    housekeeping(ctx);
    expect(getAlert(ctx, a.id, null, '').status).toBe('ack');
  });

  it('an alert whose timeout passes without a new receive expires', () => {
    let now = new Date('2026-01-01T00:00:00.000Z');
    const ctx = makeCtx({}, () => now);
    const a = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'major', timeout: 300 });
    now = new Date('2026-01-01T00:05:01.000Z');
    expect(housekeeping(ctx).expired).toBe(1);
    expect(getAlert(ctx, a.id, null, '')).toMatchObject({ status: 'expired' });
    const again = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'major', timeout: 300 });
    expect(again.status).toBe('open');
  });

  it('a status set directly is stored with a status history entry', () => {
    const ctx = makeCtx();
    const a = send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'major' });
    setStatus(ctx, a.id, null, 'assign', 'to team');
    const got = getAlert(ctx, a.id, null, '');
    expect(got.status).toBe('assign');
    expect(got.history.at(-1)).toMatchObject({ type: 'status', status: 'assign', text: 'to team' });
  });

  it('history keeps the newest HISTORY_LIMIT entries', () => {
    const ctx = makeCtx({ HISTORY_LIMIT: 3 });
    const sev = ['minor', 'major', 'critical', 'warning', 'minor'];
    let last;
    for (const s of sev) last = send(ctx, { resource: 'x', event: 'Flap', severity: s });
    expect(last!.history).toHaveLength(3);
    expect(last!.history.at(-1)!.severity).toBe('minor');
  });
});
