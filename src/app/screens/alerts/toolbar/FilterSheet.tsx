// The filter side sheet. Its code (the form and headlessui's dialog) loads the first time it opens: the
// start of the console does not need it. Once opened it stays mounted, closed, so it can animate and give focus back.
import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { filtersOpenAtom } from '../../../state/alerts-screen.ts';
import { useOpenedOnce } from '../../../components/deferred.tsx';

const FilterSheetPanel = lazy(() => import('./FilterSheetPanel.tsx'));

export function FilterSheet() {
  const opened = useOpenedOnce(useAtomValue(filtersOpenAtom));
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <FilterSheetPanel />
    </Suspense>
  );
}
