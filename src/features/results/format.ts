/** Dates as the screens show them. */

/** DICOM StudyDate (YYYYMMDD) as YYYY-MM-DD; anything else cut to its first 10 characters (spec section 2). */
export function formatStudyDate(value: string | null | undefined): string {
  if (!value) return '—';
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value.trim());
  return (m ? `${m[1]}-${m[2]}-${m[3]}` : value).slice(0, 10);
}

/** created_at comes as UTC without a zone suffix; read it as UTC. */
export function parseUtc(value: string): Date {
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

export function formatDateTime(value: string): string {
  const d = parseUtc(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatLongDate(d: Date): string {
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** "12 Mar 2025": the dates under a small chart. */
export function formatShortDate(d: Date): string {
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
