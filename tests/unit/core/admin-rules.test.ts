import { describe, expect, it } from 'vitest';
import {
  SCREEN_SCOPES,
  blackoutBody,
  blackoutFormOf,
  blackoutPrefillFromQuery,
  blackoutRemaining,
  blackoutStatus,
  grantableScopes,
  heartbeatStatus,
  isSystemRole,
  keyStatus,
  maskKey,
  newBlackoutForm,
  reportRowHref,
  reportRowQuery,
  scopesOutside,
  validateUserForm,
  toDateTimeInput,
  fromDateTimeInput,
  scopeTable,
  NEW_KEY_SCOPES,
  keyScopes,
  coveredScopes,
  apiKeyBody,
} from '../../../src/core/admin-rules.ts';
import { hasPerms } from '../../../src/core/perms.ts';
import { DateTime } from 'luxon';

const T = Date.parse('2026-01-10T12:00:00.000Z');
const KNOWN = [
  'read', 'write', 'admin', 'read:alerts', 'write:alerts', 'delete:alerts', 'admin:alerts', 'read:blackouts', 'write:blackouts',
  'admin:blackouts', 'read:heartbeats', 'write:heartbeats', 'admin:heartbeats', 'write:users', 'admin:users', 'read:groups',
  'admin:groups', 'read:perms', 'admin:perms', 'read:customers', 'admin:customers', 'read:keys', 'write:keys', 'admin:keys',
  'write:webhooks', 'read:oembed', 'read:management', 'admin:management', 'read:userinfo',
];

describe('screen scopes', () => {
  const ctx = (scopes: string[]) => ({ authRequired: true, allowReadonly: false, authenticated: true, scopes });
  it('an operator (read write) reads groups, customers and permissions but cannot change them', () => {
    for (const s of ['groups', 'customers', 'perms'] as const) {
      expect(hasPerms(SCREEN_SCOPES[s].view, ctx(['read', 'write']))).toBe(true);
      expect(hasPerms(SCREEN_SCOPES[s].manage as string, ctx(['read', 'write']))).toBe(false);
    }
  });
  it('an operator cannot open the users screen; an admin can manage everything', () => {
    expect(hasPerms(SCREEN_SCOPES.users.view, ctx(['read', 'write']))).toBe(false);
    for (const s of Object.values(SCREEN_SCOPES)) {
      expect(hasPerms(s.view, ctx(['admin', 'read', 'write']))).toBe(true);
      if (s.manage) expect(hasPerms(s.manage, ctx(['admin', 'read', 'write']))).toBe(true);
    }
  });
  it('a guest with read:alerts sees reports but not heartbeats or blackouts', () => {
    expect(hasPerms(SCREEN_SCOPES.reports.view, ctx(['read:alerts']))).toBe(true);
    expect(hasPerms(SCREEN_SCOPES.heartbeats.view, ctx(['read:alerts']))).toBe(false);
    expect(hasPerms(SCREEN_SCOPES.blackouts.view, ctx(['read:alerts']))).toBe(false);
  });
  it('an operator may create keys and blackouts and delete heartbeats', () => {
    for (const s of ['keys', 'blackouts', 'heartbeats'] as const) expect(hasPerms(SCREEN_SCOPES[s].manage as string, ctx(['read', 'write']))).toBe(true);
  });
});

describe('system roles', () => {
  it('admin, user and guest are system roles; others are not', () => {
    expect(isSystemRole('admin')).toBe(true);
    expect(isSystemRole(' guest ')).toBe(true);
    expect(isSystemRole('operator')).toBe(false);
    expect(isSystemRole('')).toBe(false);
    expect(isSystemRole('ops', ['ops'])).toBe(true);
  });
});

