import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyLooked,
  compareGroups,
  EMPTY_GROUP,
  exportedIds,
  GROUP_ACTIONS,
  groupActionCount,
  groupActionTargets,
  groupAlerts,
  groupFieldOf,
  groupKeysOf,
  groupValue,
  groupWatchAction,
  offeredGroupFields,
  overviewOf,
  type GroupWithMembers,
} from '../../../src/core/alert-groups.ts';
import type { Alert } from '../../../src/core/types.ts';
import { row } from '../app/fixtures.ts';

const alert = (id: string, patch: Partial<Alert> = {}): Alert => row(id, patch);
const keys = (groups: GroupWithMembers[]) => groups.map((g) => g.group.key);
const byKey = (groups: GroupWithMembers[], key: string) => groups.find((g) => g.group.key === key)!;

describe('which groups an alert belongs to', () => {
  it('one group per value of the field', () => {
    const a = alert('1', { event: 'DiskFull', resource: 'web01', group: 'Performance', origin: 'probe', environment: 'Production', customer: 'Acme' });
    expect(groupKeysOf(a, 'event')).toEqual(['DiskFull']);
    expect(groupKeysOf(a, 'resource')).toEqual(['web01']);
    expect(groupKeysOf(a, 'group')).toEqual(['Performance']);
    expect(groupKeysOf(a, 'origin')).toEqual(['probe']);
    expect(groupKeysOf(a, 'environment')).toEqual(['Production']);
    expect(groupKeysOf(a, 'customer')).toEqual(['Acme']);
  });

  it('an alert in two services belongs to both service groups, each service once', () => {
    expect(groupKeysOf(alert('1', { service: ['Web', 'App'] }), 'service')).toEqual(['Web', 'App']);
    expect(groupKeysOf(alert('1', { service: ['Web', 'Web', ''] }), 'service')).toEqual(['Web']);
  });

  it('no value is a group of its own: an empty string, no customer, no service', () => {
    expect(groupKeysOf(alert('1', { origin: '' }), 'origin')).toEqual([EMPTY_GROUP]);
    expect(groupKeysOf(alert('1', { customer: null }), 'customer')).toEqual([EMPTY_GROUP]);
    expect(groupKeysOf(alert('1', { service: [] }), 'service')).toEqual([EMPTY_GROUP]);
    expect(groupValue(EMPTY_GROUP)).toBe('');
    expect(groupValue('DiskFull')).toBe('DiskFull');
  });
});

describe('the fields offered', () => {
  it('customer only where customer views are on', () => {
    expect(offeredGroupFields({ customer_views: false })).toEqual(['event', 'resource', 'service', 'group', 'origin', 'environment']);
    expect(offeredGroupFields({ customer_views: true })).toContain('customer');
  });

  it('a linked or stored group-by counts only when offered', () => {
    expect(groupFieldOf('event', { customer_views: false })).toBe('event');
    expect(groupFieldOf('customer', { customer_views: false })).toBeNull();
    expect(groupFieldOf('customer', { customer_views: true })).toBe('customer');
    expect(groupFieldOf('severity', { customer_views: true })).toBeNull();
    expect(groupFieldOf('event FROM alerts; --', { customer_views: true })).toBeNull();
    expect(groupFieldOf(null, null)).toBeNull();
  });
});

describe('what a group shows', () => {
  const alerts = [
    alert('1', { event: 'DiskFull', severity: 'minor', status: 'open', environment: 'Production', lastReceiveTime: '2026-11-20T10:00:00.000Z' }),
    alert('2', { event: 'DiskFull', severity: 'critical', status: 'ack', environment: 'Development', lastReceiveTime: '2026-11-20T12:00:00.000Z' }),
    alert('3', { event: 'DiskFull', severity: 'major', status: 'shelved', environment: 'Production', lastReceiveTime: '2026-11-20T11:00:00.000Z' }),
    alert('4', { event: 'DiskFull', severity: 'warning', status: 'NORM', environment: 'Production', tags: ['watch:ann'] }),
    alert('5', { event: 'NodeDown', severity: 'major', status: 'open' }),
  ];

  it('its size, worst severity, statuses (legacy codes as what they mean), environments and last receive', () => {
    const g = byKey(groupAlerts(alerts, 'event', { username: 'ann' }), 'DiskFull').group;
    expect(g.count).toBe(4);
    expect(g.severity).toBe('critical');
    expect(g.severityCounts).toEqual({ minor: 1, critical: 1, major: 1, warning: 1 });
    expect(g.statusCounts).toEqual({ open: 2, ack: 1, shelved: 1 });
    expect(g.environments).toEqual(['Development', 'Production']);
    expect(g.lastReceiveTime).toBe('2026-11-20T12:00:00.000Z');
    expect(g.watched).toBe(1);
    expect(g.grown).toBe(0);
  });

  it('its members in the order the alerts came (the view sort)', () => {
    expect(byKey(groupAlerts(alerts, 'event'), 'DiskFull').ids).toEqual(['1', '2', '3', '4']);
  });

  it('nobody signed in: no watch count', () => {
    expect(byKey(groupAlerts(alerts, 'event'), 'DiskFull').group.watched).toBeNull();
  });

  it('worst severity follows the configured severity codes', () => {
    const config = { severity: { critical: 5, minor: 1, major: 3, warning: 4 } };
    expect(byKey(groupAlerts(alerts, 'event', { config }), 'DiskFull').group.severity).toBe('minor');
  });

  it('an alert in two services is counted in both groups', () => {
    const groups = groupAlerts([alert('1', { service: ['Web', 'App'] }), alert('2', { service: ['Web'] }), alert('3', { service: [] })], 'service');
    expect(byKey(groups, 'Web').ids).toEqual(['1', '2']);
    expect(byKey(groups, 'App').ids).toEqual(['1']);
    expect(byKey(groups, EMPTY_GROUP).ids).toEqual(['3']);
  });
});

