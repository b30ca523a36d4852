/**
 * Scores the engine against the phantom corpus' truth (server/phantom): density error and
 * detection hits, for the unit tests and evaluation/detection-report.ts. Studies go the whole way a
 * user's do: phantom -> DICOM files -> decodeDicom -> image analysis.
 */
import { VIEW_KEYS, type Region, type ViewKey } from '../core/contract/scores';
import { decodeDicom } from '../server/dicom/decode';
import type { DecodedView } from '../server/dicom/types';
import { generateStudy } from '../server/phantom/generate';
import type { CoarseMap, PhantomOptions, PhantomStudy, PixelBox } from '../server/phantom/types';
import { writeStudy } from '../server/phantom/write';
import { measureStudy, type StudyMeasurement } from '../server/analysis/image/study';

/** Phantom image size for a given width, keeping the full-field aspect (3328 x 4096). */
export function phantomSize(width: number): { width: number; height: number } {
  return { width, height: Math.round((width * 4096) / 3328) };
}

/** A phantom study as the engine receives it: written as DICOM and decoded again. */
export async function decodedPhantom(opts: PhantomOptions): Promise<{ study: PhantomStudy; views: Record<ViewKey, DecodedView> }> {
  const study = generateStudy(opts);
  const files = await writeStudy(study);
  const views = {} as Record<ViewKey, DecodedView>;
  for (const key of VIEW_KEYS) views[key] = { key, ...(await decodeDicom(files[key])) };
  return { study, views };
}

export async function measurePhantom(opts: PhantomOptions): Promise<{ study: PhantomStudy; measured: StudyMeasurement }> {
  const { study, views } = await decodedPhantom(opts);
  return { study, measured: measureStudy(views) };
}

/** Per-view percent density against the truth's dense fraction (both in percent). */
export function densityRows(study: PhantomStudy, measured: StudyMeasurement): { key: ViewKey; truth: number; measured: number | null }[] {
  return VIEW_KEYS.map((key) => ({
    key,
    truth: 100 * study.truth.views[key].denseFraction,
    measured: measured.views[key].percentDensity,
  }));
}

/** Mean of the four views' percent density (what the study's density is built from). */
export function studyPercentDensity(measured: StudyMeasurement): number | null {
  const v = VIEW_KEYS.map((k) => measured.views[k].percentDensity).filter((x): x is number => x !== null);
  return v.length === VIEW_KEYS.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
}

/**
 * A truth map (display orientation, on the phantom's work grid) resampled onto an analysis grid
 * of width x height that covers the same image, mirrored when the analysis flipped the view.
 */
export function truthOnGrid(map: CoarseMap, width: number, height: number, flipped: boolean): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const ty = Math.min(map.height - 1, Math.floor(((y + 0.5) / height) * map.height));
    for (let x = 0; x < width; x++) {
      const dx = flipped ? width - 1 - x : x;
      const tx = Math.min(map.width - 1, Math.floor(((dx + 0.5) / width) * map.width));
      out[y * width + x] = map.data[ty * map.width + tx];
    }
  }
  return out;
}

/** The truth box of a view as fractions of the image (the frame Regions use). */
export function truthBoxFraction(box: PixelBox, width: number, height: number): { x: number; y: number; width: number; height: number } {
  return { x: box.x / width, y: box.y / height, width: box.width / width, height: box.height / height };
}

/** Two boxes in image fractions share some area. */
export function boxesOverlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export type LesionKind = 'mass' | 'calcification';

/** The lesion boxes (image fractions) of one view of a study, of either kind. */
export function lesionBoxes(study: PhantomStudy, key: ViewKey): { kind: LesionKind; box: ReturnType<typeof truthBoxFraction> }[] {
  const t = study.truth.views[key];
  const { width, height } = study.views[key];
  const out: { kind: LesionKind; box: ReturnType<typeof truthBoxFraction> }[] = [];
  if (t.mass) out.push({ kind: 'mass', box: truthBoxFraction(t.mass, width, height) });
  if (t.calcifications) out.push({ kind: 'calcification', box: truthBoxFraction(t.calcifications, width, height) });
  return out;
}

export interface ViewDetectionOutcome {
  key: ViewKey;
  /** The inserted lesion's kind in this view, or null for a view without one. */
  lesion: LesionKind | null;
  /** The view's top region overlaps the lesion (false for views without one). */
  topHit: boolean;
  /** Some reported region overlaps the lesion. */
  anyHit: boolean;
  /** Reported regions that overlap no lesion, and those of them scored at least 0.5. */
  falseRegions: number;
  falseRegionsOver05: number;
  score: number | null;
  topKind: Region['kind'] | null;
}

