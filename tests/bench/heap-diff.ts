// What a long run keeps: compares two heap snapshots of the same page or worker (`npm run bench -- --soak N
// --soak-snapshots DIR [--soak-snapshots-at 30,60]` writes them). V8 keeps an object's id across the snapshots of one
// DevTools session, so the objects of the later snapshot whose id the earlier one lacks are those made meanwhile and
// still alive. Prints:
// - the split of the heap's change into compiled code, V8's own bookkeeping (feedback vectors and cells, object
//   shapes, inline caches, descriptor arrays), data the program holds (its objects, strings, closures, arrays), and
//   browser objects (DOM, canvas, native wrappers);
// - per class, the change in count and size, and what is new and alive;
// - the holders of what was added: for each new object, the first object on its shortest retaining path that was
//   already there in the earlier snapshot (the Map, array, closure context or component that gained it), grouped,
//   with that holder's own path from the root.
//   node --import tsx tests/bench/heap-diff.ts BEFORE.heapsnapshot [MORE...] AFTER.heapsnapshot [--top 25] [--holders 12]
//     [--paths Class] [--n 3]   (with more than two snapshots, first the split of each, then the first against the last)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Snapshot {
  nodeTypes: string[];
  edgeTypes: string[];
  strings: string[];
  nodes: ArrayLike<number>;
  edges: ArrayLike<number>;
  nodeFields: number;
  edgeFields: number;
  /** offsets within a node record */
  n: { type: number; name: number; id: number; size: number; edgeCount: number };
  e: { type: number; name: number; to: number };
  firstEdge: Int32Array;
}

export interface RawSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export function parseSnapshot(raw: RawSnapshot): Snapshot {
  const meta = raw.snapshot.meta;
  const nf = meta.node_fields;
  const ef = meta.edge_fields;
  const s: Snapshot = {
    nodeTypes: meta.node_types[0],
    edgeTypes: meta.edge_types[0],
    strings: raw.strings,
    nodes: raw.nodes,
    edges: raw.edges,
    nodeFields: nf.length,
    edgeFields: ef.length,
    n: { type: nf.indexOf('type'), name: nf.indexOf('name'), id: nf.indexOf('id'), size: nf.indexOf('self_size'), edgeCount: nf.indexOf('edge_count') },
    e: { type: ef.indexOf('type'), name: ef.indexOf('name_or_index'), to: ef.indexOf('to_node') },
    firstEdge: new Int32Array(0),
  };
  const count = raw.nodes.length / s.nodeFields;
  s.firstEdge = new Int32Array(count + 1);
  for (let i = 0, edge = 0; i < count; i++) {
    s.firstEdge[i] = edge;
    edge += raw.nodes[i * s.nodeFields + s.n.edgeCount]! * s.edgeFields;
  }
  s.firstEdge[count] = raw.edges.length;
  return s;
}

export const nodeCount = (s: Snapshot) => s.nodes.length / s.nodeFields;
const field = (s: Snapshot, i: number, f: number) => s.nodes[i * s.nodeFields + f]!;
const typeOf = (s: Snapshot, i: number) => s.nodeTypes[field(s, i, s.n.type)]!;
const nameOf = (s: Snapshot, i: number) => s.strings[field(s, i, s.n.name)]!;
export const idOf = (s: Snapshot, i: number) => field(s, i, s.n.id);
export const sizeOf = (s: Snapshot, i: number) => field(s, i, s.n.size);

/** A readable class of a node: the constructor for objects, the type for the rest (strings, code, arrays...). */
export function classOf(s: Snapshot, i: number): string {
  const name = fullClassOf(s, i);
  // DOM elements are named by their whole start tag
  return name.length > 100 ? `${name.slice(0, 99)}…` : name;
}

function fullClassOf(s: Snapshot, i: number): string {
  const type = typeOf(s, i);
  if (type === 'object') return nameOf(s, i);
  if (type === 'closure') return `(closure ${nameOf(s, i) || 'anonymous'})`;
  if (type === 'code' || type === 'hidden' || type === 'object shape' || type === 'native') {
    const name = nameOf(s, i);
    if (name.startsWith('system / ')) return `(${name.slice(9)})`;
    if (type === 'native') return name;
    return name ? `(${type} ${name})` : `(${type})`;
  }
  return `(${type})`;
}