describe('blackout status', () => {
  const b = { startTime: '2026-01-10T11:00:00.000Z', endTime: '2026-01-10T13:00:00.000Z' };
  it('is pending before the start, active until the end and expired at and after the end', () => {
    expect(blackoutStatus(b, Date.parse('2026-01-10T10:59:59.999Z'))).toBe('pending');
    expect(blackoutStatus(b, Date.parse('2026-01-10T11:00:00.000Z'))).toBe('active');
    expect(blackoutStatus(b, T)).toBe('active');
    expect(blackoutStatus(b, Date.parse('2026-01-10T13:00:00.000Z'))).toBe('expired');
  });
  it('follows the clock, not the stale status of the list', () => {
    expect(blackoutStatus({ ...b, status: 'pending' }, T)).toBe('active');
  });
  it('keeps the server status when a time is unreadable, and treats an unknown one as expired', () => {
    expect(blackoutStatus({ startTime: 'garbage', endTime: null, status: 'active' }, T)).toBe('active');
    expect(blackoutStatus({ startTime: null, endTime: null, status: 'weird' }, T)).toBe('expired');
  });
  it('counts the seconds until the start when pending and until the end when active', () => {
    expect(blackoutRemaining(b, Date.parse('2026-01-10T10:00:00.000Z'))).toBe(3600);
    expect(blackoutRemaining(b, T)).toBe(3600);
    expect(blackoutRemaining(b, Date.parse('2026-01-10T14:00:00.000Z'))).toBeNull();
  });
});

describe('key and heartbeat status', () => {
  it('a key expires when its expiry time is reached', () => {
    expect(keyStatus({ expireTime: '2026-01-10T12:00:01.000Z' }, T)).toBe('active');
    expect(keyStatus({ expireTime: '2026-01-10T12:00:00.000Z' }, T)).toBe('expired');
    expect(keyStatus({ expireTime: null, status: 'expired' }, T)).toBe('expired');
  });
  it('heartbeat status is ok, slow or expired; anything unknown asks for attention as expired', () => {
    expect(heartbeatStatus({ status: 'ok' })).toBe('ok');
    expect(heartbeatStatus({ status: 'SLOW' })).toBe('slow');
    expect(heartbeatStatus({ status: 'expired' })).toBe('expired');
    expect(heartbeatStatus({ status: 'bogus' })).toBe('expired');
  });
});

describe('API keys', () => {
  it('masks all but the last four characters', () => {
    expect(maskKey('FAKE-API-KEY-01-abcd')).toBe('••••abcd');
    expect(maskKey('abc')).toBe('••••');
    expect(maskKey(null)).toBe('••••');
  });
  it('offers only scopes within the user’s own, expanded by the hierarchy', () => {
    const g = grantableScopes(['read', 'write:alerts'], KNOWN);
    expect(g).toContain('read:alerts');
    expect(g).toContain('read:management');
    expect(g).toContain('write:alerts');
    expect(g).not.toContain('write:keys');
    expect(g).not.toContain('admin');
    expect(g).not.toContain('delete:alerts');
  });
  it('an admin may grant every known scope, in the server’s order', () => {
    expect(grantableScopes(['admin', 'read', 'write'], KNOWN)).toEqual(KNOWN);
  });
  it('names the requested scopes outside the grantable ones', () => {
    expect(scopesOutside(['read:alerts', 'admin:users'], ['read:alerts'])).toEqual(['admin:users']);
  });
});

