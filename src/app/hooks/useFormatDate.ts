// Dates in the user's formats (preference, else config, else default), time zone and UI language; every date shown
// also gets its UTC time as a tooltip.
import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { formatDate, formatUtcTooltip } from '../../core/date-format.ts';
import { effectiveDates } from '../../core/preferences.ts';
import { configAtom } from '../state/session.ts';
import { prefsAtom } from '../state/user.ts';
import { useT } from '../state/i18n.ts';

export type DateFormatName = 'longDate' | 'mediumDate' | 'shortTime';

export function useFormatDate(): {
  format: (iso: string | number | null | undefined, name?: DateFormatName) => string;
  utcTooltip: (iso: string | number | null | undefined) => string;
} {
  const config = useAtomValue(configAtom);
  const prefs = useAtomValue(prefsAtom);
  const { locale } = useT();
  const format = useCallback(
    (iso: string | number | null | undefined, name: DateFormatName = 'mediumDate') =>
      formatDate(iso ?? null, effectiveDates(prefs, config)[name], { timezone: prefs.timezone, locale }),
    [prefs, config, locale],
  );
  const utcTooltip = useCallback((iso: string | number | null | undefined) => formatUtcTooltip(iso ?? null), []);
  return { format, utcTooltip };
}
