import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatStudyDate, formatTime, parseApiDate } from '../../core/dates';

describe('one date format (core/dates.ts)', () => {
  const local = new Date(2025, 2, 7, 9, 5);

  it('writes a day as YYYY-MM-DD and a time as HH:mm, in local time', () => {
    expect(formatDate(local)).toBe('2025-03-07');
    expect(formatTime(local)).toBe('09:05');
    expect(formatDateTime(local)).toBe('2025-03-07 09:05');
    expect(formatDateTime(local.getTime())).toBe('2025-03-07 09:05');
  });

  it("reads the API's created_at (UTC, no zone suffix) as UTC", () => {
    expect(parseApiDate('2025-01-15T10:00:00').getTime()).toBe(Date.UTC(2025, 0, 15, 10, 0));
    expect(parseApiDate('2025-01-15T10:00:00Z').getTime()).toBe(Date.UTC(2025, 0, 15, 10, 0));
    expect(parseApiDate('2025-01-15T12:00:00+02:00').getTime()).toBe(Date.UTC(2025, 0, 15, 10, 0));
    const utc = new Date(Date.UTC(2025, 0, 15, 10, 0));
    expect(formatDateTime('2025-01-15T10:00:00')).toBe(formatDateTime(utc));
    expect(formatDate('2025-01-15T10:00:00')).toBe(formatDate(utc));
  });

  it('shows a study date as the day it names, whatever the time zone', () => {
    expect(formatStudyDate('20250115')).toBe('2025-01-15');
    expect(formatStudyDate('2025-01-15')).toBe('2025-01-15');
    expect(formatStudyDate('2025-01-15T23:30:00')).toBe('2025-01-15');
    expect(formatStudyDate(null)).toBe('—');
    expect(formatStudyDate('')).toBe('—');
    expect(formatStudyDate('unknown date')).toBe('unknown da');
  });

  it('a study date and a day it was scored read alike', () => {
    expect(formatStudyDate('20250307')).toBe(formatDate(local));
  });

  it('gives back what it cannot read instead of "Invalid Date"', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
