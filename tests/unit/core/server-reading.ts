// How the real server reads a query (src/core/query-syntax.ts), for tests of what the console writes into one.
import { expect } from 'vitest';
import { parseQuery, serverConditions, type Cond } from '../../../src/core/query-syntax.ts';

/** Every leaf condition the real server builds from q (what it reads), as text. */
export function readLeaves(q: string): string[] {
  const p = parseQuery(q);
  if (!p.ok) throw new Error(`the real server refuses ${q}`);
  expect(p.text.slice(p.end).trim()).toBe(''); // nothing ignored
  const out: string[] = [];
  const walk = (c: Cond): void => {
    if (c.c === 'and' || c.c === 'or') {
      walk(c.l);
      walk(c.r);
    } else if (c.c === 'not' || c.c === 'mod' || c.c === 'sub') walk(c.e);
    else out.push(JSON.stringify(c));
  };
  walk(serverConditions(p.ast));
  return out;
}

/** The operators the server applies, from the root down (depth first). */
export function ops(q: string): string[] {
  const p = parseQuery(q);
  if (!p.ok) throw new Error('refused');
  const out: string[] = [];
  const walk = (c: Cond): void => {
    if (c.c === 'and' || c.c === 'or') {
      out.push(c.c);
      walk(c.l);
      walk(c.r);
    } else if (c.c === 'not' || c.c === 'mod' || c.c === 'sub') walk(c.e);
  };
  walk(serverConditions(p.ast));
  return out;
}
