import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, type Language, parseLanguage } from '@platform/contracts';

import { readStore, STORAGE_KEYS, writeStore } from './storage';

export { i18n };

/** The stored language (key saas.lang), zh when none (spec §1). */
export function storedLanguage(): Language {
  const value = readStore(STORAGE_KEYS.lang);
  return value === undefined ? DEFAULT_LANGUAGE : parseLanguage(value);
}

/**
 * The language now shown; what requests send as `lang`. Before the first catalogue is active (the app
 * starts its first requests while it loads), the stored one it is loading.
 */
export function currentLanguage(): Language {
  if (!i18n.locale) return storedLanguage();
  return i18n.locale === 'en' ? 'en' : 'zh';
}

async function loadMessages(lang: Language): Promise<Messages> {
  // One chunk per catalogue: only the language in use is downloaded.
  const { messages } = (await import(`../locales/${lang}/messages.po`)) as { messages: Messages };
  return messages;
}

const listeners = new Set<(lang: Language) => void>();

/** Runs `listener` after every language switch (menus and socket texts refetch in the new language). */
export function onLanguageChange(listener: (lang: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads and shows a language without reloading the page; `persist` stores it under saas.lang. */
export async function activateLanguage(lang: Language, persist = true): Promise<void> {
  const messages = await loadMessages(lang);
  i18n.loadAndActivate({ locale: lang, messages });
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  if (persist) writeStore({ name: STORAGE_KEYS.lang, content: lang });
  for (const listener of listeners) listener(lang);
}
