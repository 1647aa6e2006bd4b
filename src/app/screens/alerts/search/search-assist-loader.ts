// The search box's assistance (the check, the suggestions and their list: src/app/screens/alerts/search/search-assist.tsx)
// is a chunk of its own, off the path to the first rows: loaded when the box is first used, and in idle time once
// the first rows are on screen.
import type { SearchAssist } from './search-assist.tsx';

let loaded: SearchAssist | null = null;
let loading: Promise<SearchAssist> | null = null;

/** The assistance when it has arrived, else null. */
export function loadedSearchAssist(): SearchAssist | null {
  return loaded;
}

/** Loads the assistance once; a failed load (network lost before the chunk was cached) is tried again next time. */
export function loadSearchAssist(): Promise<SearchAssist> {
  loading ??= import('./search-assist.tsx').then(
    (m) => (loaded = m.searchAssist),
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}
