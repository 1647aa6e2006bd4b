import { readFileSync } from 'node:fs';
const [fa, fb] = process.argv.slice(2);
function load(f: string) {
  const raw = JSON.parse(readFileSync(f, 'utf8'));
  const m = raw.snapshot.meta; const nf = m.node_fields.length; const ef = m.edge_fields.length;
  const F = (n: string) => m.node_fields.indexOf(n); const E = (n: string) => m.edge_fields.indexOf(n);
  return { raw, nf, ef, ti: F('type'), ni: F('name'), ii: F('id'), si: F('self_size'), ci: F('edge_count'), eti: E('type'), eni: E('name_or_index'), eto: E('to_node'), types: m.node_types[0], etypes: m.edge_types[0] };
}
const A = load(fa!), B = load(fb!);
const idsA = new Set<number>(); for (let i = 0; i < A.raw.nodes.length; i += A.nf) idsA.add(A.raw.nodes[i + A.ii]);
const s = B; const N = s.raw.nodes, Ed = s.raw.edges; const count = N.length / s.nf;
const retainers: number[][] = Array.from({ length: count }, () => []);
const edgeName: Map<string, string> = new Map();
for (let i = 0, e = 0; i < count; i++) {
  const ec = N[i * s.nf + s.ci];
  for (let k = 0; k < ec; k++, e += s.ef) { const to = Ed[e + s.eto] / s.nf; retainers[to]!.push(i); const et = s.etypes[Ed[e + s.eti]]; edgeName.set(`${i}>${to}`, et === 'element' || et === 'hidden' ? `[${Ed[e + s.eni]}]` : s.raw.strings[Ed[e + s.eni]]); }
}
const name = (i: number) => `${s.types[N[i * s.nf + s.ti]]}:${s.raw.strings[N[i * s.nf + s.ni]]}`.slice(0, 90);
const agg = new Map<string, [number, number]>();
for (let i = 0; i < count; i++) {
  if (s.raw.strings[N[i * s.nf + s.ni]] !== 'system / InstructionStream') continue;
  if (idsA.has(N[i * s.nf + s.ii])) continue;
  // walk up two levels
  const chain: string[] = [];
  let cur = i;
  for (let d = 0; d < 4; d++) { const r = retainers[cur]!.find((x) => !name(x).includes('InstructionStream')); if (r === undefined) break; chain.push(`${edgeName.get(`${r}>${cur}`)}<${name(r)}`); cur = r; }
  const k = chain.join(' | ');
  const x = agg.get(k) ?? [0, 0]; x[0]++; x[1] += N[i * s.nf + s.si]; agg.set(k, x);
}
for (const [k, v] of [...agg].sort((a, b) => b[1][1] - a[1][1]).slice(0, 30)) console.log(String(v[0]).padStart(4), (v[1] / 1024).toFixed(1).padStart(6), k);
