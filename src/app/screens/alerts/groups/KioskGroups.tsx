// The wall display of a grouped list: one tile per group, worst severity and largest first, coloured like a row of its
// worst severity, sized so the tiles fill the screen without scrolling and readable from across a room. When more
// groups exist than fit, the last tile says how many more there are.
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { rowColors } from '../../../../core/row-colors.ts';
import { groupAtom, groupOrderAtom } from '../../../state/groups.ts';
import type { RowContext } from '../../../state/alerts-screen.ts';
import { observeSize } from '../../../hooks/observe-size.ts';
import { cachedDate } from '../rows/AlertCells.tsx';
import { StatusCounts } from './GroupedList.tsx';
import { groupLine, groupName } from './group-labels.ts';
import { severityLabel } from '../../../i18n/labels.ts';

/** The smallest tile that stays readable from a few metres: its text scales with the screen (see the classes). */
const MIN_TILE_WIDTH = 300;
const MIN_TILE_HEIGHT = 170;
const GAP = 12;

/** How many tiles of at least MIN_TILE_WIDTH × MIN_TILE_HEIGHT fit the area, as columns × rows. */
export function tileGrid(width: number, height: number): { columns: number; rows: number } {
  const columns = Math.max(1, Math.floor((width + GAP) / (MIN_TILE_WIDTH + GAP)));
  const rows = Math.max(1, Math.floor((height + GAP) / (MIN_TILE_HEIGHT + GAP)));
  return { columns, rows };
}

export default function KioskGroups({ ctx }: { ctx: RowContext }) {
  const order = useAtomValue(groupOrderAtom);
  const ref = useRef<HTMLDivElement>(null);
  const [grid, setGrid] = useState({ columns: 4, rows: 3 });
  useLayoutEffect(() => {
    const el = ref.current?.parentElement;
    if (!el) return;
    return observeSize(el, () => {
      const next = tileGrid(el.clientWidth - 2 * GAP, el.clientHeight - 2 * GAP);
      setGrid((prev) => (prev.columns === next.columns && prev.rows === next.rows ? prev : next));
    });
  }, []);
  const capacity = grid.columns * grid.rows;
  const overflow = order.length > capacity;
  const shown = overflow ? order.slice(0, capacity - 1) : order;
  const { t } = ctx;
  return (
    <div
      ref={ref}
      role="list"
      aria-label={t('GroupsCount', { count: order.length })}
      className="grid h-full gap-3 p-3"
      style={{ gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${grid.rows}, minmax(0, 1fr))` }}
    >
      {shown.map((key) => (
        <GroupTile key={key} groupKey={key} ctx={ctx} />
      ))}
      {overflow && (
        <div role="listitem" className="flex items-center justify-center rounded-xl border-4 border-dashed border-gray-400 p-3 text-center text-[clamp(1.25rem,2.2vw,2.5rem)] font-bold text-gray-700 dark:text-gray-200">
          {t('GroupMoreTiles', { count: order.length - shown.length })}
        </div>
      )}
    </div>
  );
}

const GroupTile = memo(function GroupTile({ groupKey, ctx }: { groupKey: string; ctx: RowContext }) {
  const group = useAtomValue(groupAtom(groupKey));
  if (!group) return <div role="listitem" />;
  const { t } = ctx;
  // Always filled with the severity's colour: a wall display is read at a glance, from afar.
  const colours = rowColors(group.severity, ctx.config, { style: 'filled', dark: ctx.dark });
  return (
    <div
      role="listitem"
      aria-label={groupLine(group, t)}
      data-group-key={groupKey}
      data-severity={group.severity}
      className="flex min-h-0 min-w-0 flex-col justify-between overflow-hidden rounded-xl p-[clamp(0.5rem,1vw,1.25rem)] shadow-md"
      style={{ backgroundColor: colours.background, color: colours.text, boxShadow: colours.stripe ? `inset 10px 0 0 ${colours.stripe}` : undefined }}
    >
      <div className="flex items-center gap-3">
        <span className="truncate text-[clamp(0.8rem,1.1vw,1.4rem)] font-bold uppercase tracking-wide opacity-90">{severityLabel(group.severity, t)}</span>
        {group.grown > 0 && (
          <span className="ml-auto shrink-0 rounded-full bg-gray-900 px-3 text-[clamp(0.8rem,1.1vw,1.4rem)] font-bold text-white">{t('GroupGrown', { count: group.grown })}</span>
        )}
      </div>
      <p className="line-clamp-2 min-h-0 break-words text-[clamp(1.2rem,1.9vw,2.5rem)] font-bold leading-tight" title={groupName(group.key, t)}>
        {groupName(group.key, t)}
      </p>
      <div className="flex items-end justify-between gap-3">
        <span className="text-[clamp(1.8rem,3.2vw,4rem)] font-black leading-none tabular-nums">{group.count}</span>
        <span className="min-w-0 text-right text-[clamp(0.8rem,1vw,1.3rem)] leading-snug">
          <StatusCounts group={group} t={t} className="block truncate" />
          {group.lastReceiveTime && <time dateTime={group.lastReceiveTime} className="block truncate">{cachedDate(group.lastReceiveTime, ctx.mediumDate, ctx.timezone, ctx.locale)}</time>}
        </span>
      </div>
    </div>
  );
});
