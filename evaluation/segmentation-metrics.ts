/**
 * Segmentation against hand-drawn tissue masks (the DDSM tissue labels: 64 background, 128 fat,
 * 192 fibroglandular, 255 pectoral muscle). Pure: the caller reads the label PNG and analyses the
 * film (evaluation/film.ts); these only compare masks in the input PNG's pixels.
 */
import type { ViewAnalysis } from '../server/analysis/image/view';
import { coarseMaskToInput } from './film';
import type { LabelledImage } from './labelled-set';

/** Label value of the pectoral muscle in the tissue masks. */
export const PECTORAL_LABEL = 255;
/** Label value of the background: anything above it is tissue (fat, fibroglandular or muscle). */
export const BACKGROUND_LABEL = 64;

/** Dice of two binary masks of the same size (1 when both are empty). */
export function dice(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`dice: masks of different sizes (${a.length} and ${b.length})`);
  let na = 0;
  let nb = 0;
  let both = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ? 1 : 0;
    const y = b[i] ? 1 : 0;
    na += x;
    nb += y;
    both += x & y;
  }
  return na + nb === 0 ? 1 : (2 * both) / (na + nb);
}

/**
 * Dice of the engine's removed pectoral muscle (analysis.pectoralMask, mapped to the input PNG's
 * pixels) against the label's muscle region (255). No analysis or no muscle removed counts as an
 * empty prediction, so a missed muscle scores 0.
 */
export function pectoralDice(analysis: ViewAnalysis | null, img: LabelledImage, label: Uint8Array): number {
  const truth = new Uint8Array(label.length);
  for (let i = 0; i < label.length; i++) truth[i] = label[i] === PECTORAL_LABEL ? 1 : 0;
  const predicted = analysis?.pectoralMask ? coarseMaskToInput(analysis, img, analysis.pectoralMask.data) : new Uint8Array(label.length);
  return dice(predicted, truth);
}

/**
 * Dice of the engine's segmented tissue (breast plus removed muscle) against the label's tissue
 * (anything above the background value: fat, fibroglandular and muscle).
 */
export function tissueDice(analysis: ViewAnalysis | null, img: LabelledImage, label: Uint8Array): number {
  const truth = new Uint8Array(label.length);
  for (let i = 0; i < label.length; i++) truth[i] = label[i] > BACKGROUND_LABEL ? 1 : 0;
  if (!analysis) return dice(new Uint8Array(label.length), truth);
  return dice(coarseMaskToInput(analysis, img, analysis.tissue.data), truth);
}

/** Mean, median and minimum of a list, and how many fall under `under`. */
export function summarise(values: number[], under: number): { n: number; mean: number; median: number; min: number; under: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const mean = n ? sorted.reduce((a, b) => a + b, 0) / n : NaN;
  const median = n ? (n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2) : NaN;
  return { n, mean, median, min: n ? sorted[0] : NaN, under: sorted.filter((v) => v < under).length };
}
