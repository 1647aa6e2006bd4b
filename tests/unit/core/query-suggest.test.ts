import { describe, expect, it } from 'vitest';
import { applySuggestion, suggest, sumByValue, valuesOfAlerts, valueTerm, withRows, wordAt, type RowLike, type SuggestionValues } from '../../../src/core/query-suggest.ts';
import { withValueFilter } from '../../../src/core/query-join.ts';
import { cellFilter, cellValues, rowValues } from '../../../src/core/query-values.ts';
import { parseQuery, serverConditions, type Cond } from '../../../src/core/query-syntax.ts';
import { checkQuery } from '../../../src/core/query-check.ts';
import { jsRegexSource } from '../../../src/core/pg-regex.ts';
import { compareNames } from '../../../src/core/names.ts';

/** Whether the real server, reading this one-term query, finds an alert whose field holds `value` (ASCII values). */
function serverFinds(q: string, value: string | readonly string[]): boolean {
  const p = parseQuery(q);
  if (!p.ok) throw new Error(`refused: ${q}`);
  expect(p.text.slice(p.end).trim()).toBe('');
  const c: Cond = serverConditions(p.ast);
  const one = (v: string) => {
    if (c.c === 'any') return c.v === v;
    if (c.c === 'ilike') {
      const re = c.pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*').replace(/_/g, '.');
      return new RegExp(`^${re}$`, 'is').test(v);
    }
    if (c.c === 'match') return new RegExp(jsRegexSource(c.pattern), 'isu').test(v);
    throw new Error(`unexpected condition ${c.c}`);
  };
  return (Array.isArray(value) ? value : [value as string]).some(one);
}

const values: SuggestionValues = {
  resource: [
    { value: 'web01', count: 12 },
    { value: 'web010', count: 3 },
    { value: 'db01', count: 7 },
    { value: 'Web Server (eu-1)', count: 2 },
  ],
  environment: [
    { value: 'Production', count: 30 },
    { value: 'Development', count: 18 },
  ],
  service: [
    { value: 'Web', count: 9 },
    { value: 'Load Balancer', count: 4 },
  ],
  tags: [{ value: 'watch:admin', count: 2 }],
  severity: [
    { value: 'major', count: 5 },
    { value: 'minor', count: 4 },
  ],
};

describe('valuesOfAlerts: the values of a whole set, counted as the API counts them', () => {
  it('counts each alert once per value (a service listed twice once), most frequent first, attributes under _.', () => {
    const alerts = [
      { resource: 'web01', event: 'Disk', environment: 'Production', severity: 'major', status: 'open', service: ['Web', 'Web', 'Db'], group: 'g', tags: ['a'], origin: 'o', customer: null, type: 't', attributes: { region: 'eu' } },
      { resource: 'web02', event: 'Disk', environment: 'Production', severity: 'minor', status: 'ack', service: ['Web'], group: 'g', tags: [], origin: 'o', customer: 'Acme', type: 't', attributes: { region: 'us' } },
      { resource: 'db01', event: 'Down', environment: 'Development', severity: 'major', status: 'open', service: [], group: '', tags: ['a', 'b'], origin: 'o', customer: null, type: 't', attributes: {} },
    ] as unknown as RowLike[];
    const values = valuesOfAlerts(alerts);
    expect(values.service).toEqual([{ value: 'Web', count: 2 }, { value: 'Db', count: 1 }]);
    expect(values.event).toEqual([{ value: 'Disk', count: 2 }, { value: 'Down', count: 1 }]);
    expect(values.severity).toEqual([{ value: 'major', count: 2 }, { value: 'minor', count: 1 }]);
    expect(values.tags).toEqual([{ value: 'a', count: 2 }, { value: 'b', count: 1 }]);
    expect(values.customer).toEqual([{ value: 'Acme', count: 1 }]);
    expect(values['_.region']).toEqual([{ value: 'eu', count: 1 }, { value: 'us', count: 1 }]);
    expect(values.group).toEqual([{ value: 'g', count: 2 }]);
  });
});

describe('wordAt: the word under the caret', () => {
  it.each([
    ['reso', 4, { from: 0, to: 4, field: null, partial: 'reso' }],
    ['severity:maj AND x', 12, { from: 0, to: 12, field: 'severity', partial: 'maj' }],
    ['a AND (resource:we', 18, { from: 7, to: 18, field: 'resource', partial: 'we' }],
    ['service:"Load Ba', 16, { from: 0, to: 16, field: 'service', partial: 'Load Ba' }],
    ['service:"Load Ba" AND x', 13, { from: 0, to: 17, field: 'service', partial: 'Load' }],
    ['x envi', 4, { from: 2, to: 6, field: null, partial: 'en' }],
    ['x ', 2, { from: 2, to: 2, field: null, partial: '' }],
  ] as const)('%j at %i', (text, caret, want) => {
    expect(wordAt(text, caret)).toEqual(want);
  });
});

