import { describe, expect, it } from 'vitest';
import { decodeHash, encodeHash, type HashState } from '../../../src/core/url-hash.ts';
import type { AlertFilter } from '../../../src/core/types.ts';

function state(filter: Partial<AlertFilter> = {}, sortBy = 'default', descending = false, showPanel = false): HashState {
  return {
    filter: {
      environment: null,
      text: null,
      status: null,
      customer: null,
      service: null,
      group: null,
      dateRange: [null, null],
      ...filter,
    },
    sort: { sortBy, descending },
    showPanel,
  };
}

const DEFAULT = state({ status: ['open', 'ack'] });
const FULL = state(
  {
    environment: 'Production',
    text: 'disk full',
    status: ['open', 'ack'],
    service: ['Web', 'App'],
    group: ['Network'],
    dateRange: [-3600, null],
  },
  'lastReceiveTime',
  true,
  true,
);
const ABSOLUTE = state({ dateRange: [1705312200, 1705398600] });

describe('hashes the old console wrote', () => {
  const examples: [string, HashState, string][] = [
    ['default', DEFAULT, '#status:open,ack;dateRange:,;sb:default;sd:0;asi:0'],
    [
      'Production, text, services, group, last hour, sorted descending, panel shown',
      FULL,
      '#environment:Production;text:disk full;status:open,ack;service:Web,App;group:Network;dateRange:-3600,;sb:lastReceiveTime;sd:1;asi:1',
    ],
    ['all statuses, absolute range', ABSOLUTE, '#dateRange:1705312200,1705398600;sb:default;sd:0;asi:0'],
  ];

  it.each(examples)('encodes %s', (_name, s, hash) => {
    expect(encodeHash(s)).toBe(hash);
  });

  it.each(examples)('decodes %s', (_name, s, hash) => {
    expect(decodeHash(hash)).toEqual(s);
  });

  it('decodes the second example exactly as described', () => {
    const s = decodeHash(examples[1]![2])!;
    expect(s.filter).toEqual({
      environment: 'Production',
      text: 'disk full',
      status: ['open', 'ack'],
      customer: null,
      service: ['Web', 'App'],
      group: ['Network'],
      dateRange: [-3600, null],
    });
    expect(s.sort).toEqual({ sortBy: 'lastReceiveTime', descending: true });
    expect(s.showPanel).toBe(true);
  });

  it('decodes the browser-encoded form of a bookmark (space as %20)', () => {
    expect(decodeHash('#environment:Production;text:disk%20full;dateRange:,;sb:default;sd:0;asi:0')!.filter.text).toBe(
      'disk full',
    );
  });
});

describe('decodeHash compatibility rules', () => {
  it('no hash means defaults: null for "" and "#"', () => {
    expect(decodeHash('')).toBeNull();
    expect(decodeHash('#')).toBeNull();
    expect(decodeHash('#   ')).toBeNull();
  });

  it('a hash with none of our keys is not ours: null', () => {
    expect(decodeHash('#/alerts')).toBeNull();
    expect(decodeHash('#foo:bar;baz')).toBeNull();
  });

  it('a missing status means all statuses (null), not open/ack', () => {
    expect(decodeHash('#sb:default;sd:0;asi:0')!.filter.status).toBeNull();
  });

  it('missing filter keys are null, missing dateRange is open, missing sort is default', () => {
    expect(decodeHash('#environment:Dev')).toEqual(state({ environment: 'Dev' }));
  });

  it('works without the leading #', () => {
    expect(decodeHash('status:open,ack;dateRange:,;sb:default;sd:0;asi:0')).toEqual(DEFAULT);
  });

  it('an empty status list decodes to []', () => {
    expect(decodeHash('#status:;sb:default')!.filter.status).toEqual([]);
  });

  it('ignores unknown and bogus entries, e.g. the tail of an old value containing ;', () => {
    // old console, text "a;b" -> "text:a;b": the b entry is noise
    expect(decodeHash('#text:a;b;sb:default;sd:0;asi:0')!.filter.text).toBe('a');
  });

  it('no longer truncates an unescaped colon in a value', () => {
    expect(decodeHash('#text:a:b;sb:default')!.filter.text).toBe('a:b');
    expect(decodeHash('#text:resource:web01')!.filter.text).toBe('resource:web01');
  });

  it('old raw commas in a list still split into values, empty items dropped', () => {
    expect(decodeHash('#service:Web,,App,')!.filter.service).toEqual(['Web', 'App']);
  });

  it('parses date range bounds as integers, anything else open', () => {
    expect(decodeHash('#dateRange:-21600,')!.filter.dateRange).toEqual([-21600, null]);
    expect(decodeHash('#dateRange:abc,12.7')!.filter.dateRange).toEqual([null, 12]);
    expect(decodeHash('#dateRange:0,0')!.filter.dateRange).toEqual([0, 0]);
    expect(decodeHash('#dateRange:')!.filter.dateRange).toEqual([null, null]);
  });

  it('sd and asi are on only for 1', () => {
    const s = decodeHash('#sb:severity;sd:true;asi:2')!;
    expect(s.sort).toEqual({ sortBy: 'severity', descending: false });
    expect(s.showPanel).toBe(false);
    expect(decodeHash('#sb:;sd:1;asi:1')!.sort).toEqual({ sortBy: 'default', descending: true });
  });

  it('a malformed escape does not throw and is kept', () => {
    expect(decodeHash('#text:100%;sb:default')!.filter.text).toBe('100%');
    expect(decodeHash('#text:%E0%A4%A;sb:default')!.filter.text).toBe('%E0%A4%A');
    expect(decodeHash('#text:%zz%20x')!.filter.text).toBe('%zz x');
  });

  it('decodes escaped separators (the old console left them escaped)', () => {
    expect(decodeHash('#text:a%3Ab%3Bc%2Cd%25e')!.filter.text).toBe('a:b;c,d%e');
    expect(decodeHash('#service:x%2Cy,z')!.filter.service).toEqual(['x,y', 'z']);
  });
});

