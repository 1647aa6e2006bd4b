// The list area of the alerts screen, one state at a time: loading, nothing to show (or a search that found
// nothing), the rows (a table, or cards on a phone), and above them the kiosk's "sign-in required" notice.
import { lazy, Suspense, useDeferredValue, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { emptyStateOf } from '../../../core/alerts-location.ts';
import { metaAtom, orderAtom } from '../../state/alerts.ts';
import { addressAtom, rowContextAtom, signInRequiredAtom, viewAtom } from '../../state/alerts-screen.ts';
import { groupFieldAtom, groupOrderAtom } from '../../state/groups.ts';
import { useT } from '../../state/i18n.ts';
import { Icon } from '../../components/Icon.tsx';
import { AlertTable } from './table/AlertTable.tsx';
import { TableFontProbes } from './table/TableFontProbes.tsx';
import { observeSize } from '../../hooks/observe-size.ts';
import { useLaterPass } from '../../hooks/useLaterPass.ts';
import { useKeepRowFocus } from './rows/row-keyboard.ts';
import type { RowAnchor } from './rows/row-window.ts';
import { listShown } from '../../startup.ts';
import { PHONE_QUERY } from '../../hooks/useMediaQuery.ts';

// The phone's cards are a chunk of their own, off a wider screen's way to its first rows. On a phone it is asked for
// as this module runs (with the list's chunk, before the first data), so the cards wait for no extra round trip.
const loadCards = () => import('./cards/AlertCards.tsx');
if (typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches) void loadCards().catch(() => undefined);
const AlertCards = lazy(() => loadCards().then((m) => ({ default: m.AlertCards })));

const emptyPageAtom = selectAtom(orderAtom, (o) => o.length === 0);
const noGroupsAtom = selectAtom(groupOrderAtom, (o) => o.length === 0);
const loadingAtom = selectAtom(metaAtom, (m) => m.freshness === 'loading');
const answeredAtom = selectAtom(metaAtom, (m) => m.updatedAt !== null);
const failedAtom = selectAtom(metaAtom, (m) => m.error !== null);

// A grouped list loads its code with the first grouping: a list that is never grouped never downloads it.
const GroupedTable = lazy(() => import('./groups/GroupedList.tsx'));
const GroupedCards = lazy(() => import('./groups/GroupedList.tsx').then((m) => ({ default: m.GroupedCards })));
const KioskGroups = lazy(() => import('./groups/KioskGroups.tsx'));

/**
 * The list's inner width for the table, kept current as it resizes. Read here, where the list element exists before
 * the first rows (while loading): read in the table's first commit, it would make the browser lay out the 200 new
 * rows on the spot, in one long task with their rendering. The list keeps its scrollbar's gutter, so the rows arriving
 * do not change it. The phone's cards need no width: nothing is read for them (a read lays out the page just
 * committed), but a resize is followed, so that a table replacing them (a turned tablet) starts at its width.
 */
function useInnerWidth(ref: RefObject<HTMLElement | null>, wanted: boolean): number {
  const [width, setWidth] = useState(1200);
  const known = useRef(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => {
      if (!el.clientWidth) return;
      known.current = true;
      setWidth(el.clientWidth);
    };
    if (wanted && !known.current) read();
    // The observer reports once as it starts (after layout, nothing forced): on a phone that is not a resize.
    let started = wanted;
    return observeSize(el, () => {
      if (started) read();
      started = true;
    });
  }, [ref, wanted]);
  return width;
}