/** How the engine's regions of one view compare with the truth. */
export function viewOutcome(study: PhantomStudy, measured: StudyMeasurement, key: ViewKey): ViewDetectionOutcome {
  const lesions = lesionBoxes(study, key);
  const regions = measured.views[key].regions;
  const overlapsLesion = (r: Region) => lesions.some((l) => boxesOverlap(r, l.box));
  const top = regions[0];
  const falseOnes = regions.filter((r) => !overlapsLesion(r));
  return {
    key,
    lesion: lesions[0]?.kind ?? null,
    topHit: !!top && lesions.length > 0 && overlapsLesion(top),
    anyHit: regions.some(overlapsLesion),
    falseRegions: falseOnes.length,
    falseRegionsOver05: falseOnes.filter((r) => r.score >= 0.5).length,
    score: measured.views[key].detectionScore,
    topKind: top?.kind ?? null,
  };
}

export interface LesionStudyOutcome {
  seed: number;
  kind: LesionKind;
  /** Per view of the study with the lesion. */
  views: ViewDetectionOutcome[];
  /** Per view of the same phantom without the lesion. */
  cleanViews: ViewDetectionOutcome[];
  /** Study detection score (max over views) with and without the lesion. */
  score: number;
  cleanScore: number;
  /** Score of the breast holding the lesion (max of its two views), with and without. */
  breastScore: number;
  cleanBreastScore: number;
}

/** One seed, with and without an inserted lesion of the given kind, in the breast the seed picks. */
export async function lesionStudy(seed: number, kind: LesionKind, size: { width: number; height: number }): Promise<LesionStudyOutcome> {
  const breast = seed % 2 === 0 ? 'left' : 'right';
  const base: PhantomOptions = { seed, ...size };
  const withLesion: PhantomOptions = kind === 'mass' ? { ...base, mass: { breast } } : { ...base, calcifications: { breast } };
  const a = await measurePhantom(withLesion);
  const b = await measurePhantom(base);
  const views = VIEW_KEYS.map((k) => viewOutcome(a.study, a.measured, k));
  const cleanViews = VIEW_KEYS.map((k) => viewOutcome(b.study, b.measured, k));
  const max = (xs: (number | null)[]) => Math.max(0, ...xs.map((x) => x ?? 0));
  const side = breast === 'left' ? (['l_cc', 'l_mlo'] as const) : (['r_cc', 'r_mlo'] as const);
  return {
    seed,
    kind,
    views,
    cleanViews,
    score: max(views.map((v) => v.score)),
    cleanScore: max(cleanViews.map((v) => v.score)),
    breastScore: max(side.map((k) => a.measured.views[k].detectionScore)),
    cleanBreastScore: max(side.map((k) => b.measured.views[k].detectionScore)),
  };
}

export interface DetectionSummary {
  studies: number;
  lesionViews: number;
  /** Share of lesion views whose top region overlaps the lesion. */
  sensitivityTop: number;
  /** Share of lesion views where any reported region overlaps the lesion. */
  sensitivityAny: number;
  /** Share of studies whose score is higher with the lesion than without. */
  scoreHigher: number;
  /** Reported regions overlapping no lesion, per image, over all images (with and without lesions). */
  falsePerImage: number;
  falsePerImageOver05: number;
  images: number;
}

export function summarise(outcomes: LesionStudyOutcome[]): DetectionSummary {
  const lesionViews = outcomes.flatMap((o) => o.views.filter((v) => v.lesion));
  const all = outcomes.flatMap((o) => [...o.views, ...o.cleanViews]);
  const share = (n: number, d: number) => (d ? n / d : 0);
  return {
    studies: outcomes.length,
    lesionViews: lesionViews.length,
    sensitivityTop: share(lesionViews.filter((v) => v.topHit).length, lesionViews.length),
    sensitivityAny: share(lesionViews.filter((v) => v.anyHit).length, lesionViews.length),
    scoreHigher: share(outcomes.filter((o) => o.score > o.cleanScore).length, outcomes.length),
    falsePerImage: share(all.reduce((s, v) => s + v.falseRegions, 0), all.length),
    falsePerImageOver05: share(all.reduce((s, v) => s + v.falseRegionsOver05, 0), all.length),
    images: all.length,
  };
}