describe('a new or edited API key', () => {
  it('a new key starts with no scope at all: what it gets is only what the user ticks', () => {
    expect(NEW_KEY_SCOPES).toEqual([]);
    expect(Object.isFrozen(NEW_KEY_SCOPES)).toBe(true);
  });
  it('the scopes a key will get are exactly the ticked ones, each once, in the server’s order', () => {
    expect(keyScopes(['read:alerts'], KNOWN)).toEqual(['read:alerts']);
    expect(keyScopes(['write:alerts', 'read', 'write:alerts'], KNOWN)).toEqual(['read', 'write:alerts']);
    // a scope the server does not list (an old key's) is kept, after the known ones
    expect(keyScopes(['custom:thing', 'read:alerts'], KNOWN)).toEqual(['read:alerts', 'custom:thing']);
    expect(keyScopes([], KNOWN)).toEqual([]);
  });
  it('names the ticked scopes that another ticked scope already gives, and which one', () => {
    expect(coveredScopes(['read', 'read:alerts'])).toEqual([{ scope: 'read:alerts', by: 'read' }]);
    expect(coveredScopes(['write:alerts', 'read:alerts'])).toEqual([{ scope: 'read:alerts', by: 'write:alerts' }]);
    expect(coveredScopes(['admin', 'write', 'delete:alerts'])).toEqual([
      { scope: 'write', by: 'admin' },
      { scope: 'delete:alerts', by: 'admin' },
    ]);
    expect(coveredScopes(['read:alerts', 'write:heartbeats'])).toEqual([]);
    expect(coveredScopes(['read:alerts'])).toEqual([]);
  });
  const form = { text: '  wallboard  ', scopes: ['read:alerts', 'read'], customer: '', expireTime: undefined as string | undefined };
  it('a new key sends its text trimmed and its scopes in order; the customer only where customers are shown', () => {
    expect(apiKeyBody(form, KNOWN, { customerViews: false })).toEqual({ text: 'wallboard', scopes: ['read', 'read:alerts'] });
    expect(apiKeyBody({ ...form, customer: ' Acme Corp ' }, KNOWN, { customerViews: true })).toEqual({ text: 'wallboard', scopes: ['read', 'read:alerts'], customer: 'Acme Corp' });
    expect(apiKeyBody(form, KNOWN, { customerViews: true })).toEqual({ text: 'wallboard', scopes: ['read', 'read:alerts'], customer: null });
    expect(apiKeyBody({ ...form, expireTime: '2027-01-01T00:00:00.000Z' }, KNOWN, { customerViews: false })).toMatchObject({ expireTime: '2027-01-01T00:00:00.000Z' });
  });
  it('an edit always sends the customer to keep: PUT /key assigns it again on every update, like the real server', () => {
    const original = { customer: 'Acme Corp' };
    // customer views off: the field is not shown, so the key keeps the customer it had
    expect(apiKeyBody(form, KNOWN, { customerViews: false, original })).toMatchObject({ customer: 'Acme Corp' });
    expect(apiKeyBody(form, KNOWN, { customerViews: false, original: { customer: null } })).toMatchObject({ customer: null });
    // customer views on: what the field says (emptied: no customer)
    expect(apiKeyBody({ ...form, customer: 'Acme Corp' }, KNOWN, { customerViews: true, original })).toMatchObject({ customer: 'Acme Corp' });
    expect(apiKeyBody({ ...form, customer: 'Beta Ltd' }, KNOWN, { customerViews: true, original })).toMatchObject({ customer: 'Beta Ltd' });
    expect(apiKeyBody(form, KNOWN, { customerViews: true, original })).toMatchObject({ customer: null });
  });
});

describe('blackout form', () => {
  const parseLocal = (v: string) => {
    const ms = Date.parse(v + 'Z');
    return Number.isFinite(ms) ? ms : null;
  };
  it('starts now by default for the preferred period', () => {
    const f = newBlackoutForm({ blackoutStartNow: true }, 7200);
    expect(f.startNow).toBe(true);
    expect(f.duration).toBe(7200);
    expect(newBlackoutForm({ blackoutStartNow: false }, 3600).startNow).toBe(false);
  });
  it('sends only the duration when starting now, so the server clock starts it', () => {
    const f = newBlackoutForm(null, 3600, { environment: 'Production', service: ['Web'], resource: 'web01' });
    const r = blackoutBody(f, parseLocal);
    expect(r.ok && r.body).toEqual({
      environment: 'Production', service: ['Web'], resource: 'web01', event: null, group: null, tags: [], origin: null,
      customer: null, duration: 3600, text: '',
    });
  });
  it('sends start and end times when they are chosen', () => {
    const f = { ...newBlackoutForm(null, 3600, { environment: 'Dev' }), startNow: false, start: '2030-01-01T00:00', end: '2030-01-01T04:00' };
    const r = blackoutBody(f, parseLocal);
    expect(r.ok && r.body).toMatchObject({ startTime: '2030-01-01T00:00:00.000Z', endTime: '2030-01-01T04:00:00.000Z', duration: 14400 });
  });
  it('requires an environment and an end after the start', () => {
    expect(blackoutBody(newBlackoutForm(null, 3600, { environment: '  ' }), parseLocal)).toEqual({ ok: false, error: { field: 'environment', key: 'Required' } });
    const f = { ...newBlackoutForm(null, 3600, { environment: 'Dev' }), startNow: false, start: '2030-01-01T04:00', end: '2030-01-01T04:00' };
    expect(blackoutBody(f, parseLocal)).toEqual({ ok: false, error: { field: 'end', key: 'EndBeforeStart' } });
    expect(blackoutBody({ ...f, end: '' }, parseLocal)).toEqual({ ok: false, error: { field: 'end', key: 'Required' } });
    expect(blackoutBody({ ...f, start: 'nonsense' }, parseLocal)).toEqual({ ok: false, error: { field: 'start', key: 'NotValid' } });
  });
  it('trims, de-duplicates and drops empty services and tags', () => {
    const f = { ...newBlackoutForm(null, 60, { environment: 'Dev' }), service: [' Web', 'Web', ''], tags: ['a', ' a '] };
    const r = blackoutBody(f, parseLocal);
    expect(r.ok && r.body.service).toEqual(['Web']);
    expect(r.ok && r.body.tags).toEqual(['a']);
  });
  it('reads the pre-filled blackout the alert detail links to', () => {
    expect(blackoutPrefillFromQuery('?new=1&environment=Production&service=Web&service=API,DB&resource=web01&event=HttpError&group=Web')).toEqual({
      environment: 'Production', resource: 'web01', event: 'HttpError', group: 'Web', service: ['Web', 'API', 'DB'],
    });
    expect(blackoutPrefillFromQuery('?environment=Production')).toBeNull();
    expect(blackoutPrefillFromQuery('new=1')).toEqual({});
  });
  it('edits a blackout with its own times', () => {
    const f = blackoutFormOf(
      { environment: 'P', service: [], resource: null, event: 'E', group: null, tags: ['t'], origin: null, customer: null, text: null,
        startTime: '2030-01-01T00:00:00.000Z', endTime: '2030-01-01T01:00:00.000Z', duration: 3600 },
      (iso) => iso.slice(0, 16),
    );
    expect(f).toMatchObject({ startNow: false, start: '2030-01-01T00:00', end: '2030-01-01T01:00', event: 'E', resource: '', text: '' });
  });
});

