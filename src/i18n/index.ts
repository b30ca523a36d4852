/**
 * Every text of the app in English and Swedish (issue 18, item 7), through i18next.
 *
 * Keys are the English texts themselves (gettext style): the spec's texts stay word for word in
 * English because English is the key, and a text without a Swedish translation still reads in
 * English instead of showing a key. Swedish lives in `sv/*.json`, one file per part of the app
 * (merged into one catalog); `en/*.json` holds only what English cannot take from the key
 * (plural forms). tests/unit/i18n-catalog.test.ts checks that every text marked in the code has
 * its Swedish translation.
 *
 * Mark texts with t(text) where they are shown (components: `useT()`), or with msg(text)
 * (core/i18n.ts) where a constant holds them, and translate that constant with `t(value)` when
 * shown. Never translate at module load: the language can change while the page is open.
 * A module that only marks texts imports msg from core/i18n, not from here: this module starts
 * i18next and reads the catalogs through Vite (import.meta.glob), which the service worker and
 * the browser tests' own imports (tests/e2e) must not need.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, type Language } from '../../core/i18n';
import { storeLanguage, storedLanguage } from './stored';

export { msg, LANGUAGES, isLanguage, type Language } from '../../core/i18n';

type Catalog = Record<string, string>;

/** `sv/*.json` and `en/*.json`, merged per language. */
function catalogs(): Record<Language, Catalog> {
  const files = import.meta.glob<Catalog>('./*/*.json', { eager: true, import: 'default' });
  const out: Record<Language, Catalog> = { en: {}, sv: {} };
  for (const [path, entries] of Object.entries(files)) {
    const lang = path.split('/')[1];
    if (isLanguage(lang)) Object.assign(out[lang], entries);
  }
  return out;
}

export const CATALOGS = catalogs();

void i18next.use(initReactI18next).init({
  resources: { en: { translation: CATALOGS.en }, sv: { translation: CATALOGS.sv } },
  lng: storedLanguage() ?? 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // Natural-language keys contain ':' and '.', which must not split them.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
  react: { useSuspense: false },
});

function applyToDocument(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
applyToDocument(currentLanguage());

/** The language the app speaks now. */
export function currentLanguage(): Language {
  const l = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(l) ? l : 'en';
}

/**
 * Speak `lang` from now on, on this device (kept for the next visit). `unsaved`: her account does
 * not know this choice yet (made before login, or its saving failed); it is saved when it can be.
 */
export function setLanguage(lang: Language, unsaved = false): void {
  storeLanguage(lang, unsaved);
  if (currentLanguage() !== lang) void i18next.changeLanguage(lang);
  applyToDocument(lang);
}

/** Translate outside React (pure modules called while rendering). */
export const t = i18next.t.bind(i18next);

/** The translate function in a component; the component renders again when the language changes. */
export function useT() {
  return useTranslation().t;
}

/** The current language in a component, re-rendered when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const l = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(l) ? l : 'en';
}

export { i18next };