function edgeLabel(s: Snapshot, e: number): string {
  const type = s.edgeTypes[s.edges[e + s.e.type]!]!;
  const name = s.edges[e + s.e.name]!;
  return type === 'element' || type === 'hidden' ? `[${name}]` : String(s.strings[name] ?? name);
}

/** What a heap object is, for telling V8's growth from the program's. */
export type Category = 'code' | 'v8' | 'data' | 'browser';
export const CATEGORIES: readonly Category[] = ['code', 'v8', 'data', 'browser'];
export const CATEGORY_LABEL: Record<Category, string> = {
  code: 'compiled code (bytecode, machine code, function and script records)',
  v8: "V8's bookkeeping (feedback vectors and cells, object shapes, inline-cache handlers, descriptor arrays)",
  data: 'data the program holds (objects, strings, closures, arrays, numbers)',
  browser: 'browser objects (DOM, canvas, native wrappers)',
};

/** V8's kinds (heap snapshot node type "code", named "system / Kind") that are feedback, not code. */
const FEEDBACK = /^system \/ (FeedbackVector|FeedbackCell|FeedbackMetadata|ClosureFeedbackCellArray|LoadHandler|StoreHandler|AllocationSite|AllocationMemento|TurbofanType|ObjectBoilerplateDescription|ArrayBoilerplateDescription|RegExpBoilerplateDescription)/;

/**
 * A node's own category, or null when it takes its holder's (arrays, strings, numbers and V8's hidden records are
 * data when a program object holds them and V8's own when a function record, a shape or feedback does).
 */
function ownCategory(s: Snapshot, i: number): Category | null {
  const type = typeOf(s, i);
  switch (type) {
    case 'code':
      return FEEDBACK.test(nameOf(s, i)) ? 'v8' : 'code';
    case 'object shape':
      return 'v8';
    case 'native':
      // V8's own records shown as native ("system / PropertyArray", "system / ExternalStringData"...) belong to whatever
      // holds them: an object's out-of-line properties are its data, a script's source is code.
      return nameOf(s, i).startsWith('system / ') ? null : 'browser';
    case 'object':
    case 'closure':
    case 'regexp':
    case 'symbol':
    case 'bigint':
      // A closure's context ("system / Context") holds the program's variables.
      return 'data';
    default:
      return null;
  }
}

/** Shortest retaining paths from the root over strong edges: each node's parent and the edge from it (-1: none). */
export interface PathTree {
  parent: Int32Array;
  via: Int32Array;
}

export function pathTree(s: Snapshot): PathTree {
  const count = nodeCount(s);
  const parent = new Int32Array(count).fill(-1);
  const via = new Int32Array(count).fill(-1);
  parent[0] = 0;
  const queue = new Int32Array(count);
  let tail = 0;
  queue[tail++] = 0;
  for (let q = 0; q < tail; q++) {
    const from = queue[q]!;
    for (let e = s.firstEdge[from]!; e < s.firstEdge[from + 1]!; e += s.edgeFields) {
      if (s.edgeTypes[s.edges[e + s.e.type]!] === 'weak') continue;
      const to = s.edges[e + s.e.to]! / s.nodeFields;
      if (parent[to] !== -1) continue;
      parent[to] = from;
      via[to] = e;
      queue[tail++] = to;
    }
  }
  return { parent, via };
}

/** Every node's category: its own, or its holder's on the shortest path (V8's own for what only the root holds). */
export function categories(s: Snapshot, tree: PathTree): Category[] {
  const count = nodeCount(s);
  const out: (Category | undefined)[] = new Array(count);
  const resolve = (i: number): Category => {
    const chain: number[] = [];
    let at = i;
    let found: Category | undefined;
    while (true) {
      if (out[at] !== undefined) {
        found = out[at];
        break;
      }
      const own = ownCategory(s, at);
      if (own) {
        found = own;
        out[at] = own;
        break;
      }
      chain.push(at);
      const p = tree.parent[at]!;
      if (p === -1 || p === at) {
        found = 'v8';
        break;
      }
      at = p;
    }
    for (const c of chain) out[c] = found;
    return found!;
  };
  for (let i = 0; i < count; i++) resolve(i);
  return out as Category[];
}

