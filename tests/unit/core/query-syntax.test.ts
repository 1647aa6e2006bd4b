// The query grammar against the real Alerta 9.1.0 parser: tests/contract/query/real-parser.json holds what
// alerta/database/backends/postgres/queryparser.py (pyparsing 3.0.9, as on the live server the contract captures
// came from) answered for 3,171 queries: the real server's own test strings, hand-picked edge cases and random
// mixes of the grammar's pieces. Each entry is either where the parse stopped with the SQL and parameters it
// built, or where it failed with pyparsing's message.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuMsOf } from '../cpu-time.ts';
import {
  parseErrorText,
  parseQuery,
  pyIndex,
  RECURSION_LIMIT,
  serverConditions,
  type Cond,
  type CondColumn,
  type QueryNode,
} from '../../../src/core/query-syntax.ts';

interface RealAnswer {
  q: string;
  end?: number;
  sql?: string;
  params?: Record<string, string>;
  loc?: number;
  error?: string;
}

const table = JSON.parse(readFileSync(new URL('../../contract/query/real-parser.json', import.meta.url), 'utf8')) as RealAnswer[];

/** The real server's to_sql, written out as Postgres text with %(name)s parameters, for comparison. */
function render(c: Cond, params: Record<string, string>): string {
  const p = (v: string) => {
    const k = `_qp_${Object.keys(params).length}`;
    params[k] = v;
    return `%(${k})s`;
  };
  const col = (x: CondColumn | 'default'): string => {
    if (x === 'default') return '"__default_field__"';
    if ('column' in x) return `"${x.column}"`;
    return `"${x.json}"::jsonb ->>${p(x.key)}`;
  };
  const plain = (x: CondColumn | 'default'): string => (x === 'default' ? '"__default_field__"' : 'column' in x ? `"${x.column}"` : `"${x.json}"`);
  switch (c.c) {
    case 'and':
    case 'or':
      return `(${render(c.l, params)} ${c.c.toUpperCase()} ${render(c.r, params)})`;
    case 'not':
      return `NOT (${render(c.e, params)})`;
    case 'mod':
      return `${c.sign} ${render(c.e, params)}`;
    case 'exists':
      return `"attributes"::jsonb ? ${p(c.key)}`;
    case 'any':
      return `${p(c.v)}=ANY("${c.column}")`;
    case 'ilike': {
      const x = col(c.col);
      return `${x} ILIKE ${p(c.pattern)}`;
    }
    case 'match': {
      const x = col(c.col);
      return `${x} ~* ${p(c.pattern)}`;
    }
    case 'range': {
      const lo = c.lo ? `${plain(c.col)} ${c.lo.op} ${p(c.lo.v)}` : '1=1';
      const hi = c.hi ? `${plain(c.col)} ${c.hi.op} ${p(c.hi.v)}` : '1=1';
      return `(${lo} AND ${hi})`;
    }
    case 'cmp':
      return `(${plain(c.col)} ${c.op} ${p(c.v)})`;
    case 'sub': {
      const inner = render(c.e, params);
      if (!c.col) return inner;
      const x = 'column' in c.col ? `"${c.col.column}"` : `"${c.col.json}"::jsonb ->>${p(c.col.key)}`;
      return inner.split('"__default_field__"').join(x);
    }
    case 'empty':
      throw new Error(`Search term did not match query syntax: ${c.tokens}`);
  }
}

