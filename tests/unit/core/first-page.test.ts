import { describe, expect, it } from 'vitest';
import { firstPageList, firstPageOf, GUESSED_LIST_PREFS, guessedStartView, guessFit } from '../../../src/core/first-page.ts';
import { openingView } from '../../../src/core/alerts-location.ts';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import { ROWS_PER_PAGE_OPTIONS } from '../../../src/core/preferences.ts';
import type { Alert, AlertsResponse } from '../../../src/core/types.ts';

const config = CLIENT_DEFAULTS;
const prefs = (p: Partial<typeof GUESSED_LIST_PREFS> = {}) => ({ ...GUESSED_LIST_PREFS, ...p });
const guessed = (search = '', hash = '') => openingView(search, hash, config, GUESSED_LIST_PREFS);

describe('the list a first start guesses', () => {
  it('has the largest page size offered, no notes and no grouping', () => {
    expect(GUESSED_LIST_PREFS.rowsPerPage).toBe(200);
    expect(ROWS_PER_PAGE_OPTIONS.every((o) => o.value <= GUESSED_LIST_PREFS.rowsPerPage)).toBe(true);
    expect(GUESSED_LIST_PREFS).toMatchObject({ showNotesIcon: false, groupBy: null });
  });

  it('holds the first page of every page size offered, for the same address', () => {
    for (const { value } of ROWS_PER_PAGE_OPTIONS) {
      expect(guessFit(guessed('?q=resource:web01', '#status:open'), openingView('?q=resource:web01', '#status:open', config, prefs({ rowsPerPage: value })))).toBe('page');
    }
  });

  it('holds only the rows of a list with the notes, which needs their history', () => {
    expect(guessFit(guessed('?q=resource:web01'), openingView('?q=resource:web01', '', config, prefs({ rowsPerPage: 20, showNotesIcon: true })))).toBe('rows');
    expect(guessFit(guessed(), openingView('', '', config, prefs({ rowsPerPage: 200, showNotesIcon: true })))).toBe('rows');
    // Not when the list differs in more than the notes.
    expect(guessFit(guessed(), openingView('', '#status:closed', config, prefs({ rowsPerPage: 20, showNotesIcon: true })))).toBeNull();
    expect(guessFit(guessed(), openingView('', '', config, prefs({ rowsPerPage: 500, showNotesIcon: true })))).toBeNull();
  });

  it('does not hold a longer page or another page', () => {
    expect(guessFit(guessed(), openingView('', '', config, prefs({ rowsPerPage: 500 })))).toBeNull();
    expect(guessFit(guessed(), { ...openingView('', '', config, prefs({ rowsPerPage: 20 })), page: 2 })).toBeNull();
  });

  it('is not asked for a grouped list or the overview, which ask for every alert of their view', () => {
    expect(firstPageList(guessed())).toBe(true);
    expect(firstPageList(guessed('', '#gb:event'))).toBe(false);
    expect(firstPageList({ ...guessed(), overview: true })).toBe(false);
    expect(firstPageList({ ...guessed(), page: 3 })).toBe(false);
  });

  it('is the list of the address, signed in, with those preferences; none for another page or a grouped list', () => {
    const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });
    expect(guessedStartView(at('/alerts', '?q=resource:web01', '#status:open'), '/', config)).toEqual(guessed('?q=resource:web01', '#status:open'));
    expect(guessedStartView(at('/heartbeats'), '/', config)).toBeNull();
    expect(guessedStartView(at('/alerts', '', '#gb:event'), '/', config)).toBeNull();
  });

  it('does not hold a grouped list (it asks for every alert), nor another search, filter or sort', () => {
    expect(guessFit(guessed(), openingView('', '', config, prefs({ rowsPerPage: 20, groupBy: 'event' })))).toBeNull();
    expect(guessFit(guessed(), openingView('', '', config, prefs({ rowsPerPage: 20, groupBy: 'event', showNotesIcon: true })))).toBeNull();
    expect(guessFit(guessed(), openingView('?q=resource:web01', '', config, prefs({ rowsPerPage: 20 })))).toBeNull();
    expect(guessFit(guessed(), openingView('', '#status:closed', config, prefs({ rowsPerPage: 20 })))).toBeNull();
    const view = openingView('', '', config, prefs({ rowsPerPage: 20 }));
    expect(guessFit(guessed(), { ...view, sort: { sortBy: 'lastReceiveTime', descending: false } })).toBeNull();
  });
});

describe('the first page of a longer first page', () => {
  const alerts = Array.from({ length: 200 }, (_, i) => ({ id: `a${i}` }) as Alert);
  const answer: AlertsResponse = {
    status: 'ok',
    alerts,
    total: 1234,
    page: 1,
    pageSize: 200,
    pages: 7,
    more: true,
    severityCounts: { major: 1000, minor: 234 },
    statusCounts: { open: 1234 },
    lastTime: '2026-11-27T10:00:00.000Z',
    autoRefresh: true,
  };

  it('keeps the first rows and gives the paging of its own page size, the counts as they were', () => {
    const page = firstPageOf(answer, 50);
    expect(page.alerts.map((a) => a.id)).toEqual(alerts.slice(0, 50).map((a) => a.id));
    expect(page).toMatchObject({ total: 1234, page: 1, pageSize: 50, pages: 25, more: true, severityCounts: answer.severityCounts, statusCounts: answer.statusCounts });
  });

  it('says there is no more when the page holds every alert', () => {
    const few = firstPageOf({ ...answer, alerts: alerts.slice(0, 12), total: 12, pages: 1, more: false }, 20);
    expect(few).toMatchObject({ alerts: alerts.slice(0, 12), total: 12, pageSize: 20, pages: 1, more: false });
    expect(firstPageOf({ ...answer, alerts: [], total: 0, pages: 0, more: false }, 20)).toMatchObject({ alerts: [], pages: 0, more: false });
  });
});
