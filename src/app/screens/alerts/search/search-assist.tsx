// What the search box needs once it is used, a chunk of its own off the path to the first rows
// (src/app/screens/alerts/search/search-assist-loader.ts loads it): the query check with the grammar the real server uses
// (src/core/query-check.ts) and how its issues read, and the suggestions (src/core/query-suggest.ts) with their list.
import { useEffect, useRef } from 'react';
import { caretColumn, checkQuery, issueMessage, SYNC_CHECK_MAX, type QueryIssue } from '../../../../core/query-check.ts';
import { applySuggestion, suggest, withRows, type Suggestion } from '../../../../core/query-suggest.ts';
import { useT } from '../../../state/i18n.ts';
import { Icon } from '../../../components/Icon.tsx';

/** One entry of the search box's list: a suggestion, a recent search or a saved one. */
export type SearchOption =
  | { kind: 'suggestion'; s: Suggestion }
  | { kind: 'recent'; q: string }
  | { kind: 'saved'; q: string; text: string };

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

export const searchAssist = { checkQuery, SYNC_CHECK_MAX, suggest, withRows, applySuggestion, IssueLine, OptionList };
export type SearchAssist = typeof searchAssist;
