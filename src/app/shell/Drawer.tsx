import { lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation, useSearch } from 'wouter';
import { drawerEntries, type DrawerEntry } from '../../core/routes.ts';
import type { SavedQuery } from '../../core/types.ts';
import { configAtom, permsAtom } from '../state/session.ts';
import { savedQueriesAtom } from '../state/user.ts';
import { useT } from '../state/i18n.ts';
import { savedSearchCommands } from '../data/account.ts';
import { Icon, type IconName } from '../components/Icon.tsx';
import { IconButton } from '../components/Button.tsx';
import type { MessageKey } from '../i18n/index.ts';
import { preloadScreen } from './routes.ts';
import { WhenShown } from '../components/deferred.tsx';
import { startedAtom } from '../startup.ts';

// The install offer waits for the first rows: its code loads then.
const InstallMenuItem = lazy(() => import('../pwa/InstallEntry.tsx').then((m) => ({ default: m.InstallMenuItem })));

const ICONS: Record<string, IconName> = {
  alerts: 'list',
  heartbeats: 'heartbeat',
  users: 'person',
  groups: 'group',
  customers: 'business',
  blackouts: 'block',
  perms: 'shield',
  keys: 'key',
  reports: 'chart',
  profile: 'person',
  settings: 'settings',
  help: 'help',
  about: 'info',
};

/** The drawer's entries for the current user, config and saved searches (rules in src/core/routes.ts). */
export function useDrawerEntries(): DrawerEntry[] {
  const config = useAtomValue(configAtom);
  const { ctx } = useAtomValue(permsAtom);
  const queries = useAtomValue(savedQueriesAtom);
  return useMemo(
    () =>
      drawerEntries({
        ...ctx,
        provider: config?.provider ?? 'basic',
        customerViews: config?.customer_views ?? false,
        savedQueryCount: queries.length,
      }),
    [config, ctx, queries.length],
  );
}

const itemClass = (active: boolean, rail = false) =>
  `flex min-h-10 w-full items-center rounded-md py-2 text-sm font-medium ${rail ? 'justify-center px-0' : 'gap-4 px-3'} ${
    active
      ? 'bg-indigo-100 text-indigo-950 dark:bg-indigo-900/70 dark:text-white'
      : 'text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800'
  }`;

/**
 * The saved searches: a group that unfolds in the drawer, or, on the rail, a button whose list opens beside it (one
 * click away on the alerts screen, where they are used).
 */
function SavedSearches({ onNavigate, rail }: { onNavigate: () => void; rail: boolean }) {
  const { t } = useT();
  const queries = useAtomValue(savedQueriesAtom);
  const [location] = useLocation();
  const search = useSearch();
  const [open, setOpen] = useState(!rail);
  const ref = useRef<HTMLLIElement>(null);
  const currentQ = location === '/alerts' ? new URLSearchParams(search).get('q') : null;

  // The rail's list closes when the pointer or the focus goes elsewhere, or on Escape.
  useEffect(() => {
    if (!rail || !open) return;
    const outside = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      ref.current?.querySelector('button')?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [rail, open]);

  const remove = (query: SavedQuery) => savedSearchCommands.remove(t('DeleteSearchNamed', { text: query.text }), query.text);
  const done = () => {
    if (rail) setOpen(false);
    onNavigate();
  };

  return (
    <li ref={ref} className={rail ? 'relative' : undefined}>
      <button
        type="button"
        className={itemClass(rail && open, rail)}
        aria-expanded={open}
        aria-controls="drawer-searches"
        aria-label={rail ? t('Searches') : undefined}
        title={rail ? t('Searches') : undefined}
        onClick={() => setOpen(!open)}
      >
        <Icon name="search" />
        {!rail && (
          <>
            <span className="flex-1 text-left">{t('Searches')}</span>
            <Icon name={open ? 'expandLess' : 'expandMore'} />
          </>
        )}
      </button>
      {open && (
        <ul
          id="drawer-searches"
          aria-label={rail ? t('Searches') : undefined}
          className={
            rail
              ? 'absolute left-full top-0 z-50 ml-1 w-72 rounded-md bg-white p-2 shadow-lg ring-1 ring-black/10 dark:bg-gray-900 dark:ring-white/10'
              : 'ml-4 border-l border-gray-200 pl-2 dark:border-gray-700'
          }
        >
          {queries.map((q) => (
            <li key={q.text} className="flex items-center gap-1">
              <Link
                href={`/alerts?q=${encodeURIComponent(q.q)}`}
                onClick={done}
                className={`${itemClass(currentQ === q.q)} min-w-0 flex-1`}
                aria-current={currentQ === q.q ? 'page' : undefined}
                title={q.q}
              >
                <span className="truncate">{q.text}</span>
              </Link>
              <IconButton icon="delete" size={18} label={t('DeleteSearchNamed', { text: q.text })} onClick={() => void remove(q)} className="shrink-0 text-gray-600 dark:text-gray-300" />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The navigation list; `onNavigate` closes the modal drawer on small screens. As a `rail` (the alerts screen on
 * laptops) it shows the icons only, each named for screen readers and in a tooltip; saved searches open beside it.
 */
export function DrawerNav({ onNavigate, rail = false }: { onNavigate: () => void; rail?: boolean }) {
  const { t } = useT();
  const entries = useDrawerEntries();
  const [location] = useLocation();
  const search = useSearch();
  const onSavedSearch = location === '/alerts' && new URLSearchParams(search).has('q');
  const started = useAtomValue(startedAtom);

  return (
    <nav aria-label={t('MainNavigation')} className={rail ? 'px-1 py-2' : 'p-2'}>
      <ul className="flex flex-col gap-0.5">
        {entries.map((entry, i) => {
          if (entry.kind === 'divider') return <li key={`d${i}`} aria-hidden="true" className="my-2 border-t border-gray-200 dark:border-gray-700" />;
          if (entry.kind === 'searches') return <SavedSearches key="searches" onNavigate={onNavigate} rail={rail} />;
          const label = t(entry.titleKey as MessageKey);
          if (entry.external)
            return (
              <li key={entry.name}>
                <a href={entry.path} target="_blank" rel="noopener noreferrer" className={itemClass(false, rail)} onClick={onNavigate} title={rail ? label : undefined}>
                  <Icon name={ICONS[entry.name] ?? 'openInNew'} />
                  <span className={rail ? 'sr-only' : 'flex-1'}>{label}</span>
                  {!rail && <Icon name="openInNew" size={16} label={t('OpensInNewTab')} />}
                </a>
              </li>
            );
          const active = location === entry.path || (entry.name === 'alerts' && location.startsWith('/alert/')) || (entry.name === 'alerts' && location === '/alerts' && !onSavedSearch);
          const current = entry.name === 'alerts' ? location === '/alerts' && !onSavedSearch : location === entry.path;
          return (
            <li key={entry.name}>
              <Link
                href={entry.path}
                className={itemClass(active && (entry.name !== 'alerts' || !onSavedSearch), rail)}
                aria-current={current ? 'page' : undefined}
                title={rail ? label : undefined}
                onClick={onNavigate}
                onMouseEnter={() => preloadScreen(entry.name)}
                onFocus={() => preloadScreen(entry.name)}
              >
                <Icon name={ICONS[entry.name] ?? 'list'} />
                <span className={rail ? 'sr-only' : undefined}>{label}</span>
              </Link>
            </li>
          );
        })}
        {/* With the rail, the top bar offers the installation. */}
        {!rail && (
          <WhenShown shown={started}>
            <InstallMenuItem onDone={onNavigate} />
          </WhenShown>
        )}
      </ul>
    </nav>
  );
}
