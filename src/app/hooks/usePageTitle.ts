import { useEffect } from 'react';
import { useT } from '../state/i18n.ts';
import type { MessageKey } from '../i18n/index.ts';

/** Sets the document title to "<page title> | <product>" in the UI language (SPEC 2 guards). */
export function usePageTitle(titleKey: MessageKey | null, extra?: string) {
  const { t } = useT();
  useEffect(() => {
    const product = t('Product');
    const title = [titleKey ? t(titleKey) : '', extra ?? ''].filter(Boolean).join(' ');
    document.title = title ? t('PageTitle', { title, product }) : product;
  }, [t, titleKey, extra]);
}
