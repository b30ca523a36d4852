import { ScoreQualityReport, type QualityFigure } from '../../../core/contract/score-quality';
import reportFile from '../../../core/score-quality-report.json';

/**
 * The committed evaluation report (`npm run evaluate -- --data DIR --report`), bundled at build
 * time so the page works offline. Parsed, not cast: a report of another shape fails loudly when
 * the page loads rather than showing wrong figures.
 */
export const SCORE_QUALITY_REPORT: ScoreQualityReport = ScoreQualityReport.parse(reportFile);

/** How a figure reads: a rank correlation, percentage points, a share "in 100", or a percent. */
export type FigureStyle = 'correlation' | 'points' | 'share' | 'percent';

export function formatFigure(value: number, style: FigureStyle): string {
  switch (style) {
    case 'correlation':
      return value.toFixed(2);
    case 'points':
      return `${value.toFixed(1)} points`;
    case 'share':
      return `${Math.round(value * 100)} in 100`;
    case 'percent':
      return `${Math.round(value)}%`;
  }
}

export const NOT_MEASURED = 'Not yet measured';

const UNIT_WORDS: Record<QualityFigure['unit'], string> = {
  films: 'films',
  lesions: 'findings',
  pairs: 'pairs of films',
  'normal films': 'films without findings',
};

/** How the figure was measured, in words, with its count. */
export function basisText(f: QualityFigure): string {
  if (f.value === null || f.n === null) return f.basis === 'cross-validated' ? 'No cross-validated test yet' : 'Not measured on these films';
  const what = `${f.n} ${UNIT_WORDS[f.unit]}`;
  if (f.basis === 'cross-validated') return `Fair test (cross-validated) on ${what}`;
  if (f.basis === 'unseen') return `On ${what} the model never learned from`;
  return `On the ${what} the model learned from, so it may look better than it is`;
}

/**
 * The figure to show first: the first that was measured, in the order given (cross-validated
 * before the evaluation run's own). Null when none was.
 */
export function headline(...figures: QualityFigure[]): QualityFigure | null {
  return figures.find((f) => f.value !== null) ?? null;
}
