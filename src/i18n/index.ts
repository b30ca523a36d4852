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
import { merged, type Catalog } from './catalogs';
import { storeLanguage, storedLanguage } from './stored';

export { msg, LANGUAGES, isLanguage, type Language } from '../../core/i18n';

/** English from the keys and the few plural forms in `en/*.json`; here from the start. */
const ENGLISH = merged(import.meta.glob<Catalog>('./en/*.json', { eager: true, import: 'default' }));

/** The other languages, each a chunk fetched the first time it is spoken. */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Catalog>> = {
  sv: () => import('./sv').then((m) => m.default),
};

void i18next.use(initReactI18next).init({
  resources: { en: { translation: ENGLISH } },
  lng: 'en',
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

const loading = new Map<Language, Promise<void>>();

/** The catalog of `lang`, fetched once; a failed fetch (offline before it was cached) may be retried. */
function load(lang: Language): Promise<void> {
  if (lang === 'en' || i18next.hasResourceBundle(lang, 'translation')) return Promise.resolve();
  let p = loading.get(lang);
  if (!p) {
    p = LOADERS[lang]().then((catalog) => {
      i18next.addResourceBundle(lang, 'translation', catalog, true, true);
    });
    p.catch(() => loading.delete(lang));
    loading.set(lang, p);
  }
  return p;
}

/** A language's translations, merged from its files (for tests and tools). */
export async function catalogOf(lang: Language): Promise<Catalog> {
  if (lang === 'en') return ENGLISH;
  return LOADERS[lang]();
}

function applyToDocument(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** The language the app speaks now. */
export function currentLanguage(): Language {
  const l = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(l) ? l : 'en';
}

/** The language last asked for: a slower fetch of an earlier choice must not win over it. */
let wanted: Language = 'en';

async function speak(lang: Language): Promise<void> {
  wanted = lang;
  try {
    await load(lang);
  } catch {
    // Offline before this language was ever fetched: the page keeps the language it has.
    return;
  }
  if (wanted !== lang) return;
  if (currentLanguage() !== lang) await i18next.changeLanguage(lang);
  applyToDocument(lang);
}

/**
 * Speak `lang` from now on, on this device (kept for the next visit). `unsaved`: her account does
 * not know this choice yet (made before login, or its saving failed); it is saved when it can be.
 * The page changes language once its translations are here; until then it speaks the one it had.
 */
export function setLanguage(lang: Language, unsaved = false): Promise<void> {
  storeLanguage(lang, unsaved);
  return speak(lang);
}

/**
 * Resolves when the language chosen on this device is ready to be spoken: the app renders after
 * it, so a Swedish page never flashes English first.
 */
export const i18nReady: Promise<void> = speak(storedLanguage() ?? 'en');

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
