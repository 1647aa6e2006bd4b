import { useSearch } from 'wouter';
import { readAlertsLocation } from '../../core/alerts-location.ts';

/** Kiosk mode: the `kiosk` query flag with any value (CONSOLE-FACTS 6.2). */
export function useKiosk(): boolean {
  return readAlertsLocation(useSearch(), '').kiosk;
}
