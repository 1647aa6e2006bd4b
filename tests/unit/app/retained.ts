// What a test's JS heap still holds: the strings reachable after a full GC (V8's heap snapshot collects garbage
// first and lists only what is reachable). Lets a test say "after hours of polls the page keeps nothing of alerts
// that left", instead of trusting a cache's own size counter.
import v8 from 'node:v8';

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

async function heapSnapshot(): Promise<HeapSnapshot> {
  const chunks: Buffer[] = [];
  for await (const chunk of v8.getHeapSnapshot()) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as HeapSnapshot;
}

/** How many objects of a constructor (as the heap snapshot names it, e.g. "DateTimeFormat") are reachable. */
export async function retainedObjects(name: string): Promise<number> {
  const snapshot = await heapSnapshot();
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  let n = 0;
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    if (types[snapshot.nodes[i + typeAt]!] === 'object' && snapshot.strings[snapshot.nodes[i + nameAt]!] === name) n++;
  }
  return n;
}

export async function retainedStrings(pattern: RegExp): Promise<string[]> {
  const snapshot = await heapSnapshot();
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const found: string[] = [];
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]!];
    if (type !== 'string' && type !== 'concatenated string' && type !== 'sliced string') continue;
    const text = snapshot.strings[snapshot.nodes[i + nameAt]!]!;
    if (pattern.test(text)) found.push(text);
  }
  return found;
}
