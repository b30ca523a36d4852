import type { DecodedView } from '../../dicom/types';
import { findCalcifications, type CalcCluster } from './calcifications';
import { measureDensity, type DensityMeasurement } from './density';
import { findMassCandidates, type MassCandidate } from './masses';
import { orientChestWallLeft } from './orient';
import { removePectoral, type PectoralLine } from './pectoral';
import { createMask, createRaster, countMask, maskedQuantiles, type Mask, type Raster } from './raster';
import { boxDownsample, downsampleToSpacing, FINE_SPACING_MM } from './resample';
import { segmentBreast } from './segment';
import { NO_TIMER, type Timer } from './stage-timer';

/** Segmentation, density and masses work at about this spacing. */
export const COARSE_SPACING_MM = 0.4;

export interface ViewAnalysis {
  key: DecodedView['key'];
  laterality: 'L' | 'R';
  viewPosition: 'CC' | 'MLO';
  /** Size of the display (stored) image the regions refer to. */
  displayWidth: number;
  displayHeight: number;
  /** Coarse analysis grid: canonical orientation (chest wall left). */
  coarse: Raster;
  /** Display pixels per coarse pixel, [rows, columns]. */
  coarseScale: [number, number];
  coarseSpacingMm: number;
  flipped: boolean;
  pixelsOverruledHeader: boolean;
  /** The segmented tissue, pectoral muscle included: its edge against the air is the skin line. */
  tissue: Mask;
  /** The breast without the pectoral muscle: what density and detection look at. */
  breast: Mask;
  /** The pectoral muscle removed from the segmented tissue (MLO views; null when none was found). */
  pectoralMask: Mask | null;
  pectoral: PectoralLine | null;
  density: DensityMeasurement | null;
  masses: MassCandidate[];
  /** Calcification clusters, in coarse pixels like everything else here. */
  calcClusters: CalcCluster[];
  /** Nipple (most anterior breast point), coarse pixels. */
  nipple: { x: number; y: number } | null;
  notes: string[];
}

/**
 * One view through the image pipeline of scoring.md: reduce to the analysis resolution, orient,
 * segment, remove the pectoral muscle (MLO), measure density, find mass candidates and
 * calcification clusters. Pure: the same pixels give the same analysis.
 */
export function analyzeView(view: DecodedView, timer: Timer = NO_TIMER): ViewAnalysis {
  const notes: string[] = [];
  if (view.spacingSource === 'nominal') notes.push(`${view.key}: no pixel spacing in the file; 0.1 mm assumed`);
  const fine = timer.time('downsample', () =>
    downsampleToSpacing(view.pixels, view.width, view.height, view.pixelSpacingMm, FINE_SPACING_MM),
  );
  const fineSpacing = Math.sqrt(fine.spacingMm[0] * fine.spacingMm[1]);
  const cf = Math.max(1, Math.round(COARSE_SPACING_MM / fineSpacing));
  const coarseRaw = timer.time('downsample', () => boxDownsample(fine.raster.data, fine.raster.width, fine.raster.height, cf, cf));
  const coarseSpacingMm = fineSpacing * cf;
  const orientation = timer.time('orient', () => orientChestWallLeft(coarseRaw, view.laterality, view.horizontalFlip));
  if (orientation.pixelsOverruledHeader) {
    notes.push(`${view.key}: the pixels put the chest wall on the ${orientation.chestWallSide}, not where the header implies`);
  }
  const coarse = orientation.raster;
  const seg = timer.time('segment', () => segmentBreast(coarse, coarseSpacingMm));
  if (seg.stripRows > 0) notes.push(`${view.key}: a bright strip along the film edge (${seg.stripRows} rows) is not breast`);
  if (seg.removedObjects.length > 0) {
    notes.push(`${view.key}: ${seg.removedObjects.length} label or marker object(s) outside the breast ignored`);
  }
  let breast = seg.mask;
  let pectoral: PectoralLine | null = null;
  let pectoralMask: Mask | null = null;
  if (view.viewPosition === 'MLO') {
    const pec = timer.time('pectoral', () => removePectoral(coarse, seg.mask, coarseSpacingMm, { topRow: seg.topRow }));
    breast = pec.mask;
    pectoral = pec.line;
    if (pec.line) pectoralMask = subtractMask(seg.mask, pec.mask);
    if (!pec.line) notes.push(`${view.key}: pectoral muscle not found (${pec.reason}); none removed`);
  }
  const breastPx = countMask(breast);
  const density = breastPx > 0
    ? timer.time('density', () => measureDensity(coarse, breast, [coarseSpacingMm, coarseSpacingMm], seg.mask, valueRange(coarse)))
    : null;
  const masses = breastPx > 0 ? timer.time('masses', () => findMassCandidates(coarse, breast, coarseSpacingMm)) : [];

  const calcClusters = breastPx > 0
    ? timer.time('calcifications', () => calcificationsInBreast(fine.raster, orientation.flipped, breast, cf, fineSpacing))
    : [];

  return {
    key: view.key,
    laterality: view.laterality,
    viewPosition: view.viewPosition,
    displayWidth: view.width,
    displayHeight: view.height,
    coarse,
    coarseScale: [fine.factor[0] * cf, fine.factor[1] * cf],
    coarseSpacingMm,
    flipped: orientation.flipped,
    pixelsOverruledHeader: orientation.pixelsOverruledHeader,
    tissue: seg.mask,
    breast,
    pectoralMask,
    pectoral,
    density,
    masses,
    calcClusters,
    nipple: findNipple(breast),
    notes,
  };
}

