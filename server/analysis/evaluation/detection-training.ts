/**
 * Training rows for the detection suspicion models (image/suspicion-models.ts), from phantom
 * studies of the corpus with a known inserted lesion and from their lesion-free twins: every mass
 * candidate and calcification cluster the engine proposes, with its features and whether it lies
 * on the inserted lesion.
 */
import { VIEW_KEYS } from '../../../core/contract/scores';
import type { PhantomOptions } from '../../phantom/types';
import { toRegion, type Finding } from '../image/detection';
import { findAsymmetry } from '../image/asymmetry';
import { asymmetryFeatures, calcFeatures, massFeatures, type AsymmetryFeatureName, type CalcFeatureName, type MassFeatureName } from '../image/suspicion-models';
import { analyzeView, type ViewAnalysis } from '../image/view';
import { boxesOverlap, decodedPhantom, lesionBoxes } from './phantom-eval';

export interface TrainingRows {
  mass: { features: Record<MassFeatureName, number>; label: 0 | 1 }[];
  calcification: { features: Record<CalcFeatureName, number>; label: 0 | 1 }[];
  asymmetry: { features: Record<AsymmetryFeatureName, number>; label: 0 | 1 }[];
}

type Box = { x: number; y: number; width: number; height: number };

function region(v: ViewAnalysis, minX: number, minY: number, maxX: number, maxY: number): Box {
  const f: Finding = { key: v.key, kind: 'mass', minX, minY, maxX, maxY, nippleDistanceMm: null, ownScore: 0, score: 0 };
  return toRegion(v, f);
}

/**
 * The three variants of one seed: with a mass, with a calcification cluster, and with neither.
 * The masses range from subtle (contrast 0.8) to obvious (3), so that the model learns that a
 * brighter mass is no less suspicious; the evaluation's masses are the generator's default (1).
 */
export function trainingVariants(seed: number, size: { width: number; height: number }): PhantomOptions[] {
  const breast = seed % 2 === 0 ? 'left' : 'right';
  const base: PhantomOptions = { seed, ...size };
  const contrast = 0.8 + 2.2 * ((seed * 0.6180339887) % 1);
  return [{ ...base, mass: { breast, contrast } }, { ...base, calcifications: { breast } }, base];
}

/**
 * Adds one phantom study's candidates to `rows`. A mass candidate is positive when its centre lies
 * in the mass's true box (the region drawn must point at the lesion, not merely touch it); a
 * cluster is positive when its box overlaps the true cluster box; a left-right asymmetry is
 * positive when its box overlaps a mass (a mass is a focal asymmetry; the corpus has no other).
 */
export async function addTrainingRows(opts: PhantomOptions, rows: TrainingRows): Promise<void> {
  const { study, views } = await decodedPhantom(opts);
  const analyses = {} as Record<(typeof VIEW_KEYS)[number], ViewAnalysis>;
  for (const key of VIEW_KEYS) {
    const v = analyzeView(views[key]);
    analyses[key] = v;
    const lesions = lesionBoxes(study, key);
    const massBoxes = lesions.filter((l) => l.kind === 'mass').map((l) => l.box);
    const calcBoxes = lesions.filter((l) => l.kind === 'calcification').map((l) => l.box);
    for (const m of v.masses) {
      const c = region(v, m.x, m.y, m.x, m.y);
      const centre = { x: c.x + c.width / 2, y: c.y + c.height / 2, width: 1e-9, height: 1e-9 };
      const label = massBoxes.some((b) => boxesOverlap(centre, b)) ? 1 : 0;
      rows.mass.push({ features: massFeatures({ ...m, radiusMm: m.radiusPx * v.coarseSpacingMm }), label });
    }
    for (const cl of v.calcClusters) {
      const pad = 1 / v.coarseSpacingMm;
      const box = region(v, cl.minX - pad, cl.minY - pad, cl.maxX + pad, cl.maxY + pad);
      const label = calcBoxes.some((b) => boxesOverlap(box, b)) ? 1 : 0;
      rows.calcification.push({ features: calcFeatures({ count: cl.spots.length, brightest: cl.brightest, meanSnr: cl.meanSnr }), label });
    }
  }
  for (const [r, l] of [['r_cc', 'l_cc'], ['r_mlo', 'l_mlo']] as const) {
    const asym = findAsymmetry(analyses[r], analyses[l]);
    if (!asym) continue;
    const owner = analyses[asym.key];
    const box = region(owner, asym.minX, asym.minY, asym.maxX, asym.maxY);
    const label = lesionBoxes(study, asym.key).some((les) => les.kind === 'mass' && boxesOverlap(box, les.box)) ? 1 : 0;
    rows.asymmetry.push({ features: asymmetryFeatures(asym), label });
  }
}
