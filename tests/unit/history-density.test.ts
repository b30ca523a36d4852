import { describe, expect, it } from 'vitest';
import type { ScoredResult, TaskListItem } from '../../core/contract';
import { AI_MODEL } from '../../core/decisions';
import { describeDensity, densityNotification, GRADE_WORDS, gradeLine, isDense } from '../../core/wording/density';
import { chartPoint, hasTrend, ownStudies, scoredResult, statusWords, trendSeries, trendWords } from '../../src/features/results/history';

const entry = (score: number | null) => ({ score, quantile: score, model_name: 'm', model_version: '1' });
const set = (merged: number | null, detection = 0.2, risk = 0.03, masking = 0.4) => ({
  detection: entry(detection),
  risk: entry(risk),
  masking: entry(masking),
  [AI_MODEL]: entry(merged),
});
const result = (merged: number | null, risk = 0.03) => ({ study: set(merged, 0.2, risk) }) as unknown as ScoredResult;

function task(id: string, created_at: string, r: ScoredResult | { error: string } | null, status: TaskListItem['status'] = 'completed', owner_id = 'u1'): TaskListItem {
  return { id, created_at, owner_id, status, result: r, ai_model: AI_MODEL, dcm_patient_id: null, dcm_study_date: null, dcm_study_instance_uid: null, owner_email: null };
}

describe('her density in words (FDA MQSA 2024 notification)', () => {
  it('names each grade with its BI-RADS words', () => {
    expect(GRADE_WORDS).toEqual({
      a: 'almost entirely fatty',
      b: 'scattered areas of fibroglandular density',
      c: 'heterogeneously dense',
      d: 'extremely dense',
    });
    expect(gradeLine('c')).toBe('Grade C: heterogeneously dense');
  });

  it('calls c and d dense, a and b not dense', () => {
    expect(['a', 'b', 'c', 'd'].map((g) => isDense(g as 'a'))).toEqual([false, false, true, true]);
  });

  it('says the notification in its order, the extra tests sentence only for dense tissue', () => {
    const intro = 'Breast tissue can be either dense or not dense. Dense tissue makes it harder to find breast cancer on a mammogram and also raises the risk of developing breast cancer.';
    const talk = 'Talk to your healthcare provider about breast density, risks for breast cancer, and your individual situation.';
    expect(densityNotification('d')).toEqual([
      intro,
      'Your breast tissue is dense.',
      'In some people with dense tissue, other imaging tests in addition to a mammogram may help find cancers.',
      talk,
    ]);
    expect(densityNotification('b')).toEqual([intro, 'Your breast tissue is not dense.', talk]);
  });

  it('a grade that could not be worked out says so, with the reason, and keeps the general words', () => {
    const w = describeDensity({ percent: null, dense_area_cm2: null, grade: null, reason: 'The breast was not found.' });
    expect(w.available).toBe(false);
    if (!w.available) expect(w.reason).toBe('Your breast density could not be worked out. The breast was not found.');
    expect(w.notification.join(' ')).not.toMatch(/Your breast tissue is/);
    expect(describeDensity(undefined).available).toBe(false);
  });

  it('a measured grade has its line, plain words and what it means for the mammogram', () => {
    const w = describeDensity({ percent: 55, dense_area_cm2: 40, grade: 'c' });
    expect(w).toMatchObject({ available: true, grade: 'c', line: 'Grade C: heterogeneously dense' });
    if (w.available) expect(w.sensitivity).toMatch(/hide/);
  });
});

describe('her studies over time', () => {
  const list = [
    task('t3', '2025-03-01T10:00:00', null, 'running'),
    task('t2', '2025-02-01T10:00:00', result(0.6, 0.05)),
    task('tx', '2025-01-20T10:00:00', result(0.9), 'completed', 'someone-else'),
    task('t1', '2025-01-01T10:00:00', result(0.4, 0.02)),
    task('t0', '2024-12-01T10:00:00', { error: 'R-CC could not be read' }, 'failed'),
  ];

  it('keeps only her own studies (a superuser is answered everyone\'s)', () => {
    expect(ownStudies(list, 'u1').map((t) => t.id)).toEqual(['t3', 't2', 't1', 't0']);
  });

  it('a scored result only for a completed task without an error', () => {
    expect(scoredResult(list[0])).toBeNull();
    expect(scoredResult(list[4])).toBeNull();
    expect(scoredResult(list[1])).not.toBeNull();
  });

  it('each score oldest first, from her scored studies only', () => {
    const series = trendSeries(ownStudies(list, 'u1'));
    expect(series.map((s) => s.key)).toEqual(['smart-density', 'cancer-signs', 'inherent-risk', 'masking']);
    expect(series[0].points.map((p) => [p.id, p.score])).toEqual([
      ['t1', 0.4],
      ['t2', 0.6],
    ]);
    expect(series[2].points.map((p) => p.score)).toEqual([0.02, 0.05]);
    expect(hasTrend(series)).toBe(true);
    expect(hasTrend(trendSeries([list[1]]))).toBe(false);
  });

  it('a score missing in one study leaves only its own line', () => {
    const series = trendSeries([task('a', '2025-01-01T00:00:00', result(null)), task('b', '2025-02-01T00:00:00', result(0.5))]);
    expect(series[0].points.map((p) => p.id)).toEqual(['b']);
    expect(series[1].points.map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('puts the trend into words', () => {
    const [merged] = trendSeries(ownStudies(list, 'u1'));
    expect(trendWords(merged)).toBe('Smart Density: 60% in your newest study, up 20 points from 40% in your first.');
    expect(trendWords({ ...merged, points: [...merged.points].reverse() })).toBe('Smart Density: 40% in your newest study, down 20 points from 60% in your first.');
    expect(trendWords({ ...merged, points: merged.points.slice(0, 1) })).toBe('Smart Density: 40% in one study.');
    expect(trendWords({ ...merged, points: [] })).toBe('Smart Density: could not be worked out.');
  });

  it('places points: first and last at the padding, 0% at the bottom and 100% at the top', () => {
    const box = { width: 200, height: 100, pad: 10 };
    expect(chartPoint(0, 3, 0, box)).toEqual({ x: 10, y: 90 });
    expect(chartPoint(2, 3, 1, box)).toEqual({ x: 190, y: 10 });
    expect(chartPoint(1, 3, 0.5, box)).toEqual({ x: 100, y: 50 });
    expect(chartPoint(0, 1, 2, box)).toEqual({ x: 100, y: 10 });
  });

  it('names the states of a study that is not scored', () => {
    expect(statusWords('queued', false)).toBe('Waiting to be looked at');
    expect(statusWords('running', false)).toBe('Being looked at');
    expect(statusWords('failed', true)).toBe('Could not be scored');
    expect(statusWords('completed', false)).toBeNull();
  });
});
