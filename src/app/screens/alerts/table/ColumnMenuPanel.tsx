// The column menu's popover, loaded on the first press of its button (ColumnMenu.tsx).
import { useRef } from 'react';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useAtom } from 'jotai';
import { useT } from '../../../state/i18n.ts';
import { tableColumnsAtom } from '../../../state/shell.ts';
import { useOpenOnMount, type Activation } from '../../../components/deferred.tsx';
import { Button } from '../../../components/Button.tsx';
import { columnMenuButton, type ColumnMenuProps } from './column-menu-button.tsx';

export default function ColumnMenuPanel({ hidden, empty, touch, activation }: ColumnMenuProps & { activation: Activation }) {
  const { t } = useT();
  const [choice, setChoice] = useAtom(tableColumnsAtom);
  const button = useRef<HTMLButtonElement>(null);
  useOpenOnMount(button, activation === 'keyboard' ? 'pointer' : activation);
  const { label, className, content } = columnMenuButton({ hidden, touch }, t);
  return (
    <Popover className="relative">
      <PopoverButton ref={button} aria-label={label} title={label} className={className}>
        {content}
      </PopoverButton>
      <PopoverPanel
        focus
        role="dialog"
        aria-label={t('ColumnsMenu')}
        anchor="bottom end"
        className="z-40 w-72 rounded-lg bg-white p-4 text-sm font-normal text-gray-900 shadow-lg ring-1 ring-black/10 dark:bg-gray-800 dark:text-gray-100 dark:ring-white/10"
      >
        {({ close }) => (
          <div className="space-y-3">
            {hidden.length > 0 && (
              <section>
                <h2 className="font-semibold">{t('ColumnsNoRoom')}</h2>
                <p>{hidden.join(', ')}</p>
              </section>
            )}
            {empty.length > 0 && (
              <section>
                <h2 className="font-semibold">{t('ColumnsEmpty')}</h2>
                <p>{empty.join(', ')}</p>
              </section>
            )}
            {hidden.length > 0 && <p className="text-gray-600 dark:text-gray-300">{t('ColumnsInDetails')}</p>}
            <Button
              className={`w-full ${touch ? 'min-h-11' : ''}`}
              onClick={() => {
                setChoice(choice === 'all' ? 'fit' : 'all');
                close();
              }}
            >
              {choice === 'all' ? t('ColumnsFit') : t('ColumnsShowAll')}
            </Button>
          </div>
        )}
      </PopoverPanel>
    </Popover>
  );
}