describe('group order', () => {
  it('worst severity first, then the biggest, then by name; the "no value" group after named ones of its rank', () => {
    const alerts = [
      alert('1', { event: 'b', severity: 'major' }),
      alert('2', { event: 'b', severity: 'minor' }),
      alert('3', { event: 'a', severity: 'major' }),
      alert('4', { event: 'c', severity: 'critical' }),
      alert('5', { event: '', severity: 'major' }),
      alert('6', { event: 'd', severity: 'major' }),
      alert('7', { event: 'Z', severity: 'warning' }),
      alert('8', { event: 'Z', severity: 'warning' }),
      alert('9', { event: 'Z', severity: 'warning' }),
    ];
    expect(keys(groupAlerts(alerts, 'event'))).toEqual(['c', 'b', 'a', 'd', EMPTY_GROUP, 'Z']);
  });

  it('an unknown severity sorts after every known one', () => {
    expect(compareGroups({ key: 'x', severity: 'bogus', count: 100 }, { key: 'y', severity: 'trace', count: 1 })).toBeGreaterThan(0);
  });
});

describe('what a grouped list downloads as CSV', () => {
  // Web (3 alerts) sorts before App (1), whatever order the keys are opened in; alert 1 is in both.
  const alerts = [alert('1', { service: ['App', 'Web'] }), alert('2', { service: ['Web'] }), alert('3', { service: ['Web'] }), alert('4', { service: [] })];
  const groups = groupAlerts(alerts, 'service');
  const all = alerts.map((a) => a.id);

  it("the open groups' alerts in the list's order, each once", () => {
    expect(exportedIds(groups, ['App', 'Web'], all)).toEqual(['1', '2', '3']);
    expect(exportedIds(groups, ['App', EMPTY_GROUP], all)).toEqual(['1', '4']);
  });

  it('no group open (or only groups that are gone): every alert of the view in its order', () => {
    expect(exportedIds(groups, [], all)).toEqual(all);
    expect(exportedIds(groups, ['Gone'], all)).toEqual(all);
  });
});

describe('grew since you looked', () => {
  const groups = (members: Record<string, string[]>): GroupWithMembers[] =>
    Object.entries(members).map(([key, ids]) => ({ group: { key, count: ids.length, severity: 'major', severityCounts: {}, statusCounts: {}, environments: [], lastReceiveTime: '', watched: null, grown: 0 }, ids }));

  it('a group seen for the first time has not grown', () => {
    const { groups: out, looked } = applyLooked(groups({ a: ['1', '2'] }), null, new Set());
    expect(out[0]!.group.grown).toBe(0);
    expect([...looked.get('a')!]).toEqual(['1', '2']);
  });

  it('counts the alerts that joined since; alerts leaving do not count', () => {
    const first = applyLooked(groups({ a: ['1', '2'] }), null, new Set());
    const second = applyLooked(groups({ a: ['2', '3', '4'] }), first.looked, new Set());
    expect(second.groups[0]!.group.grown).toBe(2);
    // Still measured against what was looked at, not against the last poll.
    const third = applyLooked(groups({ a: ['2', '3', '4', '5'] }), second.looked, new Set());
    expect(third.groups[0]!.group.grown).toBe(3);
  });

  it('looking at the group (open, or acted on) clears the mark', () => {
    const first = applyLooked(groups({ a: ['1'] }), null, new Set());
    const grown = applyLooked(groups({ a: ['1', '2'] }), first.looked, new Set());
    expect(grown.groups[0]!.group.grown).toBe(1);
    const looked = applyLooked(groups({ a: ['1', '2'] }), grown.looked, new Set(['a']));
    expect(looked.groups[0]!.group.grown).toBe(0);
    const after = applyLooked(groups({ a: ['1', '2'] }), looked.looked, new Set());
    expect(after.groups[0]!.group.grown).toBe(0);
  });

  it('forgets groups that left the view', () => {
    const first = applyLooked(groups({ a: ['1'], b: ['2'] }), null, new Set());
    expect([...applyLooked(groups({ a: ['1'] }), first.looked, new Set()).looked.keys()]).toEqual(['a']);
  });

  it('returns the same entry when nothing changed (no needless patch)', () => {
    const input = groups({ a: ['1'] });
    const first = applyLooked(input, null, new Set());
    expect(first.groups[0]).toBe(input[0]);
  });
});

