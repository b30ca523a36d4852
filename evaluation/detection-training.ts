/**
 * Training rows for the detection suspicion models (server/analysis/image/suspicion-models.ts),
 * from real films with located lesions and films without findings (a labelled set such as
 * ../shared/data/real-labelled): every mass candidate, calcification cluster and left-right
 * asymmetry the engine proposes, with its features, where it lies in the input PNG and which
 * lesion (if any) it points at. The films take the path an upload takes (evaluation/film.ts);
 * the labels are read only to mark the rows.
 */
import { findAsymmetry } from '../server/analysis/image/asymmetry';
import { asymmetryFeatures, calcFeatures, massFeatures } from '../server/analysis/image/suspicion-models';
import { clusterBox, massBox } from '../server/analysis/image/detection';
import type { ViewAnalysis } from '../server/analysis/image/view';
import { analyzeView } from '../server/analysis/image/view';
import { VIEW_KEYS, type ViewKey } from '../core/contract/scores';
import { analyseFilm, coarseToInput } from './film';
import { boxesOverlap, decodedPhantom, lesionBoxes } from './phantom-eval';
import { womanOf, type LabelledImage, type LabelledSet, type Lesion } from './labelled-set';
import { lesionHitRadiusPx, located } from './metrics';

export type CandidateKind = 'mass' | 'calcification' | 'asymmetry';

/** One candidate of one film. */
export interface CandidateRow {
  kind: CandidateKind;
  features: Record<string, number>;
  /** Centre in the input PNG's pixels. */
  x: number;
  y: number;
  /** Centre on the engine's analysis grid, mm (what the region rule measures distances in). */
  xMm: number;
  yMm: number;
  /** Index of the located lesion of the film whose circle holds the centre, or -1. */
  lesion: number;
}

/** One film: its candidates and what the metrics need (never used as a feature). */
export interface FilmRows {
  id: string;
  woman: string;
  /** Phantom views only ever train; every figure is computed on real films. */
  phantom?: boolean;
  abnormal: boolean;
  /** Located lesions of the film (x, y, r given). */
  lesions: number;
  /** The film's percent density and dense area, for the merged reference (null: unmeasured). */
  percentDensity: number | null;
  denseAreaCm2: number | null;
  candidates: CandidateRow[];
}

function lesionAt(img: LabelledImage, x: number, y: number): number {
  return located(img).findIndex((l) => Math.hypot(x - (l.x as number), y - (l.y as number)) <= lesionHitRadiusPx(l, img));
}

function candidatesOf(a: ViewAnalysis, img: LabelledImage): CandidateRow[] {
  const out: CandidateRow[] = [];
  const add = (kind: CandidateKind, features: Record<string, number>, box: { minX: number; minY: number; maxX: number; maxY: number }) => {
    const cx = (box.minX + box.maxX) / 2;
    const cy = (box.minY + box.maxY) / 2;
    const p = coarseToInput(a, img, cx, cy);
    out.push({ kind, features, x: p.x, y: p.y, xMm: cx * a.coarseSpacingMm, yMm: cy * a.coarseSpacingMm, lesion: lesionAt(img, p.x, p.y) });
  };
  for (const m of a.masses) add('mass', massFeatures({ ...m, radiusMm: m.radiusPx * a.coarseSpacingMm }), massBox(m));
  for (const c of a.calcClusters) add('calcification', calcFeatures({ count: c.spots.length, brightest: c.brightest, meanSnr: c.meanSnr }), clusterBox(a, c));
  return out;
}

/**
 * The rows of every film of the set that says whether it has findings (`abnormal`), woman by
 * woman so that a woman's left and right films of one view give her asymmetry rows.
 */
