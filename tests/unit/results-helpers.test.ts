import { describe, expect, it } from 'vitest';
import { formatStudyDate, parseUtc } from '../../src/features/results/format';
import { absoluteCount, NEXT_STEP, numberMeaning } from '../../src/features/results/meaning';
import { ringProgress } from '../../src/features/tasks/StatusRing';

const entry = (score: number | null, quantile: number | null = 0.5) => ({ score, quantile, model_name: 'm', model_version: '1' });

describe('dates on the results and task screens', () => {
  it('shows a DICOM study date as YYYY-MM-DD and cuts anything else to 10 characters', () => {
    expect(formatStudyDate('20250115')).toBe('2025-01-15');
    expect(formatStudyDate('2025-01-15T10:00:00')).toBe('2025-01-15');
    expect(formatStudyDate(null)).toBe('—');
  });

  it('reads created_at without a zone suffix as UTC', () => {
    expect(parseUtc('2025-01-15T10:00:00').toISOString()).toBe('2025-01-15T10:00:00.000Z');
    expect(parseUtc('2025-01-15T10:00:00+01:00').toISOString()).toBe('2025-01-15T09:00:00.000Z');
  });
});

describe('status ring (spec section 4)', () => {
  const start = new Date('2025-01-15T10:00:00Z');
  const t = (s: number) => start.getTime() + s * 1000;
  it('queued is grey with a sliver, completed green and failed red at 100%', () => {
    expect(ringProgress('queued', start, t(30))).toEqual({ value: 5, color: 'gray' });
    expect(ringProgress('completed', start, t(30))).toEqual({ value: 100, color: 'green' });
    expect(ringProgress('failed', start, t(30))).toEqual({ value: 100, color: 'red' });
  });
  it('running is blue and grows over 2 minutes without ever looking finished', () => {
    expect(ringProgress('running', start, t(60))).toEqual({ value: 50, color: 'blue' });
    expect(ringProgress('running', start, t(30)).value).toBeLessThan(ringProgress('running', start, t(90)).value);
    expect(ringProgress('running', start, t(600)).value).toBe(95);
    expect(ringProgress('running', start, t(10), 20_000).value).toBe(50);
  });
});

describe('what the big number means', () => {
  it('the combined and cancer-signs scores say they are not a chance of cancer', () => {
    expect(numberMeaning('smart-density', entry(0.76))).toContain('not the chance that you have cancer');
    expect(numberMeaning('cancer-signs', entry(0.85))).toContain('not the chance that you have cancer');
  });
  it('risk and masking are said as N in 100, with an icon array of N', () => {
    expect(numberMeaning('inherent-risk', entry(0.023))).toBe('Out of 100 women like you, about 2 in 100 get breast cancer in the next 5 years.');
    expect(numberMeaning('inherent-risk', entry(0.004))).toContain('fewer than 1 in 100');
    expect(numberMeaning('masking', entry(0.39))).toContain('about 39 in 100');
    expect(absoluteCount('masking', entry(0.39))).toBe(39);
    expect(absoluteCount('cancer-signs', entry(0.39))).toBeNull();
    expect(absoluteCount('inherent-risk', entry(null))).toBeNull();
  });
  it('every group has a calm next step, and only High sends the reader to the doctor', () => {
    expect(NEXT_STEP.High).toContain('doctor');
    expect(NEXT_STEP['Very Low']).not.toContain('doctor');
  });
});
