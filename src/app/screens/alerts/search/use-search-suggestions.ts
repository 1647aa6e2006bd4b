// What the search box's list offers: the suggestions for the word under the caret (src/core/query-suggest.ts) from
// the values the worker keeps (asked when the box is used; the worker goes to the API at most every few minutes)
// joined with the rows on the page; with an empty box, the recent and the saved searches. The suggesting code comes
// with the box's assistance chunk (src/app/screens/alerts/search/search-assist-loader.ts): no suggestions until it is in.
import { useCallback, useMemo, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import type { SuggestionValues } from '../../../../core/query-suggest.ts';
import { addRecent, parseRecent, recentKey, removeRecent } from '../../../../core/recent-searches.ts';
import { pageRows } from '../../../state/alerts.ts';
import { usernameAtom } from '../../../state/session.ts';
import { savedQueriesAtom } from '../../../state/user.ts';
import { queryClient, useQuery } from '../../../data/query.ts';
import { suggestionsQuery } from '../../../data/alerts.ts';
import type { SearchAssist, SearchOption } from './search-assist.tsx';

const EMPTY: { values: SuggestionValues; attributes: string[] } = { values: {}, attributes: [] };

function readRecent(key: string): string[] {
  try {
    return parseRecent(localStorage.getItem(key));
  } catch {
    return []; // storage refused (private mode, policy): no recent searches, nothing breaks
  }
}

function writeRecent(key: string, list: readonly string[]) {
  try {
    localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // full or refused storage: the list lives for this page only
  }
}

/** The user's recent searches on this device, with adding and removing. */
export function useRecentSearches() {
  const username = useAtomValue(usernameAtom);
  const key = recentKey(username);
  const [state, setState] = useState<{ key: string; list: string[] } | null>(null);
  const list = state?.key === key ? state.list : readRecent(key);
  const add = useCallback(
    (q: string) => {
      const next = addRecent(readRecent(key), q);
      writeRecent(key, next);
      setState({ key, list: next });
    },
    [key, setState],
  );
  const remove = useCallback(
    (q: string) => {
      const next = removeRecent(readRecent(key), q);
      writeRecent(key, next);
      setState({ key, list: next });
    },
    [key, setState],
  );
  return { recent: list, add, remove };
}

/**
 * The options for the text and caret while the box is in use (`active`). `used` turns true at the first focus: only
 * then is the suggestion data asked for. `assist` is null until the suggesting code has arrived.
 */
export function useSearchOptions(text: string, caret: number, active: boolean, used: boolean, recent: readonly string[], assist: SearchAssist | null): SearchOption[] {
  const store = useStore();
  const saved = useAtomValue(savedQueriesAtom);
  const { data } = useQuery(used ? suggestionsQuery : null);
  // The page's rows are read when the box is entered or the data arrives, not at each keystroke or poll.
  const joined = useMemo(() => (active && assist ? assist.withRows(data?.values ?? {}, pageRows(store)) : EMPTY), [active, data, store, assist]);
  return useMemo(() => {
    if (!active) return [];
    if (text.trim() === '') {
      const savedQs = new Set(saved.map((s) => s.q));
      return [
        ...recent.filter((q) => !savedQs.has(q)).map((q): SearchOption => ({ kind: 'recent', q })),
        ...saved.map((s): SearchOption => ({ kind: 'saved', q: s.q, text: s.text })),
      ];
    }
    if (!assist) return [];
    return assist.suggest(text, caret, joined.values, joined.attributes).map((s): SearchOption => ({ kind: 'suggestion', s }));
  }, [active, text, caret, joined, recent, saved, assist]);
}

/** Asks the worker for fresh suggestion data (it answers from its copy while that is recent). */
export function refreshSuggestions(): void {
  void queryClient.fetch(suggestionsQuery);
}
