import { describe, expect, it } from 'vitest';
import { alertsParams, defaultView, environmentsParams, openCountParams, lastPage, textFilterClause, watchClause } from '../../../src/core/alerts-query.ts';
import { defaultFilter, serverSortKey } from '../../../src/core/alerts-view.ts';
import type { AlertsView, Config } from '../../../src/core/types.ts';
import { view } from './view-fixture.ts';

const NOW = new Date('2024-01-15T10:50:00.000Z');
const CONFIG: Pick<Config, 'sort_by'> = { sort_by: ['severity', 'lastReceiveTime'] };

const alerts = (v: AlertsView, config = CONFIG) => alertsParams(v, config, NOW).toString();
const envs = (v: AlertsView) => environmentsParams(v, NOW).toString();

describe('GET /alerts parameters (the old console\'s requests)', () => {
  it('default view', () => {
    expect(alerts(view())).toBe('status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20');
  });

  it('search, tab, services, group, last hour, column sort descending, notes icon, page 2 of 50', () => {
    const v = view(
      {
        query: [['q', 'event:Heartbeat']],
        sort: { sortBy: 'lastReceiveTime', descending: true },
        page: 2,
        rowsPerPage: 50,
        showHistory: true,
      },
      { environment: 'Production', service: ['Web', 'App'], group: ['Network'], dateRange: [-3600, null] },
    );
    expect(alerts(v)).toBe(
      'q=event%3AHeartbeat&environment=Production&status=open&status=ack&service=Web&service=App&group=Network' +
        '&sort-by=-lastReceiveTime&show-history=true&page=2&page-size=50&from-date=2024-01-15T09%3A50%3A00.000Z',
    );
  });

  it('absolute range, all statuses', () => {
    const v = view({}, { status: null, dateRange: [1705312200, 1705398600] });
    expect(alerts(v)).toBe(
      'sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20' +
        '&from-date=2024-01-15T09%3A50%3A00.000Z&to-date=2024-01-16T09%3A50%3A00.000Z',
    );
  });

  it('an empty status list also means all statuses', () => {
    expect(alerts(view({}, { status: [] }))).toBe('sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20');
  });

  it('deep link server filters are forwarded first, in URL order', () => {
    const v = view({ query: [['severity', 'critical'], ['resource', 'web01']] });
    expect(alerts(v)).toBe(
      'severity=critical&resource=web01&status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20',
    );
  });

  it('search text with spaces is form-encoded', () => {
    const v = view({ query: [['q', 'severity:critical AND resource:web01']] });
    expect(alerts(v)).toMatch(/^q=severity%3Acritical\+AND\+resource%3Aweb01&status=open/);
  });

  it('customer values come between status and service', () => {
    const v = view({}, { customer: ['Acme Corp'], service: ['Web'], group: ['G'] });
    expect(alerts(v)).toBe(
      'status=open&status=ack&customer=Acme+Corp&service=Web&group=G&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20',
    );
  });
});

describe('route query hygiene (old bug: whole route query forwarded)', () => {
  it('never forwards kiosk', () => {
    const v = view({ query: [['kiosk', '1']] });
    expect(alerts(v)).toBe('status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20');
    expect(envs(v)).toBe('status=open&status=ack');
  });

  it('never forwards keys the view itself sets (no duplicate page, sort or dates)', () => {
    const v = view({
      query: [
        ['page', '9'],
        ['page-size', '500'],
        ['sort-by', 'event'],
        ['show-history', 'true'],
        ['from-date', 'x'],
        ['to-date', 'y'],
        ['environment', 'Other'],
        ['status', 'closed'],
        ['resource', 'web01'],
      ],
    });
    expect(alerts(v)).toBe(
      'resource=web01&status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20',
    );
  });

  it('drops an empty q', () => {
    expect(alerts(view({ query: [['q', '  ']] }))).toBe(
      'status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20',
    );
  });
});

describe('sort-by', () => {
  it('a string config sort_by gives one sort-by', () => {
    expect(alerts(view(), { sort_by: 'lastReceiveTime' })).toBe(
      'status=open&status=ack&sort-by=lastReceiveTime&page=1&page-size=20',
    );
  });

  it('an empty config sort_by sends none (server default applies)', () => {
    expect(alerts(view(), { sort_by: [] })).toBe('status=open&status=ack&page=1&page-size=20');
  });

  it('a clicked column ascending sends the key as is', () => {
    expect(alerts(view({ sort: { sortBy: 'event', descending: false } }))).toContain('&sort-by=event&page=');
  });

  it('attribute columns sort by attributes.<name>', () => {
    expect(alerts(view({ sort: { sortBy: 'region', descending: true } }))).toContain('sort-by=-attributes.region&');
    expect(alerts(view({ sort: { sortBy: 'attributes.region', descending: false } }))).toContain(
      'sort-by=attributes.region&',
    );
  });

  it('duration (time since receive) maps to receiveTime', () => {
    expect(serverSortKey('duration')).toBe('receiveTime');
    expect(alerts(view({ sort: { sortBy: 'duration', descending: false } }))).toContain('sort-by=receiveTime&');
    expect(alerts(view({ sort: { sortBy: 'duration', descending: true } }))).toContain('sort-by=-receiveTime&');
  });

  it('timeoutLeft ascending (least left first) asks for the oldest receive first', () => {
    expect(alerts(view({ sort: { sortBy: 'timeoutLeft', descending: false } }))).toContain('sort-by=-lastReceiveTime&');
    expect(alerts(view({ sort: { sortBy: 'timeoutLeft', descending: true } }))).toContain('sort-by=lastReceiveTime&');
  });

  it('a column with no server key falls back to the configured sort', () => {
    expect(serverSortKey('note')).toBeNull();
    expect(alerts(view({ sort: { sortBy: 'note', descending: true } }))).toContain(
      'sort-by=severity&sort-by=lastReceiveTime&',
    );
  });

  it('known alert fields are not mistaken for attributes', () => {
    for (const f of ['severity', 'status', 'createTime', 'duplicateCount', 'customer', 'lastReceiveId']) {
      expect(serverSortKey(f)).toBe(f);
    }
  });

});

