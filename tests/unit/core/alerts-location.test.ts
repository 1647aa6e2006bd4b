import { describe, expect, it } from 'vitest';
import {
  emptyStateOf,
  filterIsActive,
  hashFor,
  initialHashState,
  nextSort,
  readAlertsLocation,
  searchWithQ,
  sortShown,
} from '../../../src/core/alerts-location.ts';
import { defaultFilter } from '../../../src/core/alerts-view.ts';
import type { AlertFilter } from '../../../src/core/types.ts';

const defaults: AlertFilter = defaultFilter({ filter: { status: ['open', 'ack'] } });

describe('reading the alerts location', () => {
  it('takes the search from q and keeps deep-link pairs for the API, but never kiosk', () => {
    const loc = readAlertsLocation('?q=resource%3Aweb01&severity=critical&kiosk=1', '');
    expect(loc.q).toBe('resource:web01');
    expect(loc.kiosk).toBe(true);
    expect(loc.query).toEqual([
      ['q', 'resource:web01'],
      ['severity', 'critical'],
    ]);
    expect(loc.hash).toBeNull();
  });

  it('treats ?kiosk without a value as kiosk mode', () => {
    expect(readAlertsLocation('?kiosk', '').kiosk).toBe(true);
    expect(readAlertsLocation('', '').kiosk).toBe(false);
  });

  it('restores filter, sort and panel from an old console bookmark', () => {
    const loc = readAlertsLocation(
      '',
      '#environment:Production;text:disk full;status:open,ack;service:Web,App;group:Network;dateRange:-3600,;sb:lastReceiveTime;sd:1;asi:1',
    );
    expect(loc.hash?.filter).toEqual({
      environment: 'Production',
      text: 'disk full',
      status: ['open', 'ack'],
      customer: null,
      service: ['Web', 'App'],
      group: ['Network'],
      dateRange: [-3600, null],
    });
    expect(loc.hash?.sort).toEqual({ sortBy: 'lastReceiveTime', descending: true });
    expect(loc.hash?.showPanel).toBe(true);
  });

  it('starts from the config filter when there is no hash, and the hash written for it is the old default hash', () => {
    const state = initialHashState(null, { filter: { status: ['open', 'ack'] } });
    expect(hashFor(state)).toBe('#status:open,ack;dateRange:,;sb:default;sd:0;asi:0');
  });
});

describe('writing the search into the query string', () => {
  it('sets, replaces and removes q while keeping other pairs in place', () => {
    expect(searchWithQ('', 'event:Heartbeat')).toBe('?q=event%3AHeartbeat');
    expect(searchWithQ('?kiosk=1', 'a b')).toBe('?q=a+b&kiosk=1');
    expect(searchWithQ('?severity=major&q=old', 'new')).toBe('?severity=major&q=new');
    expect(searchWithQ('?q=old&kiosk', '  ')).toBe('?kiosk=');
    expect(searchWithQ('?q=old', '')).toBe('');
  });
});

describe('filter highlight', () => {
  it('is off for the starting filter and for a tab change', () => {
    expect(filterIsActive(defaults, defaults)).toBe(false);
    expect(filterIsActive({ ...defaults, environment: 'Production' }, defaults)).toBe(false);
    expect(filterIsActive({ ...defaults, status: ['ack', 'open'] }, defaults)).toBe(false);
  });

  it('is on for a service, group, customer, text, other statuses or a time range', () => {
    expect(filterIsActive({ ...defaults, service: ['Web'] }, defaults)).toBe(true);
    expect(filterIsActive({ ...defaults, group: ['Network'] }, defaults)).toBe(true);
    expect(filterIsActive({ ...defaults, customer: ['Acme'] }, defaults)).toBe(true);
    expect(filterIsActive({ ...defaults, text: 'disk' }, defaults)).toBe(true);
    expect(filterIsActive({ ...defaults, status: ['closed'] }, defaults)).toBe(true);
    expect(filterIsActive({ ...defaults, status: null }, defaults)).toBe(true);
    expect(filterIsActive({ ...defaults, dateRange: [-3600, null] }, defaults)).toBe(true);
  });
});

describe('sort headers', () => {
  it('a new column sorts in its natural direction, the same column flips', () => {
    expect(nextSort({ sortBy: 'default', descending: false }, 'severity')).toEqual({ sortBy: 'severity', descending: false });
    expect(nextSort({ sortBy: 'severity', descending: false }, 'severity')).toEqual({ sortBy: 'severity', descending: true });
    expect(nextSort({ sortBy: 'severity', descending: true }, 'resource')).toEqual({ sortBy: 'resource', descending: false });
  });

  it('time columns in their natural order show newest first as descending values', () => {
    expect(sortShown({ sortBy: 'lastReceiveTime', descending: false }, 'lastReceiveTime')).toBe('descending');
    expect(sortShown({ sortBy: 'lastReceiveTime', descending: true }, 'lastReceiveTime')).toBe('ascending');
    expect(sortShown({ sortBy: 'resource', descending: false }, 'resource')).toBe('ascending');
    expect(sortShown({ sortBy: 'resource', descending: false }, 'event')).toBe('none');
    expect(sortShown({ sortBy: 'duration', descending: false }, 'duration')).toBe('ascending');
    expect(sortShown({ sortBy: 'timeoutLeft', descending: false }, 'timeoutLeft')).toBe('ascending');
  });
});

describe('empty list message', () => {
  it('names the search when one was made', () => {
    expect(emptyStateOf({ query: [['q', ' disk ']] })).toEqual({ kind: 'search', query: 'disk' });
    expect(emptyStateOf({ query: [['severity', 'major']] })).toEqual({ kind: 'nothing' });
  });

  it('a view whose request failed before any answer is unanswered, not an empty search', () => {
    expect(emptyStateOf({ query: [['q', 'disk']] }, { answered: false, failed: true })).toEqual({ kind: 'unanswered' });
    expect(emptyStateOf({ query: [] }, { answered: false, failed: true })).toEqual({ kind: 'unanswered' });
    // answered (even from the cache) and empty: the usual texts, also while a later request fails
    expect(emptyStateOf({ query: [['q', 'disk']] }, { answered: true, failed: true })).toEqual({ kind: 'search', query: 'disk' });
    expect(emptyStateOf({ query: [] }, { answered: false, failed: false })).toEqual({ kind: 'nothing' });
  });
});
