// What a test's JS heap still holds: the strings reachable after a full GC (V8's heap snapshot collects garbage
// first and lists only what is reachable). Lets a test say "after hours of polls the page keeps nothing of alerts
// that left", instead of trusting a cache's own size counter.
import v8 from 'node:v8';

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** The type and name of every reachable object, from a snapshot of this process's heap. */
async function reachable(): Promise<{ type: string; name: string }[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of v8.getHeapSnapshot()) chunks.push(chunk as Buffer);
  const snapshot = JSON.parse(Buffer.concat(chunks).toString('utf8')) as HeapSnapshot;
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const out: { type: string; name: string }[] = [];
  for (let i = 0; i < snapshot.nodes.length; i += width) out.push({ type: types[snapshot.nodes[i + typeAt]!]!, name: snapshot.strings[snapshot.nodes[i + nameAt]!]! });
  return out;
}

/** How many objects of a constructor (as the heap snapshot names it, e.g. "DateTimeFormat") are reachable. */
export async function retainedObjects(name: string): Promise<number> {
  return (await reachable()).filter((o) => o.type === 'object' && o.name === name).length;
}

const STRING_TYPES = new Set(['string', 'concatenated string', 'sliced string']);

export async function retainedStrings(pattern: RegExp): Promise<string[]> {
  return (await reachable()).filter((o) => STRING_TYPES.has(o.type) && pattern.test(o.name)).map((o) => o.name);
}
