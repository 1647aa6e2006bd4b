// The active translator: created from the i18n catalogues, switched when the language preference changes.
import { atom, useAtomValue } from 'jotai';
import { createTranslator, detectLocale, englishMessages, loadMessages, type Locale, type Translator } from '../i18n/index.ts';
import { store } from './store.ts';

export const translatorAtom = atom<Translator>(createTranslator('en', englishMessages));

export function useT(): Translator {
  return useAtomValue(translatorAtom);
}

let latestSwitch = 0;

/**
 * Loads the language's catalogue, switches the UI and `<html lang>` to it. Catalogues load at different speeds, so
 * only the latest request is applied: the browser's language loading late must not undo the user's preference.
 */
export async function switchLanguage(languagePref: string | null | undefined): Promise<Locale> {
  const request = ++latestSwitch;
  const locale = detectLocale(languagePref, navigator.languages ?? [navigator.language]);
  const messages = await loadMessages(locale);
  if (request === latestSwitch) {
    store.set(translatorAtom, createTranslator(locale, messages));
    document.documentElement.lang = locale;
  }
  return locale;
}
