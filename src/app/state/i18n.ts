// The active translator: created from the i18n catalogues, switched when the language preference changes.
import { atom, useAtomValue } from 'jotai';
import { createTranslator, detectLocale, englishMessages, loadMessages, type Locale, type Translator } from '../i18n/index.ts';
import { store } from './store.ts';

export const translatorAtom = atom<Translator>(createTranslator('en', englishMessages));

export function useT(): Translator {
  return useAtomValue(translatorAtom);
}

/** Loads the language's catalogue, switches the UI and `<html lang>` to it. */
export async function switchLanguage(languagePref: string | null | undefined): Promise<Locale> {
  const locale = detectLocale(languagePref, navigator.languages ?? [navigator.language]);
  const messages = await loadMessages(locale);
  store.set(translatorAtom, createTranslator(locale, messages));
  document.documentElement.lang = locale;
  return locale;
}
