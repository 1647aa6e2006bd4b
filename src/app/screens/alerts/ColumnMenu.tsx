// The column menu at the end of the alert table's header: which configured columns are not shown (no room at this
// width, or empty on this page) and where their values are, and the choice between fitting the columns to the
// window and showing every column with the table scrolling sideways (docs/layout.md). Its popover's code loads on
// the first press (deferred.tsx).
import { lazy } from 'react';
import { useT } from '../../state/i18n.ts';
import { Icon } from '../../components/Icon.tsx';
import { DeferredButton } from '../../components/deferred.tsx';

const ColumnMenuPanel = lazy(() => import('./ColumnMenuPanel.tsx'));

export interface ColumnMenuProps {
  /** labels of the columns left out for want of room */
  hidden: string[];
  /** labels of the columns left out because no row of the page has a value there */
  empty: string[];
  touch: boolean;
}

/** The button's accessible name, its tooltip and what it shows. */
export function columnMenuButton({ hidden, touch }: Pick<ColumnMenuProps, 'hidden' | 'touch'>, t: ReturnType<typeof useT>['t']) {
  const label = hidden.length > 0 ? t('ColumnsNotShownCount', { count: hidden.length }) : t('ColumnsMenu');
  const className = `relative inline-flex shrink-0 items-center justify-center rounded hover:bg-black/5 dark:hover:bg-white/10 ${touch ? 'h-11 w-11' : 'h-7 w-8'}`;
  const content = (
    <>
      <Icon name="columns" size={touch ? 22 : 18} />
      {hidden.length > 0 && (
        <span aria-hidden="true" className="absolute right-0 top-0 min-w-4 rounded-full bg-brand px-1 text-center text-[10px] font-bold leading-4 text-white">
          {hidden.length}
        </span>
      )}
    </>
  );
  return { label, className, content };
}

export function ColumnMenu(props: ColumnMenuProps) {
  const { t } = useT();
  const { label, className, content } = columnMenuButton(props, t);
  return (
    <DeferredButton popup="dialog" aria-label={label} title={label} className={className} render={(activation) => <ColumnMenuPanel {...props} activation={activation} />}>
      {content}
    </DeferredButton>
  );
}