describe('encodeHash escaping', () => {
  it('escapes : ; , and % in values, nothing else', () => {
    expect(encodeHash(state({ text: 'a:b;c,d%e f/ü' }))).toBe(
      '#text:a%3Ab%3Bc%2Cd%25e f/ü;dateRange:,;sb:default;sd:0;asi:0',
    );
  });

  it('escapes control characters the URL parser would strip', () => {
    expect(encodeHash(state({ text: 'a\tb\nc' }))).toContain('text:a%09b%0Ac;');
  });

  it('writes an empty list as key: and skips null lists and empty strings', () => {
    expect(encodeHash(state({ status: [], text: '', environment: null }))).toBe(
      '#status:;dateRange:,;sb:default;sd:0;asi:0',
    );
  });

  it('an empty sort column is written as default', () => {
    expect(encodeHash(state({}, ''))).toBe('#dateRange:,;sb:default;sd:0;asi:0');
  });
});

// --- property-style round trips -----------------------------------------------------------------------------

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PIECES = [
  'a', 'Z', '0', ' ', ':', ';', ',', '%', '%3A', '%25', '%%', '%zz', '#', '?', '&', '=', '+', '/', '\\', '"', "'",
  'ü', 'ß', 'Ş', '日本', '😀', '\t', '\n', '[', ']', '(', ')', '~', 'sb:1', 'asi:1', 'status:x', '.', '-', '*',
];

function trickyString(rand: () => number): string {
  const n = 1 + Math.floor(rand() * 6);
  let s = '';
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(rand() * PIECES.length)];
  return s;
}

function randomState(rand: () => number): HashState {
  const maybeList = () => (rand() < 0.3 ? null : Array.from({ length: Math.floor(rand() * 4) }, () => trickyString(rand)));
  const maybeBound = () => (rand() < 0.4 ? null : Math.floor((rand() - 0.5) * 4e9));
  return state(
    {
      environment: rand() < 0.3 ? null : trickyString(rand),
      text: rand() < 0.3 ? null : trickyString(rand),
      status: maybeList(),
      customer: maybeList(),
      service: maybeList(),
      group: maybeList(),
      dateRange: [maybeBound(), maybeBound()],
    },
    rand() < 0.3 ? 'default' : trickyString(rand),
    rand() < 0.5,
    rand() < 0.5,
  );
}

describe('round trips through our encoder and decoder', () => {
  it('every tricky state reads back identically', () => {
    const rand = prng(42);
    for (let i = 0; i < 2000; i++) {
      const s = randomState(rand);
      expect(decodeHash(encodeHash(s)), encodeHash(s)).toEqual(s);
    }
  });

  it('survives the browser URL parser (fragment percent-encoding)', () => {
    const rand = prng(7);
    for (let i = 0; i < 1000; i++) {
      const s = randomState(rand);
      const viaBrowser = new URL(`https://console.example/alerts${encodeHash(s)}`).hash;
      expect(decodeHash(viaBrowser), viaBrowser).toEqual(s);
    }
  });

  it('is stable: encode(decode(encode(s))) === encode(s)', () => {
    const rand = prng(99);
    for (let i = 0; i < 500; i++) {
      const hash = encodeHash(randomState(rand));
      expect(encodeHash(decodeHash(hash)!)).toBe(hash);
    }
  });
});

describe('groups and overview in the hash (keys of this console: gb, go, ov)', () => {
  const grouped: HashState = { ...DEFAULT, groupBy: 'event', openGroups: ['DiskFull', 'a,b;c:d', '\u0000'], overview: true };

  it('writes them after the old keys, only when they say something', () => {
    expect(encodeHash(grouped)).toBe('#status:open,ack;dateRange:,;sb:default;sd:0;asi:0;gb:event;go:DiskFull,a%2Cb%3Bc%3Ad,%00;ov:1');
    expect(encodeHash({ ...DEFAULT, groupBy: 'event' })).toBe('#status:open,ack;dateRange:,;sb:default;sd:0;asi:0;gb:event');
    expect(encodeHash({ ...DEFAULT, overview: false, openGroups: [] })).toBe('#status:open,ack;dateRange:,;sb:default;sd:0;asi:0');
    // Open groups mean nothing without a field.
    expect(encodeHash({ ...DEFAULT, openGroups: ['DiskFull'] })).toBe('#status:open,ack;dateRange:,;sb:default;sd:0;asi:0');
  });

  it('reads them back, the "no value" group and separators in values included', () => {
    expect(decodeHash(encodeHash(grouped))).toEqual(grouped);
    expect(decodeHash(new URL(`https://console.example/alerts${encodeHash(grouped)}`).hash)).toEqual(grouped);
  });

  it('an old bookmark has none of them, so it decodes exactly as before', () => {
    const decoded = decodeHash('#status:open,ack;dateRange:,;sb:default;sd:0;asi:0')!;
    expect('groupBy' in decoded || 'openGroups' in decoded || 'overview' in decoded).toBe(false);
  });

  it('open groups without a field, and an empty field, are ignored', () => {
    expect(decodeHash('#status:open;go:DiskFull')).not.toHaveProperty('openGroups');
    expect(decodeHash('#status:open;gb:;go:DiskFull')).not.toHaveProperty('groupBy');
    expect(decodeHash('#status:open;gb:event;go:')).not.toHaveProperty('openGroups');
    expect(decodeHash('#status:open;gb:event;go:a,a,b')!.openGroups).toEqual(['a', 'b']);
  });
});
