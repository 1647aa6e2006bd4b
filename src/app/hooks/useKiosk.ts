import { useSearch } from 'wouter';
import { readAlertsLocation } from '../../core/alerts-location.ts';

/** Kiosk mode: the `kiosk` query flag with any value, as the old console read it. */
export function useKiosk(): boolean {
  return readAlertsLocation(useSearch(), '').kiosk;
}