/**
 * Calcifications need the fine grid; only the breast's bounding box is processed, cut from the
 * display-oriented fine raster and mirrored like the coarse one. Results come back in coarse
 * canonical pixels.
 */
function calcificationsInBreast(fine: Raster, flipped: boolean, breast: Mask, cf: number, fineSpacing: number): CalcCluster[] {
  let x0 = breast.width;
  let x1 = -1;
  let y0 = breast.height;
  let y1 = -1;
  for (let y = 0; y < breast.height; y++) {
    for (let x = 0; x < breast.width; x++) {
      if (!breast.data[y * breast.width + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return [];
  const fx0 = x0 * cf;
  const fy0 = y0 * cf;
  const cw = Math.min(fine.width, (x1 + 1) * cf) - fx0;
  const ch = Math.min(fine.height, (y1 + 1) * cf) - fy0;
  const crop = createRaster(cw, ch);
  const mask = createMask(cw, ch);
  // The breast column of each crop column, worked out once rather than on every row.
  const maskCol = new Int32Array(cw);
  for (let x = 0; x < cw; x++) maskCol[x] = Math.min(breast.width - 1, Math.floor((fx0 + x) / cf));
  const src = fine.data;
  const dst = crop.data;
  const inside = mask.data;
  const breastData = breast.data;
  for (let y = 0; y < ch; y++) {
    const srcRow = (fy0 + y) * fine.width;
    const maskRow = Math.min(breast.height - 1, Math.floor((fy0 + y) / cf)) * breast.width;
    const out = y * cw;
    for (let x = 0; x < cw; x++) {
      const cx = fx0 + x;
      dst[out + x] = src[srcRow + (flipped ? fine.width - 1 - cx : cx)];
      inside[out + x] = breastData[maskRow + maskCol[x]];
    }
  }
  const toCoarseX = (x: number) => (x + fx0) / cf;
  const toCoarseY = (y: number) => (y + fy0) / cf;
  return findCalcifications(crop, mask, fineSpacing).clusters.map((c) => ({
    ...c,
    x: toCoarseX(c.x),
    y: toCoarseY(c.y),
    minX: toCoarseX(c.minX),
    minY: toCoarseY(c.minY),
    maxX: toCoarseX(c.maxX),
    maxY: toCoarseY(c.maxY),
    spots: c.spots.map((p) => ({ ...p, x: toCoarseX(p.x), y: toCoarseY(p.y) })),
  }));
}

/**
 * The range of values the image actually uses, from its darkest to its brightest (0.1 % and
 * 99.9 % of the analysis grid, so a few hot pixels do not set it). Density contrast is measured in
 * these units. Neither the stored bit depth nor the VOI window will do: PNG exports of digital
 * mammograms store 0-255 or even 0-15 in 16 bits, while scanned films use their whole range.
 */
export function valueRange(r: Raster): number {
  const [lo, hi] = maskedQuantiles(r, null, [0.001, 0.999]);
  return Math.max(1e-6, hi - lo);
}

/** Pixels of `a` that are not in `b`. */
function subtractMask(a: Mask, b: Mask): Mask {
  const out = createMask(a.width, a.height);
  for (let i = 0; i < a.data.length; i++) out.data[i] = a.data[i] && !b.data[i] ? 1 : 0;
  return out;
}

/** The breast point farthest from the chest wall (ties: the middle of them). */
export function findNipple(m: Mask): { x: number; y: number } | null {
  let bestX = -1;
  let sumY = 0;
  let n = 0;
  for (let y = 0; y < m.height; y++) {
    for (let x = m.width - 1; x > bestX - 1 && x >= 0; x--) {
      if (!m.data[y * m.width + x]) continue;
      if (x > bestX) {
        bestX = x;
        sumY = 0;
        n = 0;
      }
      sumY += y;
      n++;
      break;
    }
  }
  return bestX < 0 ? null : { x: bestX, y: sumY / n };
}
