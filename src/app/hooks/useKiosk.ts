import { useSearch } from 'wouter';

/** Kiosk mode: the `kiosk` query flag with any value (CONSOLE-FACTS 6.2). */
export function useKiosk(): boolean {
  const search = useSearch();
  return new URLSearchParams(search).has('kiosk');
}