describe('show-history, paging and dates', () => {
  it('show-history only when asked', () => {
    expect(alerts(view())).not.toContain('show-history');
    expect(alerts(view({ showHistory: true }))).toContain('&show-history=true&page=1');
  });

  it('bad paging values fall back to page 1 and 20 rows', () => {
    expect(alerts(view({ page: 0, rowsPerPage: Number.NaN }))).toContain('page=1&page-size=20');
    expect(alerts(view({ page: 3.7, rowsPerPage: 100 }))).toContain('page=3&page-size=100');
  });

  it('a relative range slides with now; 0 and null bounds are not sent', () => {
    const v = view({}, { dateRange: [-21600, 0] });
    expect(alerts(v)).toContain('from-date=2024-01-15T04%3A50%3A00.000Z');
    expect(alerts(v)).not.toContain('to-date');
    expect(alertsParams(v, CONFIG, new Date('2024-01-15T11:50:00.000Z')).get('from-date')).toBe(
      '2024-01-15T05:50:00.000Z',
    );
    expect(alerts(view({}, { dateRange: [0, 0] }))).not.toContain('date');
  });
});

describe('server-side text and watch filters through q', () => {
  it('watch alone becomes q=tags:"watch:<user>", exactly the working contract query', () => {
    const p = alertsParams(view({ watchedBy: 'admin' }), CONFIG, NOW);
    expect(p.get('q')).toBe('tags:"watch:admin"');
    expect(p.toString()).toMatch(/^q=tags%3A%22watch%3Aadmin%22&status=open/);
  });

  it('watch combines with a route q as (<q>) AND tags:"watch:<user>" at the q position', () => {
    const v = view({ query: [['severity', 'major'], ['q', 'a OR b']], watchedBy: 'admin@alerta.dev' });
    const p = alertsParams(v, CONFIG, NOW);
    expect([...p.keys()].slice(0, 2)).toEqual(['severity', 'q']);
    expect(p.get('q')).toBe('(a OR b) AND tags:"watch:admin@alerta.dev"');
    expect(p.getAll('q')).toHaveLength(1);
  });

  it('a user name the real server cannot search for (a double quote) matches nothing, never other alerts', () => {
    expect(watchClause('a\\b')).toBe('tags:"watch:a\\b"');
    expect(watchClause('a"b')).toBe('(_exists_:watch AND NOT _exists_:watch)');
  });

  it('the text filter is searched server-side as a phrase', () => {
    const p = alertsParams(view({}, { text: '  disk full ' }), CONFIG, NOW);
    expect(p.get('q')).toBe('"\\Y|disk full|\\Y"');
  });

  it('text, route q and watch all combine with AND', () => {
    const v = view({ query: [['q', 'resource:web01']], watchedBy: 'bob' }, { text: 'disk' });
    expect(alertsParams(v, CONFIG, NOW).get('q')).toBe('resource:web01 AND ("\\Y|disk|\\Y" AND tags:"watch:bob")');
  });

  it('several route q values are each parenthesised', () => {
    const v = view({ query: [['q', 'a'], ['x', '1'], ['q', 'b']] });
    const p = alertsParams(v, CONFIG, NOW);
    expect(p.getAll('q')).toEqual(['a AND b']);
    expect([...p.keys()].slice(0, 2)).toEqual(['q', 'x']);
  });

  it('the text filter is one "contains" term whatever the text holds: regex characters, quotes, %, backslashes', () => {
    expect(textFilterClause('a.b*(c)')).toBe('"\\Y|a\\u002eb\\u002a\\u0028c\\u0029|\\Y"');
    expect(textFilterClause("can't stop 100%")).toBe('"\\Y|can\'t stop 100%|\\Y"');
    expect(textFilterClause('say "hi"')).toBe('"\\Y|say \\u0022hi\\u0022|\\Y"');
    expect(textFilterClause('C:\\temp')).toBe('"\\Y|C:\\u005ctemp|\\Y"');
  });

  it('a search, the text filter and watch-only are grouped in pairs, so the real server reads all three', () => {
    const v = view({ query: [['q', 'x OR y']], watchedBy: 'bob' }, { text: "can't" });
    expect(alertsParams(v, CONFIG, NOW).get('q')).toBe('(x OR y) AND ("\\Y|can\'t|\\Y" AND tags:"watch:bob")');
  });

  it('never produces a backslash followed by t, n, f or r (the parser would turn it into whitespace)', () => {
    const tricky = ['\\n', '\\t', '.t', '\\\\r', '"f', "'n", '%r', '(t)', 'tab\there'];
    for (const s of tricky) expect(textFilterClause(s)).not.toMatch(/\\[tnfr]/);
  });

  it('an empty or blank text filter adds nothing', () => {
    expect(textFilterClause('   ')).toBeNull();
    expect(alertsParams(view({}, { text: '' }), CONFIG, NOW).has('q')).toBe(false);
  });

  it('keeps non-ASCII text readable', () => {
    expect(textFilterClause('Ölstand ça')).toBe('"\\Y|Ölstand ça|\\Y"');
  });
});

