// A value's menu (value-filter.ts opens it): filter the list by the value, exclude it, or copy it (a row's menu of
// every value has only the filters). The ARIA menu
// pattern: the first entry takes the focus, arrows/Home/End move, Escape or Tab closes and gives the focus back to
// where the menu was opened; a press outside, a scroll or a resize closes it. Entries are 44 px tall on touch screens.
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from 'jotai';
import { useT } from '../../../state/i18n.ts';
import { pushNotice } from '../../../state/notices.ts';
import { Icon, type IconName, type LaterIcon } from '../../../components/Icon.tsx';
import { LATER_ICONS } from '../../../components/later-icons.ts';
import { writeClipboard } from '../../../components/clipboard.ts';
import { useValueFilter, valueMenuAtom, type ValueMenuRequest, type ValueMenuTarget } from './value-filter.ts';

/** Space kept between the menu and the viewport's edges. */
const MARGIN = 8;

export default function ValueMenuPanel({ request }: { request: ValueMenuRequest }) {
  const { t } = useT();
  const store = useStore();
  const filterBy = useValueFilter();
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  const single = request.targets.length === 1;

  const close = (refocus: boolean) => {
    if (store.get(valueMenuAtom) === request) store.set(valueMenuAtom, null);
    if (refocus && request.opener?.isConnected) request.opener.focus({ preventScroll: true });
  };

  // Placed at the pointer or under its opener, inside the viewport (above the opener when there is no room below);
  // the first entry takes the focus.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    const left = Math.max(MARGIN, Math.min(request.x, width - r.width - MARGIN));
    let top = request.y;
    if (top + r.height > height - MARGIN) top = request.above - r.height >= MARGIN ? request.above - r.height : Math.max(MARGIN, height - r.height - MARGIN);
    setPlace({ left, top });
  }, [request]);
  // once placed (a hidden element cannot take the focus)
  const placed = place !== null;
  useLayoutEffect(() => {
    // a menu with nothing to offer takes the focus itself, so that Escape closes it
    if (placed) (ref.current?.querySelector<HTMLElement>('[role="menuitem"]') ?? ref.current)?.focus({ preventScroll: true });
  }, [placed, request]);

  // A press outside, a scroll of the page or a list under it, or a new window size: the menu has lost its place.
  useLayoutEffect(() => {
    const outside = (e: Event) => {
      if (!ref.current?.contains(e.target as Node | null)) close(false);
    };
    const resize = () => close(false);
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('scroll', outside, true);
    window.addEventListener('resize', resize);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('scroll', outside, true);
      window.removeEventListener('resize', resize);
    };
  });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        go(at + 1);
        break;
      case 'ArrowUp':
        go(at - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(items.length - 1);
        break;
      case 'Escape':
      case 'Tab':
        close(true);
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  const filter = (target: ValueMenuTarget, exclude: boolean) => {
    close(false);
    void filterBy(target.field, target.value, exclude, request.scope).then((done) => {
      if (done) return;
      pushNotice({ level: 'info', key: 'ValueFilterInForce', text: t('ValueFilterInForce') });
      if (request.opener?.isConnected) request.opener.focus({ preventScroll: true });
    });
  };
  const copy = async (target: ValueMenuTarget) => {
    close(true);
    try {
      await writeClipboard(target.value);
      pushNotice({ level: 'success', key: 'Copied', text: t('Copied') });
    } catch (error) {
      const reason = error instanceof Error && error.message ? error.message : t('UnknownError');
      pushNotice({ level: 'error', text: t('DetailCopyFailed', { reason }) });
    }
  };

  const named = (target: ValueMenuTarget) => `${target.label}: ${target.value}`;
  const item = (target: ValueMenuTarget, icon: IconName | LaterIcon, text: string, run: () => void) => (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      // several values: each entry names its value, its visible text first (what a voice user says)
      aria-label={single ? undefined : `${text} – ${named(target)}`}
      onClick={run}
      className="flex min-h-9 w-full items-center gap-3 px-4 py-1.5 text-left hover:bg-gray-100 focus:bg-gray-100 focus:outline-none pointer-coarse:min-h-11 dark:hover:bg-gray-700 dark:focus:bg-gray-700"
    >
      <Icon name={icon} size={18} className="shrink-0" />
      {text}
    </button>
  );

  return createPortal(
    <div
      ref={ref}
      role="menu"
      tabIndex={-1}
      aria-label={single ? named(request.targets[0]!) : t('ValueMenu')}
      onKeyDown={onKeyDown}
      style={place ?? { left: request.x, top: request.y, visibility: 'hidden' }}
      className="fixed z-50 focus:outline-none max-h-[min(28rem,calc(100dvh-16px))] w-max min-w-56 max-w-[min(24rem,calc(100vw-16px))] overflow-auto rounded bg-white py-1 text-sm text-gray-900 shadow-lg ring-1 ring-black/10 dark:bg-gray-800 dark:text-gray-100 dark:ring-white/15"
    >
      {request.targets.length === 0 && <p className="px-4 py-2 text-gray-600 dark:text-gray-300">{t('NoFilterableValue')}</p>}
      {request.targets.map((target, i) => (
        <div key={`${target.field}\u0000${target.value}`} role="group" aria-label={named(target)} className={i > 0 ? 'mt-1 border-t border-gray-200 pt-1 dark:border-gray-700' : ''}>
          <div aria-hidden="true" className="truncate px-4 pb-0.5 pt-1 text-xs text-gray-600 dark:text-gray-300" title={target.value}>
            {target.label}: <bdi className="font-mono text-gray-900 dark:text-gray-100">{target.value}</bdi>
          </div>
          {item(target, 'filter', t('FilterByValue'), () => filter(target, false))}
          {item(target, 'block', t('ExcludeValue'), () => filter(target, true))}
          {/* a row's menu lists many values: only its filters, to keep it short */}
          {single && item(target, LATER_ICONS.copy, t('CopyValue'), () => void copy(target))}
        </div>
      ))}
    </div>,
    document.body,
  );
}
