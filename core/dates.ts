/**
 * Every date the app shows, in one format per language (issue 18, item 9): 2025-03-12, and
 * 2025-03-12 14:05 with the time. English takes the form decisions.md gives the study date
 * (YYYYMMDD shown as YYYY-MM-DD), so a study date and the day it was scored read alike; Swedish
 * writes dates this way too (it is the Swedish standard form, SS-ISO 8601, with the 24-hour
 * clock), so the two languages share it. Times are the reader's local time; DICOM dates have no
 * zone and are shown as written.
 */
const isoDay = (y: string, m: string, d: string) => `${y}-${m}-${d}`;

const two = (n: number) => String(n).padStart(2, '0');

/** The API's timestamps (created_at) are UTC without a zone suffix: read them as UTC. */
export function parseApiDate(value: string): Date {
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseApiDate(value);
}

/** The day: "2025-03-12" (local time). */
export function formatDate(value: Date | string | number): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return isoDay(String(d.getFullYear()), two(d.getMonth() + 1), two(d.getDate()));
}

/** The time of day: "14:05" (local time, 24 hours). */
export function formatTime(value: Date | string | number): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Day and time: "2025-03-12 14:05". */
export function formatDateTime(value: Date | string | number): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return `${formatDate(d)} ${formatTime(d)}`;
}

/**
 * A DICOM StudyDate (YYYYMMDD) or a date-only text (YYYY-MM-DD...) as the day it names, with no
 * time zone moving it; '—' when there is none. Anything else is cut to 10 characters (spec section 2).
 */
export function formatStudyDate(value: string | null | undefined): string {
  if (!value) return '—';
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value.trim());
  return m ? isoDay(m[1], m[2], m[3]) : value.slice(0, 10);
}