/** The path from the root to a node, the last `steps` steps. */
export function pathTo(s: Snapshot, tree: PathTree, target: number, steps = 12): string {
  if (tree.parent[target] === -1) return '(not reachable)';
  const parts: string[] = [];
  for (let at = target; at !== 0; at = tree.parent[at]!) parts.push(`${classOf(s, at)} via .${edgeLabel(s, tree.via[at]!)}`);
  return parts.reverse().slice(-steps).join('\n      → ');
}

export interface KindTotals {
  count: number;
  size: number;
}

export interface HeapChange {
  /** self sizes by category in each snapshot, and the change */
  before: Record<Category, number>;
  after: Record<Category, number>;
  /** objects made between the two snapshots and alive in the later one, by category */
  added: Record<Category, KindTotals>;
  /** per class: change in count and size */
  byClass: { name: string; count: number; size: number }[];
  /** per class: what is new and alive */
  addedByClass: { name: string; count: number; size: number; category: Category; nodes: number[] }[];
  /** who holds what was added: the first already existing object on each new object's shortest path */
  holders: Holder[];
}

export interface Holder {
  /** the holder's class and snapshot id, and the edge from it into what it gained */
  label: string;
  category: Category;
  /** objects made since the earlier snapshot and alive in the later one, under this holder */
  count: number;
  size: number;
  /** objects it held in the earlier snapshot that are gone in the later one */
  removedCount: number;
  removedSize: number;
  /** the holder's node in the later snapshot (-1: the holder is gone) */
  node: number;
  /** one new object it holds (-1: none) */
  example: number;
}

const zero = (): Record<Category, number> => ({ code: 0, v8: 0, data: 0, browser: 0 });

export function compareSnapshots(before: Snapshot, after: Snapshot): HeapChange & { tree: PathTree; cats: Category[] } {
  const treeBefore = pathTree(before);
  const catsBefore = categories(before, treeBefore);
  const tree = pathTree(after);
  const cats = categories(after, tree);
  const seen = new Set<number>();
  const totalsBefore = zero();
  const classesBefore = new Map<string, KindTotals>();
  for (let i = 0; i < nodeCount(before); i++) {
    seen.add(idOf(before, i));
    totalsBefore[catsBefore[i]!] += sizeOf(before, i);
    const k = classOf(before, i);
    const t = classesBefore.get(k) ?? { count: 0, size: 0 };
    t.count++;
    t.size += sizeOf(before, i);
    classesBefore.set(k, t);
  }
  const totalsAfter = zero();
  const classesAfter = new Map<string, KindTotals>();
  const added: Record<Category, KindTotals> = { code: { count: 0, size: 0 }, v8: { count: 0, size: 0 }, data: { count: 0, size: 0 }, browser: { count: 0, size: 0 } };
  const addedByClass = new Map<string, { name: string; count: number; size: number; category: Category; nodes: number[] }>();
  const holders = new Map<string, Holder>();
  for (let i = 0; i < nodeCount(after); i++) {
    const size = sizeOf(after, i);
    const cat = cats[i]!;
    totalsAfter[cat] += size;
    const k = classOf(after, i);
    const t = classesAfter.get(k) ?? { count: 0, size: 0 };
    t.count++;
    t.size += size;
    classesAfter.set(k, t);
    if (seen.has(idOf(after, i))) continue;
    added[cat].count++;
    added[cat].size += size;
    const ck = `${cat}\u0000${k}`;
    const c = addedByClass.get(ck) ?? { name: k, count: 0, size: 0, category: cat, nodes: [] };
    c.count++;
    c.size += size;
    if (c.nodes.length < 50) c.nodes.push(i);
    addedByClass.set(ck, c);
    const at = holderOf(after, tree, i, seen);
    if (!at) continue;
    const hk = `${cat}\u0000${idOf(after, at.node)}\u0000${at.edge}`;
    const h = holders.get(hk) ?? { label: `${classOf(after, at.node)} @${idOf(after, at.node)} .${at.edge}`, category: cat, count: 0, size: 0, removedCount: 0, removedSize: 0, node: at.node, example: i };
    h.count++;
    h.size += size;
    holders.set(hk, h);
  }
  // What went, grouped the same way in the earlier snapshot: a holder whose objects are replaced (rows coming and
  // going) gains as much as it loses; one that keeps adding shows a net gain.
  const seenAfter = new Set<number>();
  for (let i = 0; i < nodeCount(after); i++) seenAfter.add(idOf(after, i));
  const afterIndex = new Map<number, number>();
  for (let i = 0; i < nodeCount(after); i++) afterIndex.set(idOf(after, i), i);
  for (let i = 0; i < nodeCount(before); i++) {
    if (seenAfter.has(idOf(before, i))) continue;
    const at = holderOf(before, treeBefore, i, seenAfter);
    if (!at) continue;
    const cat = catsBefore[i]!;
    const id = idOf(before, at.node);
    const hk = `${cat}\u0000${id}\u0000${at.edge}`;
    const h = holders.get(hk) ?? { label: `${classOf(before, at.node)} @${id} .${at.edge}`, category: cat, count: 0, size: 0, removedCount: 0, removedSize: 0, node: afterIndex.get(id) ?? -1, example: -1 };
    h.removedCount++;
    h.removedSize += sizeOf(before, i);
    holders.set(hk, h);
  }
  const names = new Set([...classesBefore.keys(), ...classesAfter.keys()]);
  const byClass = [...names].map((name) => ({
    name,
    count: (classesAfter.get(name)?.count ?? 0) - (classesBefore.get(name)?.count ?? 0),
    size: (classesAfter.get(name)?.size ?? 0) - (classesBefore.get(name)?.size ?? 0),
  }));
  return {
    before: totalsBefore,
    after: totalsAfter,
    added,
    byClass: byClass.sort((a, b) => b.size - a.size),
    addedByClass: [...addedByClass.values()].sort((a, b) => b.size - a.size),
    holders: [...holders.values()].sort((a, b) => b.size - b.removedSize - (a.size - a.removedSize)),
    tree,
    cats,
  };
}