function realSql(q: string): { sql: string; params: Record<string, string> } | { error: string } | { loc: number } {
  const r = parseQuery(q);
  if (!r.ok) return { loc: r.loc };
  const params: Record<string, string> = {};
  try {
    const sql = render(serverConditions(r.ast), params).split('__default_field__').join('text');
    return { sql, params };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe('the query grammar reads every query of the table as Alerta 9.1.0 does', () => {
  it('holds the real server test strings and thousands of others', () => {
    expect(table.length).toBeGreaterThan(3000);
    expect(table.some((t) => t.q === 'attributes.vendor:(cisco OR juniper)')).toBe(true);
  });

  it('accepts and refuses the same queries, stops reading at the same place and builds the same SQL', () => {
    const wrong: string[] = [];
    for (const t of table) {
      const mine = realSql(t.q);
      const parsed = parseQuery(t.q);
      if (t.sql !== undefined) {
        if (!parsed.ok || pyIndex(parsed.text, parsed.end) !== t.end || !('sql' in mine) || mine.sql !== t.sql || JSON.stringify(mine.params) !== JSON.stringify(t.params)) {
          wrong.push(`${JSON.stringify(t.q)}: real ${t.sql} ${JSON.stringify(t.params)} end ${t.end}; mine ${JSON.stringify(mine)} end ${parsed.ok ? parsed.end : '-'}`);
        }
      } else if (t.error?.startsWith('Search term did not match')) {
        if (!('error' in mine) || !t.error.startsWith(mine.error)) wrong.push(`${JSON.stringify(t.q)}: real ${t.error}; mine ${JSON.stringify(mine)}`);
      } else if (parsed.ok || pyIndex(parsed.text, parsed.loc) !== t.loc) {
        wrong.push(`${JSON.stringify(t.q)}: real fails at ${t.loc}; mine ${JSON.stringify(mine)}`);
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it('writes the 400 message the real server writes', () => {
    const wrong: string[] = [];
    for (const t of table) {
      if (t.loc === undefined || t.error?.startsWith('Search term')) continue;
      const r = parseQuery(t.q);
      if (r.ok) continue;
      const text = parseErrorText(r.text, r.loc);
      if (text !== `pyparsing.exceptions.ParseException: ${t.error}\n`) wrong.push(`${JSON.stringify(t.q)}: ${text} vs ${t.error}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('the contract capture: resource:( fails at char 10', () => {
    const r = parseQuery('resource:(');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(parseErrorText(r.text, r.loc)).toBe(
        "pyparsing.exceptions.ParseException: Expected ['OR' | '||'] term, found end of text  (at char 10), (line:1, col:11)\n",
      );
    }
  });
});

describe('nesting the real parser cannot take', () => {
  const depth = (q: string) => parseQuery(q).depth;
  it('12 nested parentheses pass, 13 exceed Python recursion limit (measured on the live server)', () => {
    expect(depth(`${'('.repeat(12)}a${')'.repeat(12)}`)).toBeLessThanOrEqual(RECURSION_LIMIT);
    expect(depth(`${'('.repeat(13)}a${')'.repeat(13)}`)).toBeGreaterThan(RECURSION_LIMIT);
  });

  it('52 NOTs in a row pass, 53 do not; parentheses and NOTs add up', () => {
    expect(depth(`${'NOT '.repeat(52)}a`)).toBeLessThanOrEqual(RECURSION_LIMIT);
    expect(depth(`${'NOT '.repeat(53)}a`)).toBeGreaterThan(RECURSION_LIMIT);
    expect(depth(`${'('.repeat(10)}${'NOT '.repeat(5)}a${')'.repeat(10)}`)).toBeLessThanOrEqual(RECURSION_LIMIT);
    expect(depth(`${'('.repeat(10)}${'NOT '.repeat(10)}a${')'.repeat(10)}`)).toBeGreaterThan(RECURSION_LIMIT);
    expect(depth(`${'('.repeat(8)}${'NOT '.repeat(15)}a${')'.repeat(8)}`)).toBeLessThanOrEqual(RECURSION_LIMIT);
    expect(depth(`${'('.repeat(8)}${'NOT '.repeat(20)}a${')'.repeat(8)}`)).toBeGreaterThan(RECURSION_LIMIT);
  });

  it('a hostile query of 10,000 parentheses or NOTs returns at once and deep', () => {
    for (const q of ['('.repeat(10_000), `${'('.repeat(5000)}a${')'.repeat(5000)}`, `${'!'.repeat(10_000)}a`, '-'.repeat(10_000)]) {
      let r: ReturnType<typeof parseQuery> | undefined;
      expect(cpuMsOf(() => (r = parseQuery(q)))).toBeLessThan(200);
      expect(r!.depth).toBeGreaterThan(RECURSION_LIMIT);
    }
  });
});

describe('the tree the console reads', () => {
  it('keeps a flat chain as written, with the operands the server drops', () => {
    const r = parseQuery('a OR b OR c');
    expect(r.ok && r.ast.t).toBe('or');
    const ast = (r as { ast: QueryNode & { t: 'or' } }).ast;
    expect(ast.operands.map((o) => o.from)).toEqual([0, 5, 10]);
    expect(ast.ops.map((o) => o.text)).toEqual(['OR', 'OR']);
  });

  it('marks fields and values with their positions', () => {
    const r = parseQuery('NOT _.region:"eu west"');
    expect(r.ok).toBe(true);
    const ast = (r as { ast: QueryNode }).ast;
    expect(ast).toMatchObject({ t: 'not', op: { text: 'NOT', from: 0, to: 3 }, e: { t: 'term', field: { attr: '_', name: 'region', from: 4, to: 12 }, value: { k: 'phrase', v: 'eu west' }, to: 22 } });
  });
});