describe('report rows', () => {
  it('link to the alerts of exactly that event on exactly those resources, all read by the real server', () => {
    const e = { event: 'NodeDown', resources: [{ id: '1', resource: 'db01' }, { id: '2', resource: 'db02' }, { id: '3', resource: 'db01' }] };
    expect(reportRowQuery(e)).toBe('event:"^NodeDown$" AND resource:"\\Y|^(?:db01|db02)$|\\Y"');
    expect(reportRowHref({ event: 'Disk Full', resources: [{ id: '1', resource: 'web 01' }] })).toBe(
      '/alerts?q=' + encodeURIComponent('event:"^Disk Full$" AND resource:"^web 01$"'),
    );
    expect(reportRowQuery({ event: 'X"y', resources: [] })).toBe('event:"^X\\u0022y$"');
  });
});

describe('user form', () => {
  const ok = { name: 'Sam', email: 'sam@acme.example', password: 'secret1', confirm: 'secret1' };
  it('accepts a complete new user', () => expect(validateUserForm(ok, true)).toEqual({}));
  it('needs a password of at least 6 characters and a matching confirmation to create', () => {
    expect(validateUserForm({ ...ok, password: '12345', confirm: '12345' }, true)).toEqual({ password: 'Min6Char' });
    expect(validateUserForm({ ...ok, confirm: 'secret2' }, true)).toEqual({ confirm: 'PasswordNotMatch' });
    expect(validateUserForm({ ...ok, password: '', confirm: '' }, true)).toEqual({ password: 'Required', confirm: 'Required' });
  });
  it('keeps the password on edit when both fields are blank', () => {
    expect(validateUserForm({ ...ok, password: '', confirm: '' }, false)).toEqual({});
    expect(validateUserForm({ ...ok, password: 'abc', confirm: '' }, false)).toEqual({ password: 'Min6Char', confirm: 'Required' });
  });
  it('needs a name and a valid e-mail', () => {
    expect(validateUserForm({ ...ok, name: ' ', email: 'nope' }, false)).toEqual({ name: 'Required', email: 'NotValid' });
  });
});

describe('date-time inputs', () => {
  it('show and read times in UTC when the user chose UTC', () => {
    expect(toDateTimeInput('2030-01-01T04:30:00.000Z', 'utc')).toBe('2030-01-01T04:30');
    expect(fromDateTimeInput('2030-01-01T04:30', 'utc')).toBe(Date.parse('2030-01-01T04:30:00.000Z'));
  });
  it('round-trip in local time', () => {
    const iso = '2030-06-15T12:45:00.000Z';
    expect(fromDateTimeInput(toDateTimeInput(iso, 'local'), 'local')).toBe(Date.parse(iso));
  });
  it('read and write what luxon did, in both zones', () => {
    for (const zone of ['utc', 'local'] as const) {
      for (const iso of ['2030-01-01T04:30:00.000Z', '2030-06-15T23:59:59.999+02:00', '2030-03-31T00:00:00Z', '2030-01-01T04:30:00']) {
        const luxon = DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm");
        expect(toDateTimeInput(iso, zone)).toBe(luxon);
        expect(fromDateTimeInput(luxon, zone)).toBe(DateTime.fromISO(luxon, { zone }).toMillis());
      }
    }
  });
  it('give empty or null for unreadable values', () => {
    expect(toDateTimeInput('nonsense', 'utc')).toBe('');
    expect(fromDateTimeInput('31/12/2030', 'utc')).toBeNull();
    expect(fromDateTimeInput('', 'local')).toBeNull();
  });
});

