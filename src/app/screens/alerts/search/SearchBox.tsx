// The alerts search box: the query is checked as it is typed with the grammar the real server uses
// (src/core/query-check.ts); an error says what is wrong and where, and keeps the query from being sent; warnings
// are shown and the query goes. A query the server still refuses shows the server's own message under the box.
// The input is an ARIA 1.2 combobox: its listbox suggests fields, values with counts and operators for the word
// under the caret, and, in an empty box, the recent and saved searches (docs/search.md). The check and the
// suggestions come in a chunk of their own (src/app/screens/alerts/search/search-assist-loader.ts), asked for at the box's
// first focus, press or key and in idle time after the first rows: until it is in, the text is 'being checked' and a
// submitted query waits for its check.
import { lazy, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useAtom, useAtomValue, useStore } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useLocation } from 'wouter';
import { searchWithQ } from '../../../../core/alerts-location.ts';
import type { QueryCheck } from '../../../../core/query-check.ts';
import { useT } from '../../../state/i18n.ts';
import { metaAtom } from '../../../state/alerts.ts';
import { addressAtom, clearSelection } from '../../../state/alerts-screen.ts';
import { savedSearchCommands } from '../../../data/account.ts';
import { IconButton } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { WhenShown } from '../../../components/deferred.tsx';
import { useQueryCheck } from './use-query-check.ts';
import { whenStarted } from '../../../startup.ts';
import { loadedSearchAssist, loadSearchAssist } from './search-assist-loader.ts';
import { searchUndoAtom } from './value-filter.ts';
import { refreshSuggestions, useRecentSearches, useSearchOptions } from './use-search-suggestions.ts';

/** The server's refusal of the search in force (a 400 with its reason), else null. */
const refusalAtom = selectAtom(metaAtom, (m) => (m.error && m.error.code === 400 ? (m.error.detail ?? m.error.message) : null));

// The syntax help loads when first opened.
const HelpDialog = lazy(() => import('./SearchHelp.tsx').then((m) => ({ default: m.SearchHelp })));

