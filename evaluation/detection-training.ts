/**
 * Training rows for the detection suspicion models (image/suspicion-models.ts), from phantom
 * studies of the corpus with a known inserted lesion and from their lesion-free twins: every mass
 * candidate and calcification cluster the engine proposes, with its features and whether it lies
 * on the inserted lesion.
 */
import { VIEW_KEYS } from '../core/contract/scores';
import type { PhantomOptions } from '../server/phantom/types';
import { clusterBox, isPartner, massBox, nippleDistanceMm, toRegion, type Finding } from '../server/analysis/image/detection';
import { findAsymmetry } from '../server/analysis/image/asymmetry';
import { asymmetryFeatures, calcFeatures, massFeatures, type AsymmetryFeatureName, type CalcFeatureName, type MassFeatureName } from '../server/analysis/image/suspicion-models';
import { analyzeView, type ViewAnalysis } from '../server/analysis/image/view';
import { boxesOverlap, decodedPhantom, lesionBoxes } from './phantom-eval';

/** One candidate: its features, whether it lies on the inserted lesion, and the phantom seed it came from. */
type Row<F extends string> = { features: Record<F, number>; label: 0 | 1; seed?: number };

export interface TrainingRows {
  mass: Row<MassFeatureName>[];
  calcification: Row<CalcFeatureName>[];
  asymmetry: Row<AsymmetryFeatureName>[];
  /**
   * For the CC/MLO agreement evidence: every finding of a breast with its label, and the findings
   * of the same kind in the other view of the breast that would reinforce it (features only: their
   * own scores come from the models being fitted).
   */
  agreement?: AgreementRow[];
  /** Every view of those studies, whether it holds a lesion (a view's score is its best finding). */
  views?: ViewRow[];
}

export interface ViewRow {
  /** seed/variant/view key: the agreement rows of the view carry the same id. */
  view: string;
  seed: number;
  hasLesion: boolean;
}

type AgreementBase = { label: 0 | 1; seed: number; view: string };
export type AgreementRow = AgreementBase &
  (
    | { kind: 'mass'; own: Record<MassFeatureName, number>; partners: Record<MassFeatureName, number>[] }
    | { kind: 'calcification'; own: Record<CalcFeatureName, number>; partners: Record<CalcFeatureName, number>[] }
    | { kind: 'asymmetry'; own: Record<AsymmetryFeatureName, number>; partners: Record<AsymmetryFeatureName, number>[] }
  );

/** A finding of one view as the agreement rows need it. */
type Candidate = { kind: AgreementRow['kind']; features: Record<string, number>; nippleDistanceMm: number | null; label: 0 | 1 };

type Box = { x: number; y: number; width: number; height: number };

/** The partner distance the agreement rows are collected at (written with the gain into the weights). */
export const AGREEMENT_ROW_DISTANCE_MM = 15;

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
  const candidates = Object.fromEntries(VIEW_KEYS.map((k) => [k, [] as Candidate[]])) as Record<(typeof VIEW_KEYS)[number], Candidate[]>;
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
      const features = massFeatures({ ...m, radiusMm: m.radiusPx * v.coarseSpacingMm });
      rows.mass.push({ features, label, seed: opts.seed });
      const mb = massBox(m);
      candidates[key].push({ kind: 'mass', features, nippleDistanceMm: nippleDistanceMm(v, mb.minX, mb.minY, mb.maxX, mb.maxY), label });
    }
    for (const cl of v.calcClusters) {
      const cb = clusterBox(v, cl);
      const box = region(v, cb.minX, cb.minY, cb.maxX, cb.maxY);
      const label = calcBoxes.some((b) => boxesOverlap(box, b)) ? 1 : 0;
      const features = calcFeatures({ count: cl.spots.length, brightest: cl.brightest, meanSnr: cl.meanSnr });
      rows.calcification.push({ features, label, seed: opts.seed });
      candidates[key].push({ kind: 'calcification', features, nippleDistanceMm: nippleDistanceMm(v, cb.minX, cb.minY, cb.maxX, cb.maxY), label });
    }
  }
  for (const [r, l] of [['r_cc', 'l_cc'], ['r_mlo', 'l_mlo']] as const) {
    const asym = findAsymmetry(analyses[r], analyses[l]);
    if (!asym) continue;
    const owner = analyses[asym.key];
    const box = region(owner, asym.minX, asym.minY, asym.maxX, asym.maxY);
    const label = lesionBoxes(study, asym.key).some((les) => les.kind === 'mass' && boxesOverlap(box, les.box)) ? 1 : 0;
    const features = asymmetryFeatures(asym);
    rows.asymmetry.push({ features, label, seed: opts.seed });
    candidates[asym.key].push({ kind: 'asymmetry', features, nippleDistanceMm: nippleDistanceMm(owner, asym.minX, asym.minY, asym.maxX, asym.maxY), label });
  }
  rows.agreement ??= [];
  rows.views ??= [];
  const variant = opts.mass ? 'mass' : opts.calcifications ? 'calcification' : 'clean';
  const viewId = (key: string) => `${opts.seed}/${variant}/${key}`;
  for (const key of VIEW_KEYS) rows.views.push({ view: viewId(key), seed: opts.seed, hasLesion: lesionBoxes(study, key).length > 0 });
  for (const [cc, mlo] of [['r_cc', 'r_mlo'], ['l_cc', 'l_mlo']] as const) {
    for (const [here, there] of [[cc, mlo], [mlo, cc]] as const) {
      for (const c of candidates[here]) {
        const partners = candidates[there].filter((o) => isPartner(c, o, AGREEMENT_ROW_DISTANCE_MM)).map((o) => o.features);
        rows.agreement.push({ kind: c.kind, own: c.features, partners, label: c.label, seed: opts.seed, view: viewId(here) } as AgreementRow);
      }
    }
  }
}