export function AlertList({ phone: phoneNow, onOpen }: { phone: boolean; onOpen: (id: string) => void }) {
  const { t } = useT();
  // Crossing the phone width swaps the table and the cards: rendered as a transition (in slices, interruptible), so
  // the resize or the turn of a tablet costs no long task.
  const phone = useDeferredValue(phoneNow);
  const grouped = useAtomValue(groupFieldAtom) !== null;
  const kiosk = useAtomValue(addressAtom).kiosk;
  // A grouped list is empty without groups: its open groups' rows may be none while groups are there.
  const empty = useAtomValue(grouped ? noGroupsAtom : emptyPageAtom);
  const loading = useAtomValue(loadingAtom);
  const answered = useAtomValue(answeredAtom);
  const failed = useAtomValue(failedAtom);
  const signInRequired = useAtomValue(signInRequiredAtom);
  const view = useAtomValue(viewAtom);
  const ctx = useAtomValue(rowContextAtom);
  // The list scrolls here (both ways for the table); the rows rendered follow this element's scroll position.
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useInnerWidth(scrollRef, !phone);
  const anchorRef: RowAnchor = useRef<number | null>(null);
  // The rows come one commit after the list itself, even when the first snapshot is already there as the screen
  // mounts (it can arrive before the screen's deferred first pass, and both then render as one): the list's width is
  // read while it holds no rows, and the rows' commit forces no layout of them (a long task before the first row).
  const mounted = useLaterPass();

  // The first rows (or the word that there are none) are what the start-up waits for: the service worker, the badge
  // and the install offer come once they are painted (src/app/startup.ts).
  const shown = mounted && !loading && (empty || ctx !== null);
  useEffect(() => {
    if (shown) listShown();
  }, [shown]);

  let body;
  if (empty || !mounted) {
    const state = emptyStateOf(view, { answered, failed });
    body = loading || !mounted ? (
      <p className="p-8 text-center text-gray-500 dark:text-gray-400">{t('Loading')}</p>
    ) : (
      <p role="status" className="p-8 text-center text-gray-600 dark:text-gray-300">
        {state.kind === 'unanswered' ? t('AlertsNotLoaded') : state.kind === 'search' ? t('SearchNoResults', { query: state.query }) : t('NoDisplay')}
      </p>
    );
  } else if (ctx && grouped) {
    body = (
      <Suspense fallback={<p className="p-8 text-center text-gray-500 dark:text-gray-400">{t('Loading')}</p>}>
        {kiosk ? (
          <KioskGroups ctx={ctx} />
        ) : phone ? (
          <GroupedCards ctx={ctx} onOpen={onOpen} scrollRef={scrollRef} anchorRef={anchorRef} />
        ) : (
          <GroupedTable ctx={ctx} onOpen={onOpen} scrollRef={scrollRef} width={width} anchorRef={anchorRef} />
        )}
      </Suspense>
    );
  } else if (ctx) {
    body = phone ? (
      <Suspense fallback={null}>
        <AlertCards ctx={ctx} onOpen={onOpen} scrollRef={scrollRef} anchorRef={anchorRef} />
      </Suspense>
    ) : (
      <AlertTable ctx={ctx} onOpen={onOpen} scrollRef={scrollRef} width={width} anchorRef={anchorRef} />
    );
  }

  return (
    <>
      {signInRequired && (
        <div role="alert" className="flex items-center gap-3 bg-amber-100 px-4 py-2 text-amber-950 dark:bg-amber-900 dark:text-amber-50">
          <Icon name="warning" />
          <span className="font-semibold">{t('SignInRequired')}</span>
          <span>{t('AlertsKioskShowingLast')}</span>
        </div>
      )}
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-auto [scrollbar-gutter:stable]" data-alert-list="">
        {/* The table's fonts are read while the list loads, so that its first rows show at their columns' widths. */}
        {!phone && <TableFontProbes />}
        {body}
      </div>
      {/* The place in the list and the keyboard focus outlive a change of layout (rows of one or two lines, table and
          cards): the place through the anchor the table or the cards record as they scroll (row-window.ts). */}
      <KeepRowFocus container={scrollRef} layout={phone} />
    </>
  );
}

/** useKeepRowFocus in a component of its own: it follows the list's order (the page's, or the grouped list's lines), which the list itself need not. */
function KeepRowFocus({ container, layout }: { container: RefObject<HTMLElement | null>; layout: boolean }) {
  useKeepRowFocus(container, layout);
  return null;
}
