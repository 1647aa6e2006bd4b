// The alerts search box: the query is checked as it is typed with the grammar the real server uses
// (src/core/query-check.ts); an error says what is wrong and where, and keeps the query from being sent; warnings
// are shown and the query goes. A query the server still refuses shows the server's own message under the box.
// The input is an ARIA 1.2 combobox, ready for a suggestions listbox.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useAtomValue, useStore } from 'jotai';
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

function IssueLine({ text, issue }: { text: string; issue: QueryIssue }) {
  const { t } = useT();
  const { key, values } = issueMessage(issue);
  const error = issue.severity === 'error';
  return (
    <li className="flex flex-wrap items-baseline gap-x-2">
      <Icon name={error ? 'error' : 'warning'} size={14} className={`shrink-0 self-center ${error ? 'text-red-700 dark:text-red-300' : 'text-amber-700 dark:text-amber-300'}`} />
      <span className="font-semibold">{t('QueryAtColumn', { column: caretColumn(text, issue.from) })}</span>
      <span>{t(key as never, values)}</span>
      <Excerpt text={text} issue={issue} />
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
  // a submit while a long query is still being checked goes once its check is in (and only if it passes)
  const [pendingSubmit, setPendingSubmit] = useState(false);
  const pending = useRef<string | null>(null);
  const [tried, setTried] = useState(false);

  const search = useCallback(
    (next: string) => {
      const query = searchWithQ(location.search, next);
      if (query === location.search || (query === '' && location.search === '')) return;
      clearSelection(store);
      navigate(`${location.pathname.replace(import.meta.env.BASE_URL.replace(/\/$/, ''), '')}${query}${location.hash}`);
    },
    [store, navigate],
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
    trySend();
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
          aria-expanded="false"
          aria-autocomplete="list"
          aria-invalid={invalid}
          aria-describedby={invalid || warnings.length > 0 || showRefusal ? messageId : undefined}
          value={text}
          dir="auto"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value);
            setTried(false);
            pending.current = null;
            setPendingSubmit(false);
          }}
          onBlur={() => {
            // Like the old console, leaving the box submits a changed search (one that passes the check).
            if (text.trim() !== q && check?.sendable) search(text.trim());
          }}
          onKeyDown={(e) => {
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
      <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
