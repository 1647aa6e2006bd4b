import { describe, expect, it } from 'vitest';
import { compareSnapshots, formatChange, parseSnapshot, type RawSnapshot } from '../../../tests/bench/heap-diff.ts';

const NODE_TYPES = ['hidden', 'array', 'string', 'object', 'code', 'closure', 'regexp', 'number', 'native', 'synthetic', 'concatenated string', 'sliced string', 'symbol', 'bigint', 'object shape'];
const EDGE_TYPES = ['context', 'element', 'property', 'internal', 'hidden', 'shortcut', 'weak'];

interface N {
  type: string;
  name: string;
  id: number;
  size: number;
  /** edges: [type, name (or element index), target id] */
  to?: [string, string | number, number][];
}

/** A heap snapshot in V8's format from a list of nodes (the first is the root). */
function snapshot(nodes: N[]): RawSnapshot {
  const strings: string[] = [];
  const str = (x: string) => {
    const i = strings.indexOf(x);
    return i >= 0 ? i : strings.push(x) - 1;
  };
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  const flatNodes: number[] = [];
  const flatEdges: number[] = [];
  for (const n of nodes) {
    flatNodes.push(NODE_TYPES.indexOf(n.type), str(n.name), n.id, n.size, n.to?.length ?? 0);
    for (const [type, name, to] of n.to ?? []) flatEdges.push(EDGE_TYPES.indexOf(type), typeof name === 'number' ? name : str(name), index.get(to)! * 5);
  }
  return {
    snapshot: { meta: { node_fields: ['type', 'name', 'id', 'self_size', 'edge_count'], node_types: [NODE_TYPES], edge_fields: ['type', 'name_or_index', 'to_node'], edge_types: [EDGE_TYPES] } },
    nodes: flatNodes,
    edges: flatEdges,
    strings,
  };
}

// A page: the window holds a cache (a Map and its backing array) and a function (its code and feedback).
const base: N[] = [
  { type: 'synthetic', name: '', id: 1, size: 0, to: [['element', 1, 3]] },
  { type: 'object', name: 'Window', id: 3, size: 100, to: [['property', 'cache', 5], ['property', 'render', 7]] },
  { type: 'object', name: 'Map', id: 5, size: 40, to: [['internal', 'table', 9]] },
  { type: 'closure', name: 'render', id: 7, size: 32, to: [['internal', 'shared', 11], ['internal', 'feedback_cell', 13]] },
  { type: 'array', name: '', id: 9, size: 64, to: [['element', 0, 15]] },
  { type: 'code', name: 'render', id: 11, size: 50, to: [] },
  { type: 'code', name: 'system / FeedbackCell', id: 13, size: 16, to: [] },
  { type: 'string', name: 'alert a1', id: 15, size: 24, to: [] },
];

describe('what a long run kept, between two heap snapshots', () => {
  it('splits the change into compiled code, V8 bookkeeping, the program data and browser objects', () => {
    const later: N[] = base.map((n) => ({ ...n, to: n.to ? [...n.to] : undefined }));
    // The cache gained two alerts' strings, the function got optimised code and a feedback vector, a new object
    // shape appeared, and a canvas measured a text.
    later.find((n) => n.id === 9)!.to!.push(['element', 1, 21], ['element', 2, 23]);
    later.find((n) => n.id === 11)!.to!.push(['internal', 'code', 25], ['internal', 'names', 31]);
    later.find((n) => n.id === 13)!.to!.push(['internal', 'value', 27]);
    later.find((n) => n.id === 3)!.to!.push(['internal', 'map', 29], ['property', 'measurer', 33]);
    later.push(
      { type: 'string', name: 'alert a2', id: 21, size: 1000, to: [] },
      { type: 'string', name: 'alert a3', id: 23, size: 1000, to: [] },
      { type: 'code', name: 'system / Code', id: 25, size: 4000, to: [] },
      { type: 'code', name: 'system / FeedbackVector', id: 27, size: 300, to: [] },
      { type: 'object shape', name: 'system / Map', id: 29, size: 80, to: [] },
      // an array held by code is code, whatever its own type says
      { type: 'array', name: '', id: 31, size: 200, to: [] },
      { type: 'native', name: 'blink::PlainTextNode', id: 33, size: 1200, to: [] },
    );
    const before = parseSnapshot(snapshot(base));
    const after = parseSnapshot(snapshot(later));
    const change = compareSnapshots(before, after);
    expect(change.added).toEqual({
      code: { count: 2, size: 4200 },
      v8: { count: 2, size: 380 },
      data: { count: 2, size: 2000 },
      browser: { count: 1, size: 1200 },
    });
    expect(change.after.data - change.before.data).toBe(2000);
    // The new strings are held by the cache's backing array, which the path leads to from the window.
    expect(change.holders.find((h) => h.category === 'data')).toMatchObject({ label: '(array) @9 .[n]', count: 2, size: 2000 });
    const text = formatChange(after, change, { top: 5, n: 1, holders: 3 });
    expect(text).toContain('Map via .cache\n      → (array) via .table');
    expect(text).toContain('(code render) @11 .code');
    expect(text).toMatch(/\+2\.0 KiB .*data the program holds/);
  });

  it('counts nothing new between two snapshots of an unchanged heap', () => {
    const same = parseSnapshot(snapshot(base));
    const change = compareSnapshots(same, parseSnapshot(snapshot(base)));
    expect(Object.values(change.added).every((t) => t.count === 0)).toBe(true);
    expect(change.holders).toEqual([]);
  });
});