describe('suggest: fields, values with counts, operators', () => {
  it('offers field names for a word that starts one, with a colon to go on', () => {
    const s = suggest('env', 3, values);
    expect(s[0]).toMatchObject({ kind: 'field', label: 'environment', insert: 'environment:' });
    expect(applySuggestion('env', s[0]!)).toEqual({ text: 'environment:', caret: 12 });
  });

  it('offers the values of the field being typed, starting ones first, then by count', () => {
    const s = suggest('resource:web', 12, values);
    expect(s.map((x) => [x.label, x.count])).toEqual([
      ['web01', 12],
      ['web010', 3],
      ['Web Server (eu-1)', 2],
    ]);
    expect(s.every((x) => x.kind === 'value' && x.field === 'resource')).toBe(true);
  });

  it('offers the values of a field by their middle too, case aside', () => {
    expect(suggest('environment:DUCT', 16, values).map((x) => x.label)).toEqual(['Production']);
  });

  it('offers AND, OR, NOT after a complete term, and nothing else with nothing typed', () => {
    expect(suggest('severity:major ', 15, values).map((x) => x.label)).toEqual(['AND', 'OR', 'NOT']);
    expect(suggest('service:"Web" o', 15, values).map((x) => x.label)).toContain('OR');
    expect(suggest('(a OR b) ', 9, values).map((x) => x.label)).toEqual(['AND', 'OR', 'NOT']);
  });

  it('offers no AND/OR at the start, after an operator or a parenthesis; NOT and fields instead', () => {
    for (const [text, caret] of [['', 0], ['a AND ', 6], ['(', 1], ['NOT ', 4]] as const) {
      const labels = suggest(text, caret, values).map((x) => x.label);
      expect(labels).not.toContain('AND');
      expect(labels).not.toContain('OR');
      expect(labels).toContain('resource');
    }
    expect(suggest('', 0, values).map((x) => x.label)).toContain('NOT');
  });

  it('offers values of any field for a word that names no field, as field:value', () => {
    const s = suggest('web', 3, values);
    const picked = s.filter((x) => x.kind === 'value').map((x) => x.insert);
    expect(picked).toContain('resource:"^web01$"');
    expect(picked).toContain('resource:web010');
    expect(picked).toContain('service:Web');
  });

  it('offers the attributes seen on the page as _.name', () => {
    const s = suggest('reg', 3, values, ['region', 'has space']);
    expect(s.map((x) => x.label)).toContain('_.region');
    expect(s.map((x) => x.label)).not.toContain('_.has space');
  });

  it('never offers more than the limit', () => {
    const many: SuggestionValues = { resource: Array.from({ length: 500 }, (_, i) => ({ value: `host${i}`, count: i })) };
    expect(suggest('resource:', 9, many)).toHaveLength(10);
    expect(suggest('host', 4, many).length).toBeLessThanOrEqual(10);
  });

  it('replaces the whole word under the caret, the closing quote of a phrase too', () => {
    const text = 'service:"Lo" AND x';
    const [s] = suggest(text, 11, values);
    expect(s!.insert).toBe('service:"Load Balancer"');
    expect(applySuggestion(text, s!)).toEqual({ text: 'service:"Load Balancer" AND x', caret: 24 });
  });
});

