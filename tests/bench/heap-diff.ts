// What a long run keeps: compares two heap snapshots of the same page or worker (`npm run bench -- --soak N
// --soak-snapshots DIR` writes them after the warm-up and at the end). Prints, per constructor, the objects that are
// in the later snapshot but not the earlier one (V8 keeps an object's id across snapshots of one session) with their
// size, and the shortest retaining path of a few of them.
//   node --import tsx tests/bench/heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--top 25] [--paths Name] [--n 3]
import { readFileSync } from 'node:fs';

interface Snapshot {
  nodeTypes: string[];
  edgeTypes: string[];
  strings: string[];
  nodes: Int32Array | number[];
  edges: Int32Array | number[];
  nodeFields: number;
  edgeFields: number;
  /** offsets within a node record */
  n: { type: number; name: number; id: number; size: number; edgeCount: number };
  e: { type: number; name: number; to: number };
  firstEdge: Int32Array;
}

function load(file: string): Snapshot {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
    nodes: number[];
    edges: number[];
    strings: string[];
  };
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

const nodeCount = (s: Snapshot) => s.nodes.length / s.nodeFields;
const field = (s: Snapshot, i: number, f: number) => s.nodes[i * s.nodeFields + f]!;
const typeOf = (s: Snapshot, i: number) => s.nodeTypes[field(s, i, s.n.type)]!;
const nameOf = (s: Snapshot, i: number) => s.strings[field(s, i, s.n.name)]!;

/** A readable class of a node: the constructor for objects, the type for the rest (strings, code, arrays...). */
function classOf(s: Snapshot, i: number): string {
  const type = typeOf(s, i);
  if (type === 'object' || type === 'native') return nameOf(s, i);
  if (type === 'closure') return `(closure ${nameOf(s, i) || 'anonymous'})`;
  return `(${type})`;
}

function edgeLabel(s: Snapshot, e: number): string {
  const type = s.edgeTypes[s.edges[e + s.e.type]!]!;
  const name = s.edges[e + s.e.name]!;
  return type === 'element' || type === 'hidden' ? `[${name}]` : String(s.strings[name] ?? name);
}

/** Shortest path from the root to `target` (breadth first over strong edges). */
function retainingPath(s: Snapshot, target: number): string {
  const count = nodeCount(s);
  const parent = new Int32Array(count).fill(-1);
  const via = new Int32Array(count).fill(-1);
  parent[0] = 0;
  const queue = [0];
  for (let q = 0; q < queue.length; q++) {
    const from = queue[q]!;
    if (from === target) break;
    for (let e = s.firstEdge[from]!; e < s.firstEdge[from + 1]!; e += s.edgeFields) {
      if (s.edgeTypes[s.edges[e + s.e.type]!] === 'weak') continue;
      const to = s.edges[e + s.e.to]! / s.nodeFields;
      if (parent[to] !== -1) continue;
      parent[to] = from;
      via[to] = e;
      queue.push(to);
    }
  }
  if (parent[target] === -1) return '(not reachable)';
  const steps: string[] = [];
  for (let at = target; at !== 0; at = parent[at]!) steps.push(`${classOf(s, at)} via .${edgeLabel(s, via[at]!)}`);
  return steps.reverse().slice(-12).join('\n      → ');
}

function main() {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args.splice(i, 2)[1] : undefined;
  };
  const top = Number(opt('--top') ?? 25);
  const pathsFor = opt('--paths');
  const pathCount = Number(opt('--n') ?? 3);
  const [beforeFile, afterFile] = args;
  if (!beforeFile || !afterFile) {
    console.error('usage: heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--top 25] [--paths ClassName] [--n 3]');
    process.exit(2);
  }
  const before = load(beforeFile);
  const after = load(afterFile);
  const seen = new Set<number>();
  for (let i = 0; i < nodeCount(before); i++) seen.add(field(before, i, before.n.id));
  const totals = (s: Snapshot) => {
    const m = new Map<string, { count: number; size: number }>();
    for (let i = 0; i < nodeCount(s); i++) {
      const k = classOf(s, i);
      const t = m.get(k) ?? { count: 0, size: 0 };
      t.count++;
      t.size += field(s, i, s.n.size);
      m.set(k, t);
    }
    return m;
  };
  const tb = totals(before);
  const ta = totals(after);
  const added = new Map<string, { count: number; size: number; nodes: number[] }>();
  for (let i = 0; i < nodeCount(after); i++) {
    if (seen.has(field(after, i, after.n.id))) continue;
    const k = classOf(after, i);
    const t = added.get(k) ?? { count: 0, size: 0, nodes: [] };
    t.count++;
    t.size += field(after, i, after.n.size);
    if (t.nodes.length < 50) t.nodes.push(i);
    added.set(k, t);
  }
  const sum = (m: Map<string, { size: number }>) => [...m.values()].reduce((n, t) => n + t.size, 0);
  console.log(`self size: ${(sum(tb) / 1024).toFixed(0)} KiB → ${(sum(ta) / 1024).toFixed(0)} KiB`);
  console.log(`\nby class, change in count and size (top ${top} by size change):`);
  const keys = new Set([...tb.keys(), ...ta.keys()]);
  const deltas = [...keys].map((k) => ({ k, dc: (ta.get(k)?.count ?? 0) - (tb.get(k)?.count ?? 0), ds: (ta.get(k)?.size ?? 0) - (tb.get(k)?.size ?? 0) }));
  for (const d of deltas.sort((a, b) => b.ds - a.ds).slice(0, top)) console.log(`  ${String(d.dc).padStart(7)}  ${(d.ds / 1024).toFixed(1).padStart(8)} KiB  ${d.k}`);
  console.log(`\nnew since the first snapshot and still alive (top ${top} by size):`);
  for (const [k, t] of [...added].sort((a, b) => b[1].size - a[1].size).slice(0, top)) console.log(`  ${String(t.count).padStart(7)}  ${(t.size / 1024).toFixed(1).padStart(8)} KiB  ${k}`);
  if (pathsFor) {
    const t = added.get(pathsFor);
    console.log(`\nretaining paths of new ${pathsFor}:`);
    for (const i of (t?.nodes ?? []).slice(0, pathCount)) console.log(`  #${field(after, i, after.n.id)}\n      → ${retainingPath(after, i)}`);
  }
}

main();
