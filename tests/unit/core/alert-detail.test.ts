import { describe, expect, it } from 'vitest';
import type { HistoryEntry, Note } from '../../../src/core/types.ts';
import {
  attributeField,
  blackoutHref,
  canEditNote,
  customAttributes,
  fieldQueryHref,
  historyNewestFirst,
  historyPage,
  HISTORY_PAGE_SIZE,
  lastStatusChange,
  notesNewestFirst,
  searchableValues,
} from '../../../src/core/alert-detail.ts';
import { blackoutPrefillFromQuery } from '../../../src/core/admin-rules.ts';

function entry(over: Partial<HistoryEntry>): HistoryEntry {
  return {
    id: 'h',
    event: 'DiskFull',
    severity: 'major',
    status: 'open',
    value: null,
    text: '',
    type: 'new',
    updateTime: '2026-01-01T00:00:00.000Z',
    user: null,
    timeout: null,
    ...over,
  };
}

describe('field links', () => {
  const q = (href: string | null) => new URLSearchParams(href!.split('?')[1]).get('q');
  it('search the clicked value exactly (an anchored phrase)', () => {
    expect(fieldQueryHref('resource', 'web01')).toBe('/alerts?q=resource%3A%22%5Eweb01%24%22');
  });

  it('carry quotes and backslashes as \\uXXXX, which the real server reads (it has no escape character)', () => {
    expect(q(fieldQueryHref('text', 'say "hi" \\ bye'))).toBe('text:"^say \\u0022hi\\u0022 \\u005c bye$"');
    expect(q(fieldQueryHref('group', 'a"b&c=d'))).toBe('group:"^a\\u0022b&c=d$"');
  });

  it('custom attributes are searched with the _. prefix; tags as exact elements', () => {
    expect(q(fieldQueryHref(attributeField('region'), 'eu-west-1'))).toBe('_.region:"^eu-west-1$"');
    expect(q(fieldQueryHref('tags', 'watch:bob'))).toBe('tags:"watch:bob"');
  });

  it('no link for what the query language cannot express', () => {
    expect(fieldQueryHref('tags', 'a"b')).toBeNull();
    expect(fieldQueryHref(attributeField('a b'), 'x')).toBeNull();
  });
});

describe('blackout from alert', () => {
  const alert = { environment: 'Production', service: ['Web', 'Platform'], resource: 'web01', event: 'HighCPU', group: 'Performance' };

  it('links to the blackout form with exactly these query parameters', () => {
    expect(blackoutHref(alert)).toBe('/blackouts?new=1&environment=Production&service=Web&service=Platform&resource=web01&event=HighCPU&group=Performance');
  });

  it('is read back by the blackout form as the same scope', () => {
    const prefill = blackoutPrefillFromQuery(blackoutHref(alert).split('?')[1] ?? '');
    expect(prefill).toEqual({ environment: 'Production', service: ['Web', 'Platform'], resource: 'web01', event: 'HighCPU', group: 'Performance' });
  });

  it('leaves out empty fields and encodes special characters', () => {
    const href = blackoutHref({ environment: 'Dev & Test', service: [], resource: 'a/b?c', event: '', group: '' });
    expect(href).toBe('/blackouts?new=1&environment=Dev+%26+Test&resource=a%2Fb%3Fc');
    expect(blackoutPrefillFromQuery(href.split('?')[1] ?? '')).toEqual({ environment: 'Dev & Test', resource: 'a/b?c' });
  });
});

describe('history', () => {
  const history = Array.from({ length: 23 }, (_, i) =>
    entry({ id: `h${i}`, updateTime: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }),
  );

  it('is shown newest first', () => {
    expect(historyNewestFirst(history).map((h) => h.id).slice(0, 3)).toEqual(['h22', 'h21', 'h20']);
  });

  it('has 10 rows per page, the last page holds the rest', () => {
    expect(HISTORY_PAGE_SIZE).toBe(10);
    const p1 = historyPage(history, 1);
    expect(p1.rows).toHaveLength(10);
    expect(p1.pages).toBe(3);
    expect(p1.rows[0]?.id).toBe('h22');
    const p3 = historyPage(history, 3);
    expect(p3.rows.map((h) => h.id)).toEqual(['h2', 'h1', 'h0']);
    expect(p3.first).toBe(21);
    expect(p3.last).toBe(23);
  });

  it('copes with a missing history and bad times', () => {
    expect(historyPage(undefined, 1).rows).toEqual([]);
    const odd = [entry({ id: 'bad', updateTime: 'not a date' }), entry({ id: 'good' })];
    expect(historyNewestFirst(odd).map((h) => h.id)).toEqual(['good', 'bad']);
  });
});