describe('valueTerm: the term finds exactly the chosen value, and the server reads it', () => {
  const known = values.resource!;
  it.each([
    ['resource', 'db01', 'resource:db01'],
    ['resource', 'web01', 'resource:"^web01$"'], // bare, it would find web010 too
    ['service', 'Web', 'service:Web'],
    ['service', 'Load Balancer', 'service:"Load Balancer"'],
    ['tags', 'watch:admin', 'tags:"watch:admin"'],
  ])('%s = %j -> %s', (field, value, want) => {
    expect(valueTerm(field, value, field === 'resource' ? known : [])).toBe(want);
  });

  it.each([
    ['resource', 'web01', ['web01'], ['web010', 'xweb01']],
    ['resource', 'Web Server (eu-1)', ['Web Server (eu-1)', 'web server (EU-1)'], ['Web Server (eu-10)', 'Web Server']],
    ['resource', 'db_01', ['db_01'], ['db-01', 'dbx01']],
    ['resource', '100%', ['100%'], ['1000', '100% up']],
    ['event', 'CPU at 97%', ['CPU at 97%'], ['CPU at 9777%']],
    ['event', 'Slow query (2.3s)', ['Slow query (2.3s)'], ['Slow query (2x3s)', 'CPU at 97%']],
    ['text', 'say "hi" \\ now', ['say "hi" \\ now'], ['say hi now']],
    ['service', 'Load Balancer', [['Load Balancer', 'Web']], [['Load Balancer 2']]],
    ['_.region', 'eu west', ['eu west'], ['eu west 2']],
  ] as const)('%s = %j finds it and not the others', (field, value, finds, misses) => {
    const known = [value, ...finds, ...misses].flat().map((v) => ({ value: v, count: 1 }));
    const term = valueTerm(field, value, known)!;
    expect(term).not.toBeNull();
    expect(checkQuery(term).sendable).toBe(true);
    for (const f of finds) expect(serverFinds(term, f)).toBe(true);
    for (const m of misses) expect(serverFinds(term, m)).toBe(false);
  });

  it('has no term for what Alerta cannot express', () => {
    expect(valueTerm('tags', 'a"b')).toBeNull();
    expect(valueTerm('nocolumn', 'x')).toBeNull();
    expect(valueTerm('resource', '')).toBeNull();
  });

  it('every suggestion of a realistic list is a query the check lets through', () => {
    const hostile: SuggestionValues = {
      resource: ['a b', 'x"y', 'ünïcødé', '😀', 'AND', 'NOT', 'a\tb', '(x)', 'back\\slash', '/re/', 'TO'].map((value) => ({ value, count: 1 })),
    };
    const s = suggest('resource:', 9, hostile, [], 50);
    expect(s.length).toBe(11);
    for (const x of s) expect(checkQuery(applySuggestion('resource:', x).text.trim()).sendable, x.insert).toBe(true);
  });
});

describe('the values from the API and the rows', () => {
  it('sumByValue adds the counts of each environment, largest first', () => {
    expect(
      sumByValue([
        { value: 'Web', count: 4 },
        { value: 'Db', count: 9 },
        { value: 'Web', count: 6 },
        { value: '', count: 1 },
      ]),
    ).toEqual([
      { value: 'Web', count: 10 },
      { value: 'Db', count: 9 },
    ]);
  });

  it('withRows adds what only the rows show, without a count, and the attribute names', () => {
    const row: RowLike = {
      resource: 'new01', event: 'e', environment: 'Production', severity: 'major', status: 'open', service: ['Web', 'Extra'], group: 'g',
      tags: [], origin: 'o', customer: null, type: 't', attributes: { region: 'eu', ip: '10.0.0.1', 'bad name': 'x', nested: { a: 1 } },
    };
    const { values: v, attributes } = withRows(values, [row, row]);
    expect(v.resource!.find((x) => x.value === 'new01')).toEqual({ value: 'new01', count: null });
    expect(v.resource!.filter((x) => x.value === 'new01')).toHaveLength(1);
    expect(v.service!.find((x) => x.value === 'Web')).toEqual({ value: 'Web', count: 9 });
    expect(v.service!.find((x) => x.value === 'Extra')).toEqual({ value: 'Extra', count: null });
    expect(attributes).toEqual(['ip', 'nested', 'region']);
    expect(v['_.region']).toEqual([{ value: 'eu', count: null }]);
    expect(v['_.nested']).toBeUndefined();
    expect(values.resource!.some((x) => x.value === 'new01')).toBe(false); // the API's lists are not changed
  });
});