describe('actions on a whole group', () => {
  const alerts = [
    alert('1', { status: 'open' }),
    alert('2', { status: 'UNACK' }),
    alert('3', { status: 'ack' }),
    alert('4', { status: 'shelved', tags: ['watch:ann'] }),
    alert('5', { status: 'closed' }),
    alert('1', { status: 'open' }),
  ];

  it('each alert once, and only those whose status allows the action', () => {
    expect(groupActionTargets(alerts, 'ack', 'ann')).toEqual(['1', '2']);
    expect(groupActionTargets(alerts, 'shelve', 'ann')).toEqual(['1', '2', '3']);
    expect(groupActionTargets(alerts, 'close', 'ann')).toEqual(['1', '2', '3', '4']);
    expect(groupActionTargets(alerts, 'delete', 'ann')).toEqual(['1', '2', '3', '4', '5']);
  });

  it('watch the alerts not yet watched, unwatch the watched ones; nobody signed in watches nothing', () => {
    expect(groupActionTargets(alerts, 'watch', 'ann')).toEqual(['1', '2', '3', '5']);
    expect(groupActionTargets(alerts, 'unwatch', 'ann')).toEqual(['4']);
    expect(groupActionTargets(alerts, 'watch', null)).toEqual([]);
  });

  it('the watch toggle unwatches only when every alert is watched already', () => {
    expect(groupWatchAction({ count: 3, watched: 2 })).toBe('watch');
    expect(groupWatchAction({ count: 3, watched: 3 })).toBe('unwatch');
    expect(groupWatchAction({ count: 3, watched: null })).toBe('watch');
  });

  it('the confirmation count from the group counts is the number of alerts acted on, for any group', () => {
    const statuses = ['open', 'ack', 'shelved', 'closed', 'NORM', 'ACKED', 'SHLVD', 'expired', 'blackout', 'bogus'];
    const arbAlert = fc.record({
      id: fc.integer({ min: 1, max: 40 }).map(String),
      status: fc.constantFrom(...statuses),
      watched: fc.boolean(),
      services: fc.array(fc.constantFrom('Web', 'App', 'Db'), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(arbAlert, { maxLength: 60 }), (raw) => {
        // One alert per id, as the API holds them; the grouping and the targets must agree on every group.
        const unique = [...new Map(raw.map((r) => [r.id, r])).values()];
        const list = unique.map((r) => alert(r.id, { status: r.status, service: r.services, tags: r.watched ? ['watch:ann'] : [] }));
        for (const { group, ids } of groupAlerts(list, 'service', { username: 'ann' })) {
          const members = list.filter((a) => ids.includes(a.id));
          for (const action of GROUP_ACTIONS) {
            expect(groupActionCount(group, action)).toBe(groupActionTargets(members, action, 'ann').length);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the overview: what is going on', () => {
  const alerts = [
    ...Array.from({ length: 6 }, (_, i) => alert(`w${i}`, { event: 'Warn', severity: 'warning', service: ['Web'], resource: `r${i}` })),
    ...Array.from({ length: 3 }, (_, i) => alert(`c${i}`, { event: 'Crit', severity: 'critical', service: ['Web', 'Db'], resource: 'r0' })),
    alert('m', { event: 'Minor', severity: 'minor', service: [], origin: '' }),
  ];

  it('lists each overview field with its top values, worst first, and how many values there are', () => {
    const columns = overviewOf(alerts, { top: 2 });
    expect(columns.map((c) => c.field)).toEqual(['event', 'resource', 'service', 'origin', 'environment']);
    const event = columns[0]!;
    // The two biggest values (Warn 6, Crit 3), the worst of them first.
    expect(event.values).toEqual([
      { key: 'Crit', count: 3, severity: 'critical' },
      { key: 'Warn', count: 6, severity: 'warning' },
    ]);
    expect(event.distinct).toBe(3);
  });

  it('counts an alert in two services once for each, and alerts without a value as a value of their own', () => {
    const service = overviewOf(alerts).find((c) => c.field === 'service')!;
    expect(service.values).toEqual([
      { key: 'Web', count: 9, severity: 'critical' },
      { key: 'Db', count: 3, severity: 'critical' },
      { key: EMPTY_GROUP, count: 1, severity: 'minor' },
    ]);
  });

  it('an empty view has empty columns', () => {
    expect(overviewOf([]).every((c) => c.values.length === 0 && c.distinct === 0)).toBe(true);
  });
});
