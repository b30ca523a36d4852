/**
 * Numbers as the reader's language writes them: "12.5" in English, "12,5" in Swedish (a comma
 * for decimals). No grouping of thousands, as the English texts have always been written. Dates
 * have one format for both languages (core/dates.ts).
 */
import { currentLanguage } from './index';

const LOCALE = { en: 'en-US', sv: 'sv-SE' } as const;

/**
 * `value` with exactly `digits` decimals (default 0), in the current language. Rounded as the
 * number reads (0.815 -> 0.82), where toFixed rounds the binary value under it (0.81).
 */
export function formatNumber(value: number, digits = 0): string {
  return new Intl.NumberFormat(LOCALE[currentLanguage()], { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(value);
}