describe('GET /environments parameters (the old console\'s requests)', () => {
  it('default', () => {
    expect(envs(view())).toBe('status=open&status=ack');
  });

  it('same filter without environment, sort, show-history and paging', () => {
    const v = view(
      {
        query: [['q', 'event:Heartbeat'], ['kiosk', '']],
        sort: { sortBy: 'event', descending: true },
        page: 4,
        showHistory: true,
        watchedBy: 'bob',
      },
      {
        environment: 'Production',
        customer: ['C'],
        service: ['Web'],
        group: ['Network'],
        dateRange: [1705312200, 1705398600],
      },
    );
    expect(envs(v)).toBe(
      'q=event%3AHeartbeat+AND+tags%3A%22watch%3Abob%22&status=open&status=ack&customer=C&service=Web&group=Network' +
        '&from-date=2024-01-15T09%3A50%3A00.000Z&to-date=2024-01-16T09%3A50%3A00.000Z',
    );
  });
});

describe('GET /alerts/count parameters for the open alerts of a view (badge, notifications)', () => {
  it('keeps the view filter and environment, replaces the statuses with open, drops sort and paging', () => {
    const v = view(
      { query: [['q', 'event:Heartbeat'], ['kiosk', '1']], sort: { sortBy: 'event', descending: true }, page: 3 },
      { environment: 'Production', status: ['ack', 'shelved'], service: ['Web'], dateRange: [-3600, null] },
    );
    expect(openCountParams(v, NOW).toString()).toBe(
      'q=event%3AHeartbeat&environment=Production&status=open&service=Web&from-date=2024-01-15T09%3A50%3A00.000Z',
    );
  });

  it('all statuses in the list still count only open alerts', () => {
    expect(openCountParams(view({}, { status: null }), NOW).toString()).toBe('status=open');
  });
});

describe('defaultView / defaultFilter', () => {
  const config = { filter: { status: ['open', 'ack'] } } as unknown as Config;

  it('starts on page 1 with the configured status filter and default sort', () => {
    expect(defaultView(config, 50)).toEqual({
      query: [],
      filter: {
        environment: null,
        text: null,
        status: ['open', 'ack'],
        customer: null,
        service: null,
        group: null,
        dateRange: [null, null],
      },
      sort: { sortBy: 'default', descending: false },
      page: 1,
      rowsPerPage: 50,
      showHistory: false,
      watchedBy: null,
    });
  });

  it('defaults status to open, ack when the config has no filter', () => {
    expect(defaultFilter({ filter: {} } as Config).status).toEqual(['open', 'ack']);
    expect(defaultFilter({} as Config).status).toEqual(['open', 'ack']);
  });

  it('honours other configured filter values and tolerates odd shapes', () => {
    const f = defaultFilter({
      filter: { status: 'closed', environment: 'Production', service: ['Web', 3], dateRange: [-3600, 'x'] },
    } as unknown as Config);
    expect(f).toMatchObject({
      status: ['closed'],
      environment: 'Production',
      service: ['Web'],
      dateRange: [-3600, null],
    });
    expect(defaultFilter({ filter: { status: null } } as unknown as Config).status).toBeNull();
  });

  it('falls back to 20 rows for a bad rows-per-page value', () => {
    expect(defaultView(config, 0).rowsPerPage).toBe(20);
  });

  it('the default view produces the default request', () => {
    expect(alerts(defaultView(config, 20))).toBe(
      'status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20',
    );
  });
});

describe('lastPage: where a page past the end goes', () => {
  it('is the last page that has alerts', () => {
    expect(lastPage(45, 20)).toBe(3);
    expect(lastPage(40, 20)).toBe(2);
    expect(lastPage(1, 200)).toBe(1);
  });

  it('is page 1 for an empty result or nonsense input', () => {
    expect(lastPage(0, 20)).toBe(1);
    expect(lastPage(-3, 20)).toBe(1);
    expect(lastPage(Number.NaN, 20)).toBe(1);
    expect(lastPage(10, 0)).toBe(10);
  });
});
