// The alerts search box: the query is checked as it is typed with the grammar the real server uses
// (src/core/query-check.ts); an error says what is wrong and where, and keeps the query from being sent; warnings
// are shown and the query goes. A query the server still refuses shows the server's own message under the box.
// The input is an ARIA 1.2 combobox: its listbox suggests fields, values with counts and operators for the word
// under the caret, and, in an empty box, the recent and saved searches (docs/search.md).
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useAtom, useAtomValue, useStore } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useLocation } from 'wouter';
import { searchWithQ } from '../../../core/alerts-location.ts';
import { caretColumn, issueMessage, type QueryCheck, type QueryIssue } from '../../../core/query-check.ts';
import { useT } from '../../state/i18n.ts';
import { metaAtom } from '../../state/alerts.ts';
import { addressAtom, clearSelection } from '../../state/alerts-screen.ts';
import { savedSearchCommands } from '../../data/account.ts';
import { IconButton } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { useQueryCheck } from './use-query-check.ts';
import { applySuggestion } from '../../../core/query-suggest.ts';
import { searchUndoAtom } from './value-filter.ts';
import { refreshSuggestions, useRecentSearches, useSearchOptions, type SearchOption } from './use-search-suggestions.ts';

/** The server's refusal of the search in force (a 400 with its reason), else null. */
const refusalAtom = selectAtom(metaAtom, (m) => (m.error && m.error.code === 400 ? (m.error.detail ?? m.error.message) : null));

/** The query around an issue, the offending part marked; long queries show 24 characters either side. */
function Excerpt({ text, issue }: { text: string; issue: QueryIssue }) {
  const from = Math.max(0, issue.from - 24);
  const to = Math.min(text.length, issue.to + 24);
  const marked = text.slice(issue.from, issue.to) || ' ';
  return (
    <code dir="ltr" className="whitespace-pre-wrap break-all rounded bg-black/5 px-1 font-mono text-xs dark:bg-white/10">
      {from > 0 && '…'}
      {text.slice(from, issue.from)}
      <mark className="rounded-sm bg-red-200 text-red-950 underline decoration-wavy dark:bg-red-800 dark:text-red-50">{marked}</mark>
      {text.slice(issue.to, to)}
      {to < text.length && '…'}
    </code>
  );
}

function IssueLine({ text, issue: found }: { text: string; issue: QueryIssue }) {
  const { t } = useT();
  const { key, values } = issueMessage(found);
  const error = found.severity === 'error';
  return (
    <li className="flex flex-wrap items-baseline gap-x-2">
      <Icon name={error ? 'error' : 'warning'} size={14} className={`shrink-0 self-center ${error ? 'text-red-700 dark:text-red-300' : 'text-amber-700 dark:text-amber-300'}`} />
      <span className="font-semibold">{t('QueryAtColumn', { column: caretColumn(text, found.from) })}</span>
      <span>{t(key as never, values)}</span>
      <Excerpt text={text} issue={found} />
    </li>
  );
}

function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const [doc, setDoc] = useState<string | null>(null);
  useEffect(() => {
    if (open && doc === null) void import('../../../../docs/search.md?raw').then((m: { default: string }) => setDoc(m.default));
  }, [open, doc]);
  return (
    <Dialog open={open} onClose={onClose} title={t('QuerySyntaxHelp')} size="lg">
      <pre dir="ltr" className="max-h-[70vh] overflow-auto whitespace-pre-wrap font-mono text-sm">
        {doc ?? '…'}
      </pre>
    </Dialog>
  );
}

const optionKey = (o: SearchOption) => (o.kind === 'suggestion' ? `s:${o.s.kind}:${o.s.field ?? ''}:${o.s.label}` : `${o.kind}:${o.q}`);