describe('a value one click from a filter', () => {
  it('adds field = value to the search, so the server reads both', () => {
    expect(withValueFilter('', 'resource', 'web01', false)).toBe('resource:"^web01$"');
    expect(withValueFilter('', 'service', 'Web', true)).toBe('NOT service:"Web"');
    const q = withValueFilter('severity:major OR severity:minor', 'environment', 'Production', false)!;
    expect(q).toBe('(severity:major OR severity:minor) AND environment:"^Production$"');
    expect(checkQuery(q).sendable).toBe(true);
    const twice = withValueFilter(withValueFilter('x', 'group', 'A b', true)!, 'event', 'E', false)!;
    expect(twice).toBe('(x AND NOT group:"^A b$") AND event:"^E$"');
    expect(serverFinds('group:"^A b$"', 'a B')).toBe(true);
  });

  it('does not add the same filter twice, nor one Alerta cannot express', () => {
    expect(withValueFilter('resource:"^web01$"', 'resource', 'web01', false)).toBe('resource:"^web01$"');
    expect(withValueFilter('x', 'tags', 'a"b', false)).toBeNull();
  });

  it('a cell stands for its field and value; a list cell only when it holds one value', () => {
    const row = {
      resource: 'web01', event: 'e', environment: 'Production', severity: 'major', status: 'open', service: ['Web', 'Db'], group: 'g',
      tags: ['dc1'], origin: 'o', customer: null, type: 't', attributes: { region: 'eu' }, previousSeverity: 'minor',
    };
    expect(cellFilter({ name: 'resource', kind: 'text' }, row)).toEqual({ field: 'resource', value: 'web01' });
    expect(cellFilter({ name: 'previousSeverity', kind: 'severity' }, row)).toEqual({ field: 'previous_severity', value: 'minor' });
    expect(cellFilter({ name: 'tags', kind: 'tags' }, row)).toEqual({ field: 'tags', value: 'dc1' });
    expect(cellFilter({ name: 'service', kind: 'list' }, row)).toBeNull();
    expect(cellFilter({ name: 'customer', kind: 'text' }, row)).toBeNull();
    expect(cellFilter({ name: 'region', kind: 'attribute', attribute: 'region' }, row)).toEqual({ field: '_.region', value: 'eu' });
    expect(cellFilter({ name: 'createTime', kind: 'date' }, row)).toBeNull();
  });

  it('a row’s value menu offers every value a filter can be made of: each list element, each value once, in column order', () => {
    const row = {
      resource: 'web01', event: 'web01', environment: 'Production', severity: 'major', status: 'open', service: ['Web', 'Db', 'Web'], group: '',
      tags: ['dc1', 'say "hi"'], origin: 'o', customer: null, type: 't', attributes: { region: 'eu', blob: { a: 1 } }, previousSeverity: 'minor',
    };
    expect(cellValues({ name: 'service', kind: 'list' }, row)).toEqual([{ field: 'service', value: 'Web' }, { field: 'service', value: 'Db' }]);
    // a list element holding a double quote cannot be searched exactly: it is not offered
    expect(cellValues({ name: 'tags', kind: 'tags' }, row)).toEqual([{ field: 'tags', value: 'dc1' }]);
    expect(cellValues({ name: 'group', kind: 'text' }, row)).toEqual([]);
    expect(cellValues({ name: 'blob', kind: 'attribute', attribute: 'blob' }, row)).toEqual([]);
    expect(cellValues({ name: 'lastReceiveTime', kind: 'date' }, row)).toEqual([]);
    const columns = [
      { name: 'severity', kind: 'severity' },
      { name: 'resource', kind: 'text' },
      { name: 'event', kind: 'text' },
      { name: 'service', kind: 'list' },
      { name: 'region', kind: 'attribute', attribute: 'region' },
      { name: 'severity', kind: 'severity' },
      { name: 'text', kind: 'html' },
    ];
    expect(rowValues(columns, row)).toEqual([
      { column: 'severity', field: 'severity', value: 'major' },
      { column: 'resource', field: 'resource', value: 'web01' },
      // the same text in another field is another filter
      { column: 'event', field: 'event', value: 'web01' },
      { column: 'service', field: 'service', value: 'Web' },
      { column: 'service', field: 'service', value: 'Db' },
      { column: 'region', field: '_.region', value: 'eu' },
    ]);
  });
});

describe('ranking many known values', () => {
  it('gives the first ten of the full order (starts-with, count, name; ties in their order) whatever the count of matches', () => {
    // a fixed pseudo-random list: names sharing prefixes, counts with ties, some without a count (the page's rows)
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const known = Array.from({ length: 600 }, (_, i) => ({
      value: `${['host', 'Host', 'db-host', 'web'][Math.floor(next() * 4)]}-${Math.floor(next() * 300)}${i % 7 === 0 ? 'x' : ''}`,
      count: next() < 0.3 ? null : Math.floor(next() * 5),
    }));
    for (const typed of ['', 'h', 'host-1', 'st-2', 'x', 'zzz']) {
      const p = typed.toLowerCase();
      const expected = known
        .map((v) => ({ v, s: v.value.toLowerCase().startsWith(p) ? 0 : v.value.toLowerCase().includes(p) ? 1 : -1 }))
        .filter((x) => x.s >= 0)
        .sort((a, b) => a.s - b.s || (b.v.count ?? -1) - (a.v.count ?? -1) || compareNames(a.v.value, b.v.value))
        .slice(0, 10)
        .map((x) => x.v.value);
      const got = suggest(`group:${typed}`, 6 + typed.length, { group: known }).map((x) => x.label);
      expect(got, typed).toEqual(expected);
    }
  });
});