/**
 * The first object on a node's shortest path that is in `kept` (by id), and the edge from it into the part that is
 * not: who gained (or lost) the node. Element indices say nothing about who holds, so they are grouped as [n].
 */
function holderOf(s: Snapshot, tree: PathTree, i: number, kept: ReadonlySet<number>): { node: number; edge: string } | null {
  let child = i;
  let at = tree.parent[i]!;
  while (at > 0 && !kept.has(idOf(s, at))) {
    child = at;
    at = tree.parent[at]!;
  }
  if (at === -1) return null;
  const edge = tree.via[child]!;
  return { node: at, edge: edge === -1 ? '?' : edgeGroup(s, edge) };
}

function edgeGroup(s: Snapshot, e: number): string {
  const type = s.edgeTypes[s.edges[e + s.e.type]!]!;
  return type === 'element' ? '[n]' : type === 'hidden' ? `[hidden]` : edgeLabel(s, e);
}

const kib = (bytes: number) => `${bytes >= 0 ? '+' : ''}${(bytes / 1024).toFixed(1)} KiB`;

export function formatChange(after: Snapshot, change: ReturnType<typeof compareSnapshots>, opts: { top: number; paths?: string; n: number; holders: number; pathSteps?: number }): string {
  const out: string[] = [];
  const sum = (r: Record<Category, number>) => CATEGORIES.reduce((n, c) => n + r[c], 0);
  out.push(`self size: ${(sum(change.before) / 1024).toFixed(0)} KiB → ${(sum(change.after) / 1024).toFixed(0)} KiB (${kib(sum(change.after) - sum(change.before))})`);
  out.push('', 'split (change in self size; new and alive):');
  for (const c of CATEGORIES) {
    out.push(`  ${kib(change.after[c] - change.before[c]).padStart(13)}  ${`${change.added[c].count} new, ${(change.added[c].size / 1024).toFixed(1)} KiB`.padStart(24)}  ${CATEGORY_LABEL[c]}`);
  }
  out.push('', `by class, change in count and size (top ${opts.top} by size change):`);
  for (const d of change.byClass.slice(0, opts.top)) out.push(`  ${String(d.count).padStart(7)}  ${kib(d.size).padStart(12)}  ${d.name}`);
  out.push('', `new since the first snapshot and still alive (top ${opts.top} by size):`);
  for (const t of change.addedByClass.slice(0, opts.top)) out.push(`  ${String(t.count).padStart(7)}  ${(t.size / 1024).toFixed(1).padStart(8)} KiB  ${t.category.padEnd(7)}  ${t.name}`);
  for (const cat of ['data', 'browser', 'v8', 'code'] as const) {
    const list = change.holders.filter((h) => h.category === cat);
    if (!list.length) continue;
    const what = cat === 'data' ? 'data' : cat === 'browser' ? 'browser objects' : cat === 'v8' ? 'V8 bookkeeping' : 'code';
    out.push('', `who gained ${what} (top ${opts.holders} holders by net gain: objects added − objects gone, with the path to each):`);
    for (const h of list.slice(0, opts.holders)) {
      const net = h.count - h.removedCount;
      const example = h.example >= 0 ? `, e.g. ${classOf(after, h.example)} #${idOf(after, h.example)}${typeOf(after, h.example).includes('string') ? ` "${nameOf(after, h.example).slice(0, 60)}"` : ''}` : '';
      out.push(`  ${`${net >= 0 ? '+' : ''}${net}`.padStart(7)}  ${kib(h.size - h.removedSize).padStart(12)}  ${h.label}  (+${h.count} −${h.removedCount}${example})`);
      if (h.node >= 0) out.push(`      → ${pathTo(after, change.tree, h.node, opts.pathSteps ?? 10)}`);
    }
  }
  if (opts.paths) {
    const nodes = change.addedByClass.filter((t) => t.name === opts.paths).flatMap((t) => t.nodes);
    out.push('', `retaining paths of new ${opts.paths}:`);
    for (const i of nodes.slice(0, opts.n)) out.push(`  #${idOf(after, i)}\n      → ${pathTo(after, change.tree, i)}`);
  }
  return out.join('\n');
}

