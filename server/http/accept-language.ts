import type { Context } from 'hono';
import { isLanguage, type Language } from '../../core/i18n';

/** The language of a request that names none the product speaks. */
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The language the product speaks that an Accept-Language header prefers most, or null when it
 * names none of them (no header, '*', only other languages). The browser sends its chosen language
 * ('sv'); other clients may send a list: `sv-SE,sv;q=0.9,en;q=0.8`. A tag counts by its primary
 * subtag, in any case (`SV-se` is Swedish); the highest q wins, and among equal q the first named;
 * q=0 means "not this one". A malformed entry or q is skipped, never an error.
 */
export function acceptedLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  let best: { language: Language; q: number } | null = null;
  for (const entry of header.slice(0, 1000).split(',')) {
    const [tag, ...params] = entry.split(';').map((s) => s.trim());
    const primary = tag.toLowerCase().split('-')[0];
    if (!isLanguage(primary)) continue;
    const q = quality(params);
    if (q === null || q <= 0) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? null;
}

/** The request's language, always one the product speaks: English unless the header prefers another. */
export function requestLanguage(header: string | null | undefined): Language {
  return acceptedLanguage(header) ?? DEFAULT_LANGUAGE;
}

/** The q of an entry's parameters (1 without one); null when it is not a number from 0 to 1. */
function quality(params: string[]): number | null {
  const q = params.find((p) => /^q\s*=/i.test(p));
  if (q === undefined) return 1;
  const value = q.replace(/^q\s*=\s*/i, '');
  if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value)) return null;
  return Number(value);
}

/** The language a request's Accept-Language names (null if none): what the routes pass to the services. */
export function languageOfRequest(c: Context): Language | null {
  return acceptedLanguage(c.req.header('accept-language'));
}