/** The combobox's listbox: one option per suggestion, the active one marked; a finger or a click takes one. */
function OptionList({
  id,
  options,
  active,
  onPick,
  onRemove,
}: {
  id: string;
  options: readonly SearchOption[];
  active: number;
  onPick: (i: number) => void;
  onRemove: (i: number) => void;
}) {
  const { t, formatNumber } = useT();
  const hintId = `${id}-hint`;
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (active >= 0) list.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const removable = options.some((o) => o.kind !== 'suggestion');
  return (
    <>
      <ul
        ref={list}
        id={id}
        role="listbox"
        aria-label={removable ? t('RecentSearches') : t('SearchSuggestions')}
        aria-describedby={removable ? hintId : undefined}
        className="absolute left-0 top-full z-40 mt-1 max-h-[min(24rem,60vh)] w-full min-w-[min(22rem,calc(100vw-1rem))] overflow-auto rounded bg-white py-1 text-sm text-gray-900 shadow-lg ring-1 ring-black/10 dark:bg-gray-800 dark:text-gray-100 dark:ring-white/15"
      >
        {options.map((o, i) => {
          const group = o.kind === 'recent' ? t('RecentSearch') : o.kind === 'saved' ? t('SavedSearch') : null;
          const first = group !== null && i > 0 && options[i - 1]!.kind !== o.kind;
          const selected = i === active;
          const label = o.kind === 'suggestion' ? o.s.label : o.kind === 'saved' ? o.text : o.q;
          const tag = o.kind === 'suggestion' ? (o.s.kind === 'value' ? o.s.field : o.s.kind === 'field' ? t('SuggestionField') : t('SuggestionOperator')) : group;
          return (
            <li
              key={optionKey(o)}
              id={`${id}-${i}`}
              role="option"
              aria-selected={selected}
              // the input keeps the focus: a press on an option must not blur it (that would send the search)
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => onPick(i)}
              className={`flex min-h-9 cursor-pointer items-center gap-2 px-3 py-1 pointer-coarse:min-h-11 ${selected ? 'bg-blue-100 dark:bg-blue-900/60' : 'hover:bg-gray-100 dark:hover:bg-gray-700'} ${first ? 'border-t border-gray-200 dark:border-gray-700' : ''}`}
            >
              {o.kind !== 'suggestion' && <Icon name={o.kind === 'recent' ? 'schedule' : 'pin'} size={16} className="shrink-0 opacity-60" />}
              <span dir="auto" className={`min-w-0 flex-1 truncate ${o.kind === 'suggestion' && o.s.kind !== 'value' ? 'font-mono' : ''}`}>
                {label}
              </span>
              {o.kind === 'saved' && o.text !== o.q && <span dir="ltr" className="hidden min-w-0 max-w-[40%] truncate font-mono text-xs opacity-60 sm:inline">{o.q}</span>}
              {tag && <span className="shrink-0 rounded bg-black/5 px-1.5 text-xs opacity-80 dark:bg-white/10">{tag}</span>}
              {o.kind === 'suggestion' && o.s.count !== null && (
                <span className="shrink-0 tabular-nums text-xs opacity-70">
                  <span aria-hidden="true">{formatNumber(o.s.count)}</span>
                  <span className="sr-only">{t('SuggestionCount', { count: o.s.count })}</span>
                </span>
              )}
              {o.kind !== 'suggestion' && (
                // Not in the tab order (an option's content is not for the keyboard): Delete removes the active one.
                <button
                  type="button"
                  tabIndex={-1}
                  aria-label={o.kind === 'saved' ? t('DeleteSearchNamed', { text: o.text }) : t('RemoveRecentSearch', { query: o.q })}
                  title={o.kind === 'saved' ? t('DeleteSearchNamed', { text: o.text }) : t('RemoveRecentSearch', { query: o.q })}
                  onPointerDown={(e) => e.preventDefault()}
                  onClick={(e) => {
                    e.stopPropagation();
                    onRemove(i);
                  }}
                  className="-mr-2 flex h-9 w-9 shrink-0 items-center justify-center rounded-full opacity-60 hover:bg-black/10 hover:opacity-100 pointer-coarse:h-11 pointer-coarse:w-11 dark:hover:bg-white/10"
                >
                  <Icon name="close" size={16} />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {removable && (
        <span id={hintId} className="sr-only">
          {t('SuggestionRemoveHint')}
        </span>
      )}
    </>
  );
}

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
  const options = useSearchOptions(text, caret, listOpen, used, recent);
  const expanded = listOpen && options.length > 0;
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
  const onLongCheck = useCallback(
    (checked: string, result: QueryCheck) => {
      if (pending.current !== checked) return;
      pending.current = null;
      setPendingSubmit(false);
      if (result.sendable) search(checked.trim());
    },
    [search],
  );
  const check: QueryCheck | null = useQueryCheck(text, onLongCheck);
  const messageId = useId();
  const errors = check?.issues.filter((i) => i.severity === 'error') ?? [];
  const warnings = check?.issues.filter((i) => i.severity === 'warning') ?? [];
  const invalid = errors.length > 0;

  /** Sends the box's query when it can be: never a query with an error in it. */
  const trySend = () => {
    setTried(true);
    if (check === null) {
      pending.current = text;
      setPendingSubmit(true);
      return;
    }
    if (check.sendable) search(text.trim());
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
      const next = applySuggestion(text, o.s);
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
          aria-describedby={invalid || warnings.length > 0 || showRefusal ? messageId : undefined}
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
          onFocus={(e) => {
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
            if (text.trim() !== q && check?.sendable) search(text.trim());
          }}
          onKeyDown={(e) => {
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
            {(invalid || warnings.length > 0) && (
              <ul className="space-y-0.5">
                {[...errors.slice(0, 3), ...warnings.slice(0, 3)].map((i) => (
                  <IssueLine key={`${i.code}-${i.from}`} text={text} issue={i} />
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
      {expanded && <OptionList id={listId} options={options} active={active} onPick={pick} onRemove={removeOption} />}
      <span role="status" className="sr-only">
        {listOpen && text.trim() !== '' ? t('SuggestionsShown', { count: options.length }) : ''}
      </span>
      <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
