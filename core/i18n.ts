/**
 * The languages the product speaks (issue 18, item 7): English by default, and Swedish. Shared by
 * the client (src/i18n) and the server (the mails, the user's saved choice).
 */
export const LANGUAGES = ['en', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sv: 'Svenska' };

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

/**
 * Marks a text held in a constant as one to translate where it is shown (`t(value)`): the
 * catalog test finds it, and it stays the English text (its key) until then.
 */
export function msg<T extends string>(text: T): T {
  return text;
}
