import { t } from '../../i18n';
import { formatNumber } from '../../i18n/format';

/** "4.8 MB", "310 KB": sizes for people, in the current language ("4,8 MB" in Swedish). */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${formatNumber(n / (1024 * 1024), 1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return t('{{n}} bytes', { n });
}

/** The API sends created_at in UTC without a zone suffix. */
export function parseUtc(s: string): number {
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s}Z`);
}