describe('scope table', () => {
  it('lays scopes out by resource and level, unqualified scopes first, in the server’s order', () => {
    const t = scopeTable(['read:alerts', 'read', 'write:alerts', 'admin', 'delete:alerts', 'read:keys', 'write']);
    expect(t.rows).toEqual([
      { resource: '', cells: { read: 'read', admin: 'admin', write: 'write' } },
      { resource: 'alerts', cells: { read: 'read:alerts', write: 'write:alerts', delete: 'delete:alerts' } },
      { resource: 'keys', cells: { read: 'read:keys' } },
    ]);
    expect(t.other).toEqual([]);
  });
  it('keeps scopes of another shape aside rather than dropping them', () => {
    expect(scopeTable(['custom-scope', 'read:a:b', 'view:x']).other).toEqual(['custom-scope', 'read:a:b', 'view:x']);
  });
});

describe('blackoutBody for an edit: only what the user changed', () => {
  const original = {
    environment: 'Production',
    service: ['Web'],
    resource: 'db01',
    event: null,
    group: null,
    tags: [],
    origin: null,
    customer: null,
    text: 'patching',
    startTime: '2026-11-21T14:29:53.473Z',
    endTime: '2026-11-21T15:29:53.473Z',
    duration: 3600,
  };
  // datetime-local inputs show the minute only, as the browser's field does
  const toInput = (iso: string) => iso.slice(0, 16);
  const parse = (v: string) => Date.parse(`${v}:00.000Z`);

  it('editing only the reason sends only the reason: the window keeps its exact instants', () => {
    const before = blackoutFormOf(original, toInput);
    const built = blackoutBody({ ...before, text: 'patching, take two' }, parse, before);
    expect(built).toEqual({ ok: true, body: { text: 'patching, take two' } });
  });

  it('moving only the end sends the end and the duration: the start keeps its instant to the millisecond', () => {
    const before = blackoutFormOf(original, toInput);
    const built = blackoutBody({ ...before, end: '2026-11-21T16:00' }, parse, before);
    // 14:29:53.473 → 16:00:00.000 is 5406.527 s
    expect(built.ok && built.body).toEqual({ endTime: '2026-11-21T16:00:00.000Z', duration: 5407 });
  });

  it('moving only the start sends the start and the duration: the end keeps its instant', () => {
    const before = blackoutFormOf(original, toInput);
    const built = blackoutBody({ ...before, start: '2026-11-21T15:00' }, parse, before);
    // 15:00:00.000 → 15:29:53.473 is 1793.473 s
    expect(built.ok && built.body).toEqual({ startTime: '2026-11-21T15:00:00.000Z', duration: 1793 });
  });

  it('moving both sends both, read from the fields', () => {
    const before = blackoutFormOf(original, toInput);
    const built = blackoutBody({ ...before, start: '2026-11-21T15:00', end: '2026-11-21T17:00' }, parse, before);
    expect(built.ok && built.body).toEqual({ startTime: '2026-11-21T15:00:00.000Z', endTime: '2026-11-21T17:00:00.000Z', duration: 7200 });
  });

  it('an end moved before the kept exact start is refused', () => {
    const before = blackoutFormOf(original, toInput);
    // 14:29 is before 14:29:53.473 although it shows as the same minute
    expect(blackoutBody({ ...before, end: '2026-11-21T14:29' }, parse, before)).toEqual({ ok: false, error: { field: 'end', key: 'EndBeforeStart' } });
  });

  it('clearing a scope field sends it as null', () => {
    const before = blackoutFormOf(original, toInput);
    expect(blackoutBody({ ...before, resource: '' }, parse, before)).toEqual({ ok: true, body: { resource: null } });
  });
});