export async function collectRows(set: LabelledSet, log: (line: string) => void = () => {}): Promise<FilmRows[]> {
  const films = set.images.filter((img) => typeof img.abnormal === 'boolean');
  const byWoman = new Map<string, LabelledImage[]>();
  for (const img of films) byWoman.set(womanOf(img), [...(byWoman.get(womanOf(img)) ?? []), img]);
  const out: FilmRows[] = [];
  const started = Date.now();
  for (const [woman, imgs] of byWoman) {
    const analysed: { img: LabelledImage; a: ViewAnalysis | null; rows: FilmRows }[] = [];
    for (const img of imgs) {
      let a: ViewAnalysis | null = null;
      try {
        a = (await analyseFilm(set, img)).analysis;
      } catch (e) {
        log(`${img.id}: not analysed (${e instanceof Error ? e.message : String(e)})`);
      }
      const rows: FilmRows = {
        id: img.id,
        woman,
        abnormal: img.abnormal as boolean,
        lesions: located(img).length,
        percentDensity: a?.density?.percentDensity ?? null,
        denseAreaCm2: a?.density?.denseAreaCm2 ?? null,
        candidates: a && a.density ? candidatesOf(a, img) : [],
      };
      analysed.push({ img, a, rows });
      out.push(rows);
    }
    // Left-right asymmetry: one per view position with both breasts, owned by the denser side.
    for (const left of analysed.filter((f) => f.img.laterality === 'L' && f.a)) {
      const right = analysed.find((f) => f.img.laterality === 'R' && f.img.view === left.img.view && f.a);
      if (!right) continue;
      const asym = findAsymmetry(left.a as ViewAnalysis, right.a as ViewAnalysis);
      if (!asym) continue;
      const owner = asym.key === left.a?.key ? left : right;
      const a = owner.a as ViewAnalysis;
      const cx = (asym.minX + asym.maxX) / 2;
      const cy = (asym.minY + asym.maxY) / 2;
      const p = coarseToInput(a, owner.img, cx, cy);
      owner.rows.candidates.push({ kind: 'asymmetry', features: asymmetryFeatures(asym), x: p.x, y: p.y, xMm: cx * a.coarseSpacingMm, yMm: cy * a.coarseSpacingMm, lesion: lesionAt(owner.img, p.x, p.y) });
    }
    if (out.length % 20 < imgs.length) log(`analysed ${out.length}/${films.length} films (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  return out;
}

/**
 * Rows from phantom studies of the project's corpus (seeds `first` onward; the tests and the
 * phantom report use lower seeds), each seed as a study with an inserted mass (contrast 0.8-3), one
 * with a calcification cluster and one with neither. They teach the models what an unmistakable
 * lesion looks like, which the few real films with lesions rarely show; a mass candidate is
 * positive when its centre is in the mass's box, a cluster or an asymmetry when its box overlaps.
 */
export async function phantomRows(seeds: number, first: number, size: { width: number; height: number }, log: (line: string) => void = () => {}): Promise<FilmRows[]> {
  const out: FilmRows[] = [];
  for (let seed = first; seed < first + seeds; seed++) {
    const breast = seed % 2 === 0 ? 'left' : 'right';
    const contrast = 0.8 + 2.2 * ((seed * 0.6180339887) % 1);
    const variants = [{ mass: { breast, contrast } }, { calcifications: { breast } }, {}] as const;
    for (const [k, variant] of variants.entries()) {
      const { study, views } = await decodedPhantom({ seed, ...size, ...variant });
      const analyses = {} as Record<ViewKey, ViewAnalysis>;
      const rows = {} as Record<ViewKey, FilmRows>;
      for (const key of VIEW_KEYS) {
        const a = analyzeView(views[key]);
        analyses[key] = a;
        const lesions = lesionBoxes(study, key);
        const fraction = (box: { minX: number; minY: number; maxX: number; maxY: number }) => {
          const [sy, sx] = a.coarseScale;
          const cx = ((box.minX + box.maxX) / 2) * sx;
          const x = (a.flipped ? a.displayWidth - cx : cx) / a.displayWidth;
          return { x, y: (((box.minY + box.maxY) / 2) * sy) / a.displayHeight };
        };
        const onLesion = (kind: 'mass' | 'calcification', box: { minX: number; minY: number; maxX: number; maxY: number }, point: boolean) => {
          const f = fraction(box);
          const [sy, sx] = a.coarseScale;
          const w = point ? 1e-9 : ((box.maxX - box.minX) * sx) / a.displayWidth;
          const h = point ? 1e-9 : ((box.maxY - box.minY) * sy) / a.displayHeight;
          const probe = { x: f.x - w / 2, y: f.y - h / 2, width: w, height: h };
          return lesions.some((l) => l.kind === kind && boxesOverlap(probe, l.box)) ? 0 : -1;
        };
        const candidates: CandidateRow[] = [];
        const push = (kind: CandidateKind, features: Record<string, number>, box: { minX: number; minY: number; maxX: number; maxY: number }, lesion: number) => {
          const f = fraction(box);
          candidates.push({ kind, features, x: f.x * a.displayWidth, y: f.y * a.displayHeight, xMm: ((box.minX + box.maxX) / 2) * a.coarseSpacingMm, yMm: ((box.minY + box.maxY) / 2) * a.coarseSpacingMm, lesion });
        };
        for (const m of a.masses) push('mass', massFeatures({ ...m, radiusMm: m.radiusPx * a.coarseSpacingMm }), massBox(m), onLesion('mass', massBox(m), true));
        for (const c of a.calcClusters) push('calcification', calcFeatures({ count: c.spots.length, brightest: c.brightest, meanSnr: c.meanSnr }), clusterBox(a, c), onLesion('calcification', clusterBox(a, c), false));
        rows[key] = {
          id: `phantom-${seed}-${k}-${key}`,
          woman: `phantom-${seed}`,
          phantom: true,
          abnormal: lesions.length > 0,
          lesions: lesions.length > 0 ? 1 : 0,
          percentDensity: a.density?.percentDensity ?? null,
          denseAreaCm2: a.density?.denseAreaCm2 ?? null,
          candidates,
        };
      }
      for (const [r, l] of [['r_cc', 'l_cc'], ['r_mlo', 'l_mlo']] as const) {
        const asym = findAsymmetry(analyses[r], analyses[l]);
        if (!asym) continue;
        const a = analyses[asym.key];
        const lesion = boxOverlapsMass(study, asym.key, a, asym) ? 0 : -1;
        rows[asym.key].candidates.push({ kind: 'asymmetry', features: asymmetryFeatures(asym), x: 0, y: 0, xMm: ((asym.minX + asym.maxX) / 2) * a.coarseSpacingMm, yMm: ((asym.minY + asym.maxY) / 2) * a.coarseSpacingMm, lesion });
      }
      out.push(...VIEW_KEYS.map((key) => rows[key]));
    }
    log(`phantom seed ${seed}: ${out.length} views`);
  }
  return out;
}

function boxOverlapsMass(study: Parameters<typeof lesionBoxes>[0], key: ViewKey, a: ViewAnalysis, box: { minX: number; minY: number; maxX: number; maxY: number }): boolean {
  const [sy, sx] = a.coarseScale;
  let x0 = (box.minX * sx) / a.displayWidth;
  let x1 = ((box.maxX + 1) * sx) / a.displayWidth;
  if (a.flipped) [x0, x1] = [1 - x1, 1 - x0];
  const probe = { x: x0, y: (box.minY * sy) / a.displayHeight, width: x1 - x0, height: ((box.maxY + 1 - box.minY) * sy) / a.displayHeight };
  return lesionBoxes(study, key).some((l) => l.kind === 'mass' && boxesOverlap(probe, l.box));
}