describe('last status change', () => {
  it('is the newest non-note entry with the current status', () => {
    const alert = {
      status: 'ack',
      history: [
        entry({ id: 'new', type: 'new', status: 'open', user: 'admin', updateTime: '2026-01-01T00:00:00Z' }),
        entry({ id: 'ack1', type: 'ack', status: 'ack', user: 'olivia', text: 'looking', updateTime: '2026-01-01T00:01:00Z' }),
        entry({ id: 'note', type: 'note', status: 'ack', user: 'bob', text: 'a note', updateTime: '2026-01-01T00:02:00Z' }),
      ],
    };
    expect(lastStatusChange(alert)?.id).toBe('ack1');
    expect(lastStatusChange(alert)?.user).toBe('olivia');
  });

  it('is null when no entry carries the status', () => {
    expect(lastStatusChange({ status: 'closed', history: [entry({ status: 'open' })] })).toBeNull();
    expect(lastStatusChange({ status: 'open', history: [] })).toBeNull();
  });
});

describe('notes', () => {
  const notes: Note[] = [
    { id: 'n1', text: 'first', user: 'admin', createTime: '2026-01-01T00:00:00Z', updateTime: null },
    { id: 'n2', text: 'second', user: 'olivia', createTime: '2026-01-01T00:05:00Z', updateTime: null },
    { id: 'n3', text: 'edited', user: 'admin', createTime: '2026-01-01T00:01:00Z', updateTime: '2026-01-01T00:09:00Z' },
  ];

  it('are newest first, an edit counting as newer', () => {
    expect(notesNewestFirst(notes, []).notes.map((n) => n.id)).toEqual(['n3', 'n2', 'n1']);
  });

  it('fall back to the history’s note entries, read-only', () => {
    const history = [entry({ id: 'x', type: 'note', text: 'from history', user: 'admin', updateTime: '2026-01-02T00:00:00Z' }), entry({ id: 'y' })];
    const shown = notesNewestFirst([], history);
    expect(shown.fromHistory).toBe(true);
    expect(shown.notes.map((n) => n.text)).toEqual(['from history']);
    expect(notesNewestFirst([], []).notes).toEqual([]);
    expect(notesNewestFirst(null, null)).toEqual({ notes: [], fromHistory: false });
  });

  it('may be edited by their author only', () => {
    expect(canEditNote({ user: 'admin' }, 'admin')).toBe(true);
    expect(canEditNote({ user: 'admin' }, 'olivia')).toBe(false);
    expect(canEditNote({ user: null }, 'admin')).toBe(false);
    expect(canEditNote({ user: 'admin' }, null)).toBe(false);
    expect(canEditNote({ user: '' }, '')).toBe(false);
  });
});

describe('custom attributes', () => {
  it('keep the API’s order', () => {
    expect(customAttributes({ attributes: { region: 'eu', ip: '10.0.0.1' } })).toEqual([
      ['region', 'eu'],
      ['ip', '10.0.0.1'],
    ]);
    expect(customAttributes({ attributes: null as unknown as Record<string, unknown> })).toEqual([]);
  });

  it('only scalar values (or lists of them) are searchable', () => {
    expect(searchableValues('eu')).toEqual(['eu']);
    expect(searchableValues(3)).toEqual(['3']);
    expect(searchableValues(['a', 'b'])).toEqual(['a', 'b']);
    expect(searchableValues({ x: 1 })).toBeNull();
    expect(searchableValues([{ x: 1 }])).toBeNull();
    expect(searchableValues(null)).toBeNull();
  });
});