export function SearchBox({ searchRef }: { searchRef: RefObject<HTMLInputElement> }) {
  const { t } = useT();
  const store = useStore();
  const [, navigate] = useLocation();
  const { q } = useAtomValue(addressAtom);
  const refusal = useAtomValue(refusalAtom);
  const [text, setText] = useState(q);
  // Back/Forward or a saved search from the drawer change q under the box: the box follows (without remounting,
  // so the focus stays in the box after Enter).
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }
  const [helpOpen, setHelpOpen] = useState(false);
  const [undo, setUndo] = useAtom(searchUndoAtom);
  const canUndo = undo !== null && undo.after === q;
  // a submit while a long query is still being checked goes once its check is in (and only if it passes)
  const [pendingSubmit, setPendingSubmit] = useState(false);
  // the check and the suggestions: null until their chunk is in; a failed load lets a submit go unchecked (the server
  // still checks it, and its refusal shows under the box) rather than keep it waiting
  const [assist, setAssist] = useState(loadedSearchAssist);
  const [assistFailed, setAssistFailed] = useState(false);
  const wantAssist = useCallback(() => {
    if (assist) return;
    loadSearchAssist().then(
      (a) => {
        setAssist(() => a);
        setAssistFailed(false);
      },
      () => setAssistFailed(true),
    );
  }, [assist]);
  useEffect(() => {
    if (assist) return;
    // prefetched once the first rows are on screen; the box takes it when it arrives
    whenStarted(() => loadSearchAssist().then((a) => setAssist(() => a), () => {}));
  }, [assist]);
  const pending = useRef<string | null>(null);
  const [tried, setTried] = useState(false);
  // the suggestions: where the caret is, whether the list is open and which option is active (-1: none)
  const [caret, setCaret] = useState(0);
  const [listOpen, setListOpen] = useState(false);
  const [activeOption, setActiveOption] = useState(-1);
  const [used, setUsed] = useState(false);
  const nextCaret = useRef<number | null>(null);
  const listId = useId();
  const { recent, add: addRecentSearch, remove: removeRecentSearch } = useRecentSearches();
  const options = useSearchOptions(text, caret, listOpen, used, recent, assist);
  const expanded = assist !== null && listOpen && options.length > 0;
  const active = expanded && activeOption < options.length ? activeOption : -1;
  // after a suggestion is taken, the caret goes where the suggestion says (once the new text is in the input)
  useLayoutEffect(() => {
    if (nextCaret.current === null) return;
    searchRef.current?.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  });

  const search = useCallback(
    (next: string) => {
      const query = searchWithQ(location.search, next);
      if (next.trim()) addRecentSearch(next);
      if (query === location.search || (query === '' && location.search === '')) return;
      clearSelection(store);
      navigate(`${location.pathname.replace(import.meta.env.BASE_URL.replace(/\/$/, ''), '')}${query}${location.hash}`);
    },
    [store, navigate, addRecentSearch],
  );
  const check: QueryCheck | null = useQueryCheck(text, assist);
  // a submit that waited for its check (a long query, or the check's code still on its way) goes once the check is
  // in, and only if it passes
  useEffect(() => {
    const waiting = pending.current;
    if (!pendingSubmit || waiting === null) return;
    if (check === null && !assistFailed) return;
    if (check !== null && waiting !== text) return;
    pending.current = null;
    setPendingSubmit(false);
    if (check === null || check.sendable) search(waiting.trim());
  }, [pendingSubmit, check, text, assistFailed, search]);
  const messageId = useId();
  const errors = check?.issues.filter((i) => i.severity === 'error') ?? [];
  const warnings = check?.issues.filter((i) => i.severity === 'warning') ?? [];
  const invalid = errors.length > 0;

  /** Sends the box's query when it can be: never a query with an error in it. */
  const trySend = () => {
    setTried(true);
    if (check === null && !assistFailed) {
      pending.current = text;
      setPendingSubmit(true);
      return;
    }
    if (check === null || check.sendable) search(text.trim());
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setListOpen(false);
    trySend();
  };

  /** Takes an option: a suggestion goes into the text at the caret; a recent or saved search is run at once. */
  const pick = (i: number) => {
    const o = options[i];
    if (!o) return;
    setActiveOption(-1);
    if (o.kind === 'suggestion') {
      const next = assist!.applySuggestion(text, o.s);
      setText(next.text);
      setCaret(next.caret);
      nextCaret.current = next.caret;
      setTried(false);
      return;
    }
    setText(o.q);
    setListOpen(false);
    search(o.q);
  };
  const removeOption = (i: number) => {
    const o = options[i];
    if (!o || o.kind === 'suggestion') return;
    if (o.kind === 'recent') removeRecentSearch(o.q);
    else void savedSearchCommands.remove(t('DeleteSearchNamed', { text: o.text }), o.text);
    // the next option (or the last) becomes the active one
    setActiveOption(Math.min(i, options.length - 2));
  };
  const onListKeys = (e: KeyboardEvent<HTMLInputElement>): boolean => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!listOpen) {
        setListOpen(true);
        setActiveOption(e.key === 'ArrowDown' ? 0 : options.length - 1);
        return true;
      }
      if (options.length === 0) return true;
      const n = options.length;
      setActiveOption(e.key === 'ArrowDown' ? (active + 1) % n : active <= 0 ? n - 1 : active - 1);
      return true;
    }
    if (!expanded) return false;
    if ((e.key === 'Enter' || e.key === 'Tab') && active >= 0 && !e.shiftKey) {
      e.preventDefault();
      pick(active);
      return true;
    }
    if (e.key === 'Delete' && active >= 0 && options[active]!.kind !== 'suggestion') {
      e.preventDefault();
      removeOption(active);
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setListOpen(false);
      setActiveOption(-1);
      return true;
    }
    return false;
  };
  const followCaret = (el: HTMLInputElement) => {
    const at = el.selectionStart ?? el.value.length;
    if (at !== caret) {
      setCaret(at);
      setActiveOption(-1);
    }
  };
  const saveSearch = (value: string) => {
    if (value) void savedSearchCommands.save(t('SaveSearch'), { text: value, q: value });
  };
  const showRefusal = refusal !== null && q !== '' && text.trim() === q && !invalid;

  return (
    <div className="relative flex min-w-0 flex-[1_1_16rem] flex-col">
      <form role="search" onSubmit={submit} className={`flex min-w-0 items-center rounded bg-white/15 px-2 focus-within:bg-white/25 ${invalid ? 'ring-2 ring-red-300' : ''}`}>
        <Icon name="search" size={18} className="shrink-0 opacity-80" />
        <input
          ref={searchRef}
          type="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          aria-autocomplete="list"
          aria-invalid={invalid}
          aria-describedby={invalid || warnings.length > 0 || showRefusal || (pendingSubmit && check === null) ? messageId : undefined}
          value={text}
          dir="auto"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart ?? e.target.value.length);
            setListOpen(true);
            setActiveOption(-1);
            setTried(false);
            pending.current = null;
            setPendingSubmit(false);
          }}
          onPointerDown={wantAssist}
          onFocus={(e) => {
            wantAssist();
            setUsed(true);
            if (used) refreshSuggestions();
            setCaret(e.target.selectionStart ?? e.target.value.length);
            setListOpen(true);
          }}
          onSelect={(e) => followCaret(e.currentTarget)}
          onBlur={() => {
            setListOpen(false);
            setActiveOption(-1);
            // Like the old console, leaving the box submits a changed search (one that passes the check).
            if (text.trim() === q) return;
            if (check?.sendable) search(text.trim());
            else if (check === null && !pendingSubmit) {
              // its check is not in yet: the search goes once it is (and passes)
              pending.current = text;
              setPendingSubmit(true);
            }
          }}
          onKeyDown={(e) => {
            wantAssist();
            if (onListKeys(e)) return;
            // Escape abandons an edit (back to the search in force). The browser's own Escape-clears-the-box is
            // prevented: with submit-on-blur it would silently drop the search on the next click elsewhere.
            if (e.key === 'Escape') {
              e.preventDefault();
              if (text !== q) {
                e.stopPropagation();
                setText(q);
              }
            }
          }}
          aria-label={t('Search')}
          placeholder={t('Search')}
          className="min-w-0 flex-1 appearance-none bg-transparent px-2 py-1.5 text-white placeholder:text-white/70 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {text && (
          <IconButton
            icon="close"
            label={t('ClearSearch')}
            size={18}
            className="h-8 w-8 text-white"
            onClick={() => {
              setText('');
              pending.current = null;
              setPendingSubmit(false);
              search('');
              searchRef.current?.focus();
              // the input still held the old text when it took the focus: its caret is at the start now
              setCaret(0);
            }}
          />
        )}
        {canUndo && (
          <IconButton
            icon="undo"
            label={t('UndoSearch')}
            size={18}
            className="h-8 w-8 text-white"
            onClick={() => {
              setUndo(null);
              setText(undo.before);
              pending.current = null;
              setPendingSubmit(false);
              search(undo.before);
            }}
          />
        )}
        <IconButton icon="help" label={t('QuerySyntaxHelp')} size={18} className="h-8 w-8 text-white" onClick={() => setHelpOpen(true)} />
        <IconButton icon="pin" label={t('SaveSearch')} size={18} className="h-8 w-8 text-white" disabled={!text.trim() || invalid} onClick={() => saveSearch(text.trim())} />
      </form>
      <div id={messageId} aria-live="polite" className="min-w-0">
        {(invalid || warnings.length > 0 || showRefusal || (pendingSubmit && check === null)) && (
          <div className="mt-1 max-h-40 overflow-auto rounded bg-white px-2 py-1 text-sm text-gray-900 shadow dark:bg-gray-800 dark:text-gray-100">
            {check === null && <p>{t('QueryChecking')}</p>}
            {assist && (invalid || warnings.length > 0) && (
              <ul className="space-y-0.5">
                {[...errors.slice(0, 3), ...warnings.slice(0, 3)].map((i) => (
                  <assist.IssueLine key={`${i.code}-${i.from}`} text={text} issue={i} />
                ))}
              </ul>
            )}
            {invalid && tried && <p className="font-semibold text-red-800 dark:text-red-300">{t('QueryNotSent')}</p>}
            {invalid && check?.fix && (
              <button type="button" className="mt-0.5 text-left underline underline-offset-2" onClick={() => setText(check.fix!)}>
                {t('QueryUseFix', { query: check.fix })}
              </button>
            )}
            {showRefusal && <p className="text-red-800 dark:text-red-300">{t('QueryServerRefused', { message: refusal })}</p>}
          </div>
        )}
      </div>
      {expanded && <assist.OptionList id={listId} options={options} active={active} onPick={pick} onRemove={removeOption} />}
      <span role="status" className="sr-only">
        {listOpen && text.trim() !== '' ? t('SuggestionsShown', { count: options.length }) : ''}
      </span>
      <WhenShown shown={helpOpen}>
        <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      </WhenShown>
    </div>
  );
}
