/** The two languages of the product. zh is the default everywhere (spec §1). */
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

/**
 * Each language named in itself, as language switches show them whatever the interface language. Written
 * here rather than asked of Intl.DisplayNames: that first call loads ICU's display-name data, about 60 ms
 * of a phone's main thread before the sign-in page can show (issue 20).
 */
export const LANGUAGE_ENDONYMS: Record<Language, string> = { zh: '中文', en: 'English' };

/** Reads `zh`, `zh_CN`, `zh-CN`, `en`, `en_US`, `en-GB`… (case-insensitive) into a Language; else the default. */
export function parseLanguage(value: unknown): Language {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const lower = value.trim().toLowerCase();
  if (lower.startsWith('en')) return 'en';
  return DEFAULT_LANGUAGE;
}

/** A text stored in both languages (menus, dictionary labels, agents, workflow descriptions). */
export interface BilingualText {
  zh: string;
  en: string;
}

/** Picks the text of a language, falling back to the other one when empty. */
export function pickText(text: BilingualText, lang: Language): string {
  return (lang === 'en' ? text.en || text.zh : text.zh || text.en) ?? '';
}
