// Makes the preferences visible at once: dark theme, font and language.
import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { effectiveFont } from '../../core/preferences.ts';
import { configAtom } from '../state/session.ts';
import { prefsAtom } from '../state/user.ts';
import { switchLanguage } from '../state/i18n.ts';
import { darkAtom } from '../state/shell.ts';
import { DARK_QUERY, useMediaQuery } from './useMediaQuery.ts';

const THEME_CHOSEN_KEY = 'console.themeChosen';

/**
 * The stored preference cannot tell "chose light" from "never chose" (both are isDark false), so the Settings
 * screen records that the user picked a theme; until then the OS setting decides.
 */
export function rememberThemeChoice(chosen: boolean) {
  try {
    if (chosen) localStorage.setItem(THEME_CHOSEN_KEY, '1');
    else localStorage.removeItem(THEME_CHOSEN_KEY);
  } catch {
    // storage disabled: the OS setting keeps deciding when the preference is light
  }
}

function themeChosen(): boolean {
  try {
    return localStorage.getItem(THEME_CHOSEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** The font stack behind a configured family, so a missing font still falls back to a readable one. */
export function fontStack(family: string): string {
  const quoted = family.includes(',') ? family : /\s/.test(family) ? `"${family.replace(/"/g, '')}"` : family;
  return `${quoted}, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
}

export function useApplyPreferences() {
  const prefs = useAtomValue(prefsAtom);
  const config = useAtomValue(configAtom);
  const osDark = useMediaQuery(DARK_QUERY);

  const dark = prefs.isDark || (!themeChosen() && osDark);
  const setDark = useSetAtom(darkAtom);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
    setDark(dark);
  }, [dark, setDark]);

  const font = effectiveFont(prefs, config);
  const family = font['font-family'];
  const size = font['font-size'];
  const weight = String(font['font-weight']);
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--console-font-size', size);
    root.setProperty('--console-font-weight', weight);
    root.setProperty('--font-sans', fontStack(family));
  }, [family, size, weight]);

  const languagePref = prefs.languagePref;
  useEffect(() => {
    void switchLanguage(languagePref);
  }, [languagePref]);
}
