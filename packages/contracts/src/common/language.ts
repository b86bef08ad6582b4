/** The two languages of the product. zh is the default everywhere (spec §1). */
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

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
