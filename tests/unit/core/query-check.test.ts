// The search box's check: what the real server would refuse, fail on or read differently is reported where it is.
import { describe, expect, it } from 'vitest';
import { caretColumn, checkQuery, issueMessage, type IssueCode } from '../../../src/core/query-check.ts';
import en from '../../../src/app/i18n/messages/en.ts';
import { cpuMsOf } from '../cpu-time.ts';

const codes = (q: string) => checkQuery(q).issues.map((i) => [i.code, i.from] as [IssueCode, number]);

describe('checkQuery', () => {
  it.each([
    'resource:web01',
    'severity:critical AND environment:Production',
    '(a OR b) AND c',
    'tags:"watch:alice"',
    '_.region:"eu-west-1"',
    'attributes.vendor:(cisco OR juniper)',
    '_exists_:region',
    'timeout:[0 TO 600]',
    'create_time:>2024-01-01',
    'resource:web0?',
    'text:/^disk.*full$/',
    'NOT status:closed',
    '"jakarta apache" NOT "Apache Lucene"',
    '',
    '   ',
  ])('accepts %s', (q) => {
    expect(checkQuery(q)).toMatchObject({ issues: [], sendable: true });
  });

  it.each<[string, IssueCode, number]>([
    ['"unclosed', 'QueryUnclosedQuote', 0],
    ['resource:web01 "unclosed', 'QueryUnclosedQuote', 15],
    ['(a OR b', 'QueryUnclosedParen', 0],
    ['a) OR b', 'QueryStrayParen', 1],
    ['resource:', 'QueryMissingValue', 8],
    ['a AND', 'QueryMissingOperand', 2],
    ['text:café', 'QueryNonAscii', 8],
    ['😀', 'QueryNonAscii', 0],
    ['مرحبا', 'QueryNonAscii', 0],
    ['a\u0001b', 'QueryControlChar', 1],
    ['a OR b OR c', 'QueryDroppedOperand', 10],
    ['a b c', 'QueryDroppedOperand', 4],
    ['createTime:>2024-01-01', 'QueryUnknownField', 0],
    ['nosuch:x', 'QueryUnknownField', 0],
    ['timeout:abc', 'QueryFieldNeedsRange', 0],
    ['tags:watch*', 'QueryListPattern', 0],
    ['service:(a OR b)', 'QueryListInGroup', 9],
    ['-resource:x', 'QueryModifier', 0],
    ['_.region:eu*', 'QueryAttrPattern', 0],
    ['foo.bar:x', 'QueryAttrPrefix', 0],
    ['resource:/[/', 'QueryBadRegex', 9],
    ['resource:"a(b"', 'QueryBadRegex', 9],
    ['timeout:[a TO 5]', 'QueryBadBound', 8],
    ['x:""', 'QueryUnknownField', 0],
    ['text:""', 'QueryEmptyPhrase', 5],
    ['resource:Web*', 'QueryUpperWildcard', 0],
    ['resource:[a TO', 'QueryUnclosedRange', 9],
  ])('refuses %s with %s at column %i', (q, code, from) => {
    const r = checkQuery(q);
    expect(r.sendable).toBe(false);
    expect(codes(q)).toContainEqual([code, from]);
  });

  it('warns about lower-case operators and OR NOT, but sends', () => {
    expect(checkQuery('a and b')).toMatchObject({ sendable: false });
    expect(codes('(a and b)')).toContainEqual(['QueryLowercaseOperator', 3]);
    expect(checkQuery('a OR NOT b')).toMatchObject({ sendable: true, issues: [{ code: 'QueryOrNot', severity: 'warning' }] });
  });

  it('offers the query grouped so the server reads every operand', () => {
    expect(checkQuery('a OR b OR c').fix).toBe('(a OR b) OR c');
    expect(checkQuery('a b c d').fix).toBe('(a OR b) OR (c OR d)');
    expect(checkQuery('x:1 AND y:2').fix).toBeNull();
    expect(checkQuery('resource:a OR resource:b OR resource:c OR resource:d OR resource:e').fix).toBe(
      '((resource:a OR resource:b) OR resource:c) OR (resource:d OR resource:e)',
    );
  });

  // The box checks long queries off the keystroke (src/app), so this only guards against anything worse than linear.
  it('takes less than a second of CPU on 10,000 pasted characters of any kind', () => {
    for (const q of ['a '.repeat(5000), '"'.repeat(10_000), '('.repeat(10_000), 'é'.repeat(10_000), `${'x:"y" AND '.repeat(900)}z`]) {
      let r: ReturnType<typeof checkQuery> | undefined;
      expect(cpuMsOf(() => (r = checkQuery(q)))).toBeLessThan(1000);
      expect(r!.issues.length).toBeGreaterThan(0);
    }
  });
});

describe('messages and columns for the search box', () => {
  const queries = ['"open', 'a:/x', '(a', 'a:[1 TO', 'a)', 'café', 'a\u0001b', '@', 'a:', ':a', 'a AND', 'a OR b OR c', 'createTime:x', 'timeout:abc', 'repeat:>=o', 'create_time:>xyz', 'timeout:[a TO b]', '_exists_:"x"', 'tags:watch*', 'tags:(a)', '-a', '_.a:b*', 'x.a:b', 'a:"("', 'x:""', `${'('.repeat(20)}a${')'.repeat(20)}`, 'Web*', 'a:"b"c', 'a or b c', 'a OR NOT b'];

  it('every issue the check reports has a message in the catalogue, with every value it needs', () => {
    const seen = new Set<string>();
    for (const q of queries) {
      for (const i of checkQuery(q).issues) {
        const { key, values } = issueMessage(i);
        seen.add(i.code);
        expect(Object.hasOwn(en, key), `${q}: ${key}`).toBe(true);
        for (const [, name] of (en as Record<string, string>)[key]!.matchAll(/\{(\w+)[,}]/g)) expect(values, `${key} needs ${name}`).toHaveProperty(name!);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(24);
  });

  it('kinds choose the message, an unknown field without a suggestion says none', () => {
    expect(issueMessage(checkQuery('timeout:abc').issues[0]!).key).toBe('QueryFieldNeedsRangeNumber');
    expect(issueMessage(checkQuery('create_time:>xyz').issues[0]!).key).toBe('QueryBadBoundDate');
    expect(issueMessage(checkQuery('foo:x').issues[0]!).values.suggestion).toBe('none');
    expect(issueMessage(checkQuery('createTime:x').issues[0]!).values.suggestion).toBe('create_time');
  });

  it('the column counts characters as seen: an emoji is one', () => {
    expect(caretColumn('abc', 0)).toBe(1);
    expect(caretColumn('🙂🙂x', 4)).toBe(3);
    const q = 'resource:web🙂';
    expect(caretColumn(q, checkQuery(q).issues[0]!.from)).toBe(13);
  });
});
