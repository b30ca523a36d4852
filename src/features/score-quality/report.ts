import { ScoreQualityReport, type QualityFigure } from '../../../core/contract/score-quality';
import reportFile from '../../../core/score-quality-report.json';
import { msg, t } from '../../i18n';
import { formatNumber } from '../../i18n/format';

/**
 * The committed evaluation report (`npm run evaluate -- --data DIR --report`), bundled at build
 * time so the page works offline. Parsed, not cast: a report of another shape fails loudly when
 * the page loads rather than showing wrong figures.
 */
export const SCORE_QUALITY_REPORT: ScoreQualityReport = ScoreQualityReport.parse(reportFile);

/** How a figure reads: a rank correlation, percentage points, a share "in 100", or a percent. */
export type FigureStyle = 'correlation' | 'points' | 'share' | 'percent';

/** A figure in words, in the current language (its callers re-render when it changes). */
export function formatFigure(value: number, style: FigureStyle): string {
  switch (style) {
    case 'correlation':
      return formatNumber(value, 2);
    case 'points':
      return t('{{value}} points', { value: formatNumber(value, 1) });
    case 'share':
      return t('{{n}} in 100', { n: Math.round(value * 100) });
    case 'percent':
      return `${Math.round(value)}%`;
  }
}

/** Shown for a figure not measured (in English: translate it where shown). */
export const NOT_MEASURED = msg('Not yet measured');

/** A count of the figure's unit. */
const UNIT_WORDS: Record<QualityFigure['unit'], string> = {
  films: msg('{{n}} films'),
  lesions: msg('{{n}} findings'),
  pairs: msg('{{n}} pairs of films'),
  'normal films': msg('{{n}} films without findings'),
};

/** What the figure was measured on, in words ("12 films"), in the current language; null when not measured. */
export function countText(f: QualityFigure): string | null {
  return f.n === null ? null : t(UNIT_WORDS[f.unit], { n: f.n });
}

/** How the figure was measured, in words, with its count, in the current language. */
export function basisText(f: QualityFigure): string {
  if (f.value === null || f.n === null) return f.basis === 'cross-validated' ? t('No cross-validated test yet') : t('Not measured on these films');
  const what = t(UNIT_WORDS[f.unit], { n: f.n });
  if (f.basis === 'cross-validated') return t('Fair test (cross-validated) on {{what}}', { what });
  if (f.basis === 'unseen') return t('On {{what}} the model never learned from', { what });
  return t('On the {{what}} the model learned from, so it may look better than it is', { what });
}

/**
 * The figure to show first: the first that was measured, in the order given (cross-validated
 * before the evaluation run's own). Null when none was.
 */
export function headline(...figures: QualityFigure[]): QualityFigure | null {
  return figures.find((f) => f.value !== null) ?? null;
}
