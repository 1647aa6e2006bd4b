// The page's one value menu: nothing is rendered until a value's menu is asked for (ValueMenuPanel.tsx, its own
// chunk), so the list pays nothing per row or per cell for it. Closed when the screen goes.
import { lazy, Suspense, useEffect } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { valueMenuAtom } from './value-filter.ts';

const ValueMenuPanel = lazy(() => import('./ValueMenuPanel.tsx'));

export function ValueMenu() {
  const store = useStore();
  const request = useAtomValue(valueMenuAtom);
  useEffect(() => () => store.set(valueMenuAtom, null), [store]);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ValueMenuPanel request={request} />
    </Suspense>
  );
}
