// The column menu at the end of the alert table's header: which configured columns are not shown (no room at this
// width, or empty on this page) and where their values are, and the choice between fitting the columns to the
// window and showing every column with the table scrolling sideways (docs/layout.md). Its popover's code loads on
// the first press (deferred.tsx).
import { lazy } from 'react';
import { useT } from '../../../state/i18n.ts';
import { DeferredButton } from '../../../components/deferred.tsx';
import { columnMenuButton, type ColumnMenuProps } from './column-menu-button.tsx';

const ColumnMenuPanel = lazy(() => import('./ColumnMenuPanel.tsx'));

export function ColumnMenu(props: ColumnMenuProps) {
  const { t } = useT();
  const { label, className, content } = columnMenuButton(props, t);
  return (
    <DeferredButton popup="dialog" aria-label={label} title={label} className={className} render={(activation) => <ColumnMenuPanel {...props} activation={activation} />}>
      {content}
    </DeferredButton>
  );
}