/** Self sizes by category of one snapshot. */
export function categoryTotals(s: Snapshot): Record<Category, number> {
  const cats = categories(s, pathTree(s));
  const out = zero();
  for (let i = 0; i < nodeCount(s); i++) out[cats[i]!] += sizeOf(s, i);
  return out;
}

/** A table of several snapshots' category totals and the change between neighbours, in KiB. */
export function formatSeries(names: readonly string[], totals: readonly Record<Category, number>[]): string {
  const k = (b: number) => (b / 1024).toFixed(1);
  const d = (b: number) => `${b >= 0 ? '+' : ''}${(b / 1024).toFixed(1)}`;
  const out = [`snapshot | ${CATEGORIES.join(' | ')} | change since the one before (${CATEGORIES.join(', ')})`];
  totals.forEach((t, i) => {
    const prev = totals[i - 1];
    out.push(`${names[i]} | ${CATEGORIES.map((c) => k(t[c])).join(' | ')} | ${prev ? CATEGORIES.map((c) => d(t[c] - prev[c])).join(', ') : ''}`);
  });
  return out.join('\n');
}

export function loadSnapshot(file: string): Snapshot {
  return parseSnapshot(JSON.parse(readFileSync(file, 'utf8')) as RawSnapshot);
}

function main() {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args.splice(i, 2)[1] : undefined;
  };
  const top = Number(opt('--top') ?? 25);
  const paths = opt('--paths');
  const n = Number(opt('--n') ?? 3);
  const holders = Number(opt('--holders') ?? 12);
  if (args.length < 2) {
    console.error('usage: heap-diff.ts BEFORE.heapsnapshot [MORE.heapsnapshot...] AFTER.heapsnapshot [--top 25] [--holders 12] [--paths ClassName] [--n 3]');
    process.exit(2);
  }
  if (args.length > 2) {
    // The split at every snapshot, then the first against the last in detail.
    const totals = args.map((file) => categoryTotals(loadSnapshot(file)));
    console.log(formatSeries(args.map((f) => f.split('/').pop()!), totals), '\n');
  }
  const before = loadSnapshot(args[0]!);
  const after = loadSnapshot(args[args.length - 1]!);
  console.log(formatChange(after, compareSnapshots(before, after), { top, paths, n, holders }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
