/**
 * The language chosen on this device, kept in local storage: read before i18next starts and by
 * the API client (its Accept-Language header tells the server which language to mail in). Kept
 * apart from ./index so that the service worker's bundle does not carry i18next.
 */
import { isLanguage, type Language } from '../../core/i18n';

const KEY = 'sd-language';
/** Set while a choice made here has not yet been saved to her account (logged out, offline). */
const UNSAVED_KEY = 'sd-language-unsaved';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The device's language, or null when none was ever chosen here. */
export function storedLanguage(): Language | null {
  const v = storage()?.getItem(KEY);
  return isLanguage(v) ? v : null;
}

export function storeLanguage(lang: Language, unsaved: boolean): void {
  try {
    storage()?.setItem(KEY, lang);
    if (unsaved) storage()?.setItem(UNSAVED_KEY, '1');
    else storage()?.removeItem(UNSAVED_KEY);
  } catch {
    // Private mode or a full storage: the choice holds for this page only.
  }
}

/** A choice made on this device that her account does not know yet. */
export function unsavedLanguage(): Language | null {
  return storage()?.getItem(UNSAVED_KEY) ? storedLanguage() : null;
}
