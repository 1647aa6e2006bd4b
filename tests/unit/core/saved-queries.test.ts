import { describe, expect, it } from 'vitest';
import { addSavedQuery, parseSavedQueries, removeSavedQuery } from '../../../src/core/saved-queries.ts';

describe('saved searches', () => {
  const list = [
    { text: 'web', q: 'resource:web01' },
    { text: 'db', q: 'resource:db01' },
  ];

  it('needs a non-empty query', () => {
    expect(addSavedQuery(list, { text: 'x', q: '   ' })).toEqual({ ok: false, error: 'Required' });
    expect(addSavedQuery(list, { text: '', q: '' })).toEqual({ ok: false, error: 'Required' });
  });

  it('appends a new search, trimmed, named after its query when unnamed', () => {
    const r = addSavedQuery(list, { text: ' ', q: ' severity:critical ' });
    expect(r).toEqual({ ok: true, value: [...list, { text: 'severity:critical', q: 'severity:critical' }] });
  });

  it('replaces a search with the same text in its place', () => {
    const r = addSavedQuery(list, { text: 'web', q: 'resource:web02' });
    expect(r).toEqual({
      ok: true,
      value: [
        { text: 'web', q: 'resource:web02' },
        { text: 'db', q: 'resource:db01' },
      ],
    });
  });

  it('does not change the list it was given', () => {
    addSavedQuery(list, { text: 'web', q: 'other' });
    expect(list[0]).toEqual({ text: 'web', q: 'resource:web01' });
  });

  it('removes by text', () => {
    expect(removeSavedQuery(list, 'web')).toEqual([{ text: 'db', q: 'resource:db01' }]);
    expect(removeSavedQuery(list, 'nope')).toEqual(list);
  });

  it('reads stored searches, dropping malformed ones and collapsing duplicates', () => {
    expect(
      parseSavedQueries([{ text: 'a', q: '1' }, null, { text: 5, q: '2' }, { q: 3 }, 'junk', { text: 'a', q: '4' }]),
    ).toEqual([
      { text: 'a', q: '4' },
      { text: '2', q: '2' },
    ]);
    expect(parseSavedQueries({ not: 'a list' })).toEqual([]);
  });
});
