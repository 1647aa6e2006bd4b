// The document title, set in one place: "(N) <page> – Alerta", where <page> is the route's title (src/core/routes.ts)
// or what the screen shown says about itself (the alert detail: "<event> – <resource>"), and N the alerts that need
// attention (src/core/notify.ts).
import { useEffect } from 'react';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { matchRoute } from '../../core/routes.ts';
import { titleWithCount } from '../../core/title-count.ts';
import type { MessageKey } from '../i18n/index.ts';
import { useT } from '../state/i18n.ts';

/** What the screen shown says its page is, when more than the route's title (null: the route's title). */
const screenTitleAtom = atom<string | null>(null);

/** A screen names its page (e.g. the alert it shows) while it is mounted. */
export function useScreenTitle(title: string | null) {
  const set = useSetAtom(screenTitleAtom);
  useEffect(() => {
    set(title);
    return () => set(null);
  }, [title, set]);
}

/** Mounted once in the shell. */
export function useDocumentTitle(attentionCount: number) {
  const { t } = useT();
  const [location] = useLocation();
  const screenTitle = useAtomValue(screenTitleAtom);
  const titleKey = matchRoute(location)?.route.titleKey as MessageKey | undefined;
  const page = screenTitle ?? (titleKey ? t(titleKey) : '');
  const product = t('Product');
  const title = titleWithCount(page ? t('PageTitle', { title: page, product }) : product, attentionCount);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
