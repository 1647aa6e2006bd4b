// What the column menu's button is, shared by the button shown before the menu's code has loaded (ColumnMenu.tsx) and
// the menu's own (ColumnMenuPanel.tsx).
import type { Translator } from '../../../i18n/index.ts';
import { Icon } from '../../../components/Icon.tsx';

export interface ColumnMenuProps {
  /** labels of the columns left out for want of room */
  hidden: string[];
  /** labels of the columns left out because no row of the page has a value there */
  empty: string[];
  touch: boolean;
}

/** The button's accessible name, its tooltip and what it shows. */
export function columnMenuButton({ hidden, touch }: Pick<ColumnMenuProps, 'hidden' | 'touch'>, t: Translator['t']) {
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
