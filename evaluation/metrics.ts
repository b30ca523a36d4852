/**
 * The figures of issue 14, computed from a predictions file and the labels of the same set. Pure:
 * no file is read here (pectoral Dice values come in from the caller, who has the masks), so the
 * same predictions and labels always print the same report. Which films a metric uses is decided
 * by their label fields (density scale, patient, mask, abnormal, lesions), never by name or source.
 */
import type { LabelledImage, Lesion } from './labelled-set';
import type { FilmPrediction, PredictedRegion, PredictionsFile } from './predict';

// ---- statistics -------------------------------------------------------------------------------

/** 1-based ranks; tied values share the average of the ranks they span. */
export function ranks(v: readonly number[]): number[] {
  const order = v.map((_, i) => i).sort((a, b) => v[a] - v[b]);
  const out = new Array<number>(v.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && v[order[j + 1]] === v[order[i]]) j++;
    const avg = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[order[k]] = avg;
    i = j + 1;
  }
  return out;
}

function pearson(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  if (n < 2 || b.length !== n) return NaN;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : NaN;
}

/** Spearman rank correlation: Pearson on average ranks (NaN when either side is constant or n < 2). */
export function spearman(a: readonly number[], b: readonly number[]): number {
  return pearson(ranks(a), ranks(b));
}

export function meanAbsoluteError(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return NaN;
  return a.reduce((s, x, i) => s + Math.abs(x - b[i]), 0) / a.length;
}

export function mean(v: readonly number[]): number {
  return v.length ? v.reduce((s, x) => s + x, 0) / v.length : NaN;
}

export function median(v: readonly number[]): number {
  if (v.length === 0) return NaN;
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Area under the ROC curve: the chance a positive outscores a negative, ties counting half. */
export function auc(positives: readonly number[], negatives: readonly number[]): number {
  if (positives.length === 0 || negatives.length === 0) return NaN;
  let wins = 0;
  for (const p of positives) for (const q of negatives) wins += p > q ? 1 : p === q ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

/** Smallest hit radius, mm: a lesion circle smaller than this still counts a region nearby (issue 15). */
export const MIN_HIT_RADIUS_MM = 5;
/** The same in pixels when a film gives no pixel spacing (5 mm at the 0.2 mm of MIAS films). */
export const MIN_HIT_RADIUS_PX = 25;

/** The radius, in input pixels, within which a region's centre finds the lesion. */
export function lesionHitRadiusPx(l: Lesion, img: Pick<LabelledImage, 'pixelSpacingMm'>): number {
  const floor = img.pixelSpacingMm ? MIN_HIT_RADIUS_MM / img.pixelSpacingMm : MIN_HIT_RADIUS_PX;
  return Math.max(l.r ?? 0, floor);
}

/** A region finds a lesion when its centre lies inside the lesion's circle (radius at least 5 mm). */
export function regionHitsLesion(r: PredictedRegion, l: Lesion, img: Pick<LabelledImage, 'pixelSpacingMm'>): boolean {
  if (l.x === null || l.y === null || l.r === null) return false;
  return Math.hypot(r.x - l.x, r.y - l.y) <= lesionHitRadiusPx(l, img);
}

/** One film's regions for the free-response curve: each region's score and the lesions it finds. */
export interface FrocFilm {
  regions: { score: number; hits: readonly number[] }[];
  /** Located lesions of the film (the sensitivity's denominator). */
  lesions: number;
}

/**
 * Lesion sensitivity at a given number of false regions per image (a point of the FROC curve):
 * the regions of every film pooled and taken from the highest score down while the false ones
 * (finding no lesion) stay within `rate` per film; regions of equal score go in together. A
 * lesion counts once, however many regions find it.
 */
export function sensitivityAtFalseRate(films: readonly FrocFilm[], rate: number): number {
  const total = films.reduce((s, f) => s + f.lesions, 0);
  if (total === 0 || films.length === 0) return NaN;
  return lesionsFoundAtFalseRate(films, rate).size / total;
}

/**
 * The lesions sensitivityAtFalseRate counts as found, as `film/lesion` keys (the film's index in
 * `films`, the lesion's among its located lesions): for the same figure by kind of lesion.
 */
export function lesionsFoundAtFalseRate(films: readonly FrocFilm[], rate: number): Set<string> {
  const pooled = films.flatMap((f, i) => f.regions.map((r) => ({ ...r, film: i }))).sort((a, b) => b.score - a.score);
  const found = new Set<string>();
  let falses = 0;
  for (let i = 0; i < pooled.length; ) {
    let j = i;
    const group: typeof pooled = [];
    while (j < pooled.length && pooled[j].score === pooled[i].score) group.push(pooled[j++]);
    falses += group.filter((r) => r.hits.length === 0).length;
    if (falses > rate * films.length) break;
    for (const r of group) for (const h of r.hits) found.add(`${r.film}/${h}`);
    i = j;
  }
  return found;
}

// ---- the report -------------------------------------------------------------------------------

/** Stable names of the figures: the score-quality report and the page read them by these. */
export type MetricId =
  | 'density.annotated.spearman'
  | 'density.annotated.meanAbsoluteError'
  | 'density.mias.spearman'
  | 'density.mias.median.F'
  | 'density.mias.median.G'
  | 'density.mias.median.D'
  | 'density.pairs.meanAbsoluteDifference'
  | 'pectoral.dice.mean'
  | 'pectoral.dice.median'
  | 'detection.imageAuc'
  | 'detection.sensitivity.allRegions'
  | 'detection.sensitivity.topRegion'
  | 'detection.sensitivity.at1FalsePerImage'
  | 'detection.sensitivity.atQuarterFalsePerImage'
  | 'detection.falseRegionsPerNormalImage'
  | 'detection.normalsAtOrAboveQ90'
  | 'merged.normalsAtOrAboveQ90';

export interface Goal {
  op: '>=' | '<=';
  target: number;
}

/** One printed line: a value with its n and goal, or a check (passes or not), or plain text. */
export type ReportLine =
  | { kind: 'metric'; id: MetricId; label: string; value: number; n: number; digits: number; goal?: Goal }
  | { kind: 'check'; label: string; ok: boolean; goal: string }
  | { kind: 'text'; text: string };

export interface ReportSection {
  title: string;
  lines: ReportLine[];
}

const MIAS_CODE: Record<string, number> = { F: 0, G: 1, D: 2 };

interface Joined {
  img: LabelledImage;
  pred: FilmPrediction;
}

function metric(id: MetricId, label: string, value: number, n: number, digits: number, goal?: Goal): ReportLine {
  return { kind: 'metric', id, label, value, n, digits, ...(goal ? { goal } : {}) };
}
const text = (t: string): ReportLine => ({ kind: 'text', text: t });
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const none = (what: string): ReportLine => text(`no films of this kind (${what})`);

function unmeasuredNote(films: Joined[]): ReportLine[] {
  const k = films.filter((f) => f.pred.density.percent === null).length;
  return k ? [text(`${k} of ${films.length} films unmeasured by the engine (percent null): left out`)] : [];
}

function ddsmSection(films: Joined[]): ReportSection {
  const title = 'Density against annotated fibroglandular percent';
  const all = films.filter((f) => f.img.density?.scale === 'annotated fibroglandular percent');
  if (!all.length) return { title, lines: [none("density scale 'annotated fibroglandular percent'")] };
  const ok = all.filter((f) => f.pred.density.percent !== null);
  const pred = ok.map((f) => f.pred.density.percent as number);
  const truth = ok.map((f) => (f.img.density?.scale === 'annotated fibroglandular percent' ? f.img.density.percent : NaN));
  return {
    title,
    lines: [
      metric('density.annotated.spearman', 'Spearman, percent vs annotated percent', spearman(pred, truth), ok.length, 3, { op: '>=', target: 0.85 }),
      metric('density.annotated.meanAbsoluteError', 'mean absolute error, percent points', meanAbsoluteError(pred, truth), ok.length, 2, { op: '<=', target: 8 }),
      ...unmeasuredNote(all),
    ],
  };
}

function miasSection(films: Joined[]): ReportSection {
  const title = 'Density against background tissue F < G < D';
  const labelOf = (f: Joined): string | null => (f.img.density?.scale === 'MIAS background tissue' ? f.img.density.label : null);
  const all = films.filter((f) => labelOf(f) !== null);
  if (!all.length) return { title, lines: [none("density scale 'MIAS background tissue'")] };
  const ok = all.filter((f) => f.pred.density.percent !== null);
  const pred = ok.map((f) => f.pred.density.percent as number);
  const code = ok.map((f) => MIAS_CODE[labelOf(f) as string]);
  const lines: ReportLine[] = [metric('density.mias.spearman', 'Spearman, percent vs F/G/D coded 0/1/2', spearman(pred, code), ok.length, 3, { op: '>=', target: 0.8 })];
  const medians: number[] = [];
  for (const label of ['F', 'G', 'D']) {
    const of = ok.filter((f) => labelOf(f) === label);
    const m = median(of.map((f) => f.pred.density.percent as number));
    medians.push(m);
    const grades = new Map<string, number>();
    for (const f of of) grades.set(f.pred.density.grade ?? '-', (grades.get(f.pred.density.grade ?? '-') ?? 0) + 1);
    const dist = [...grades].sort(([a], [b]) => a.localeCompare(b)).map(([g, k]) => `${g} ${k}`).join(', ');
    lines.push(metric(`density.mias.median.${label}` as MetricId, `median percent, label ${label}`, m, of.length, 2));
    lines.push(text(`  grades given to label ${label}: ${dist || 'none'}`));
  }
  // A label absent from the set leaves its median unknown: the order cannot be judged, which is
  // not the same as the engine getting it wrong (a held-out set of only fatty films, say).
  const absent = ['F', 'G', 'D'].filter((_, i) => !Number.isFinite(medians[i]));
  if (absent.length) lines.push(text(`median percent by label: goal rising F < G < D not judged: no films labelled ${absent.join(', ')}`));
  else lines.push({ kind: 'check', label: 'median percent by label', ok: medians[0] < medians[1] && medians[1] < medians[2], goal: 'rising F < G < D' });
  lines.push(...unmeasuredNote(all));
  return { title, lines };
}

/** The women with exactly one left and one right MLO film: their two films, in input order. */
export function leftRightMloPairs<T extends { img: Pick<LabelledImage, 'patient' | 'view' | 'laterality'> }>(films: readonly T[]): [T, T][] {
  const byWoman = new Map<string, T[]>();
  for (const f of films) {
    if (!f.img.patient || f.img.view !== 'MLO') continue;
    byWoman.set(f.img.patient, [...(byWoman.get(f.img.patient) ?? []), f]);
  }
  return [...byWoman.values()].filter((p): p is [T, T] => p.length === 2 && p.some((f) => f.img.laterality === 'L') && p.some((f) => f.img.laterality === 'R'));
}

function pairsSection(films: Joined[]): ReportSection {
  const title = 'Left-right agreement: the two MLO films of one woman';
  const pairs = leftRightMloPairs(films);
  if (!pairs.length) return { title, lines: [none('a woman with one left and one right MLO film')] };
  const measured = pairs.filter((p) => p.every((f) => f.pred.density.percent !== null));
  const diffs = measured.map(([a, b]) => Math.abs((a.pred.density.percent as number) - (b.pred.density.percent as number)));
  const lines = [metric('density.pairs.meanAbsoluteDifference', 'mean absolute difference of percent, pairs', mean(diffs), measured.length, 2, { op: '<=', target: 5 })];
  if (measured.length < pairs.length) lines.push(text(`${pairs.length - measured.length} of ${pairs.length} pairs have an unmeasured film: left out`));
  return { title, lines };
}

function pectoralSection(films: Joined[], dices: ReadonlyMap<string, number> | null): ReportSection {
  const title = 'Pectoral muscle against the masks (255 region)';
  const withMask = films.filter((f) => f.img.mask);
  if (!withMask.length) return { title, lines: [none('a tissue mask')] };
  if (!dices) return { title, lines: [text('not computed: Dice needs the engine masks, which only a prediction run has (not --metrics-only)')] };
  const values = withMask.flatMap((f) => (dices.has(f.img.id) ? [dices.get(f.img.id) as number] : []));
  const lines = [
    metric('pectoral.dice.mean', 'mean Dice', mean(values), values.length, 3, { op: '>=', target: 0.85 }),
    metric('pectoral.dice.median', 'median Dice', median(values), values.length, 3, { op: '>=', target: 0.85 }),
    // The mean and median part ways when the muscle is missed outright: say how often.
    text(`${values.filter((d) => d < 0.85).length} films below 0.85, ${values.filter((d) => d === 0).length} at 0 (muscle missed or found where there is none)`),
  ];
  if (values.length < withMask.length) lines.push(text(`${withMask.length - values.length} films with a mask were not analysed: left out`));
  return { title, lines };
}

export function located(img: LabelledImage): Lesion[] {
  return (img.lesions ?? []).filter((l) => l.x !== null && l.y !== null && l.r !== null);
}

/** One kind of lesion's share of the detection figures (byLesionKind). */
export interface LesionKindFigures {
  kind: string;
  /** Films with a located lesion of this kind that the engine scored. */
  films: number;
  /** Their detection scores against those of the films without findings. */
  imageAuc: number;
  /** Located lesions of this kind, and how many of them a region finds at 1 false region per image. */
  lesions: number;
  found: number;
}

/** One film as byLesionKind reads it: its located lesions (in the order FrocFilm hits count them) and its detection score. */
export interface KindFilm {
  lesions: readonly Pick<Lesion, 'kind'>[];
  score: number | null;
}

/**
 * The detection figures by kind of lesion (the manifest's `kind`: CALC, CIRC, SPIC...): what the
 * overall figures average over, since a reader's eye and the engine's detectors find some kinds
 * far more easily than others. `films` and `froc` are in the same order; `normalScores` are the
 * detection scores of the films without findings. A film with lesions of two kinds counts for both.
 * Used on a predictions file (npm run evaluate) and on held-out scores (npm run train:detection).
 */
export function byLesionKind(films: readonly KindFilm[], froc: readonly FrocFilm[], normalScores: readonly number[]): LesionKindFigures[] {
  const found = lesionsFoundAtFalseRate(froc, 1);
  const kinds = new Map<string, { scores: number[]; lesions: number; found: number }>();
  films.forEach((f, i) => {
    const seen = new Set<string>();
    f.lesions.forEach((l, j) => {
      const k = kinds.get(l.kind) ?? { scores: [], lesions: 0, found: 0 };
      kinds.set(l.kind, k);
      k.lesions++;
      if (found.has(`${i}/${j}`)) k.found++;
      if (!seen.has(l.kind) && f.score !== null) k.scores.push(f.score);
      seen.add(l.kind);
    });
  });
  return [...kinds.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, k]) => ({ kind, films: k.scores.length, imageAuc: auc(k.scores, normalScores), lesions: k.lesions, found: k.found }));
}

function detectionSection(films: Joined[]): ReportSection {
  const title = 'Detection against lesion circles (films that say whether they have findings)';
  const rated = films.filter((f) => typeof f.img.abnormal === 'boolean');
  if (!rated.length) return { title, lines: [none('abnormal given')] };
  const scored = rated.filter((f) => f.pred.detection.score !== null);
  const withLesion = scored.filter((f) => located(f.img).length > 0);
  const normals = scored.filter((f) => !f.img.abnormal);
  const pos = withLesion.map((f) => f.pred.detection.score as number);
  const neg = normals.map((f) => f.pred.detection.score as number);
  const lines: ReportLine[] = [
    metric('detection.imageAuc', `image AUC, films with a located lesion (${pos.length}) vs without findings (${neg.length})`, auc(pos, neg), pos.length + neg.length, 3, { op: '>=', target: 0.75 }),
  ];
  const lesions = rated.reduce((s, f) => s + located(f.img).length, 0);
  if (lesions) {
    // Every region of every rated film: a region finding no lesion is a false region.
    const froc: FrocFilm[] = rated.map((f) => {
      const ls = located(f.img);
      return {
        lesions: ls.length,
        regions: f.pred.detection.regions.map((r) => ({ score: r.score, hits: ls.flatMap((l, i) => (regionHitsLesion(r, l, f.img) ? [i] : [])) })),
      };
    });
    lines.push(metric('detection.sensitivity.at1FalsePerImage', 'lesion sensitivity at 1 false region per image', sensitivityAtFalseRate(froc, 1), lesions, 3, { op: '>=', target: 0.6 }));
    lines.push(metric('detection.sensitivity.atQuarterFalsePerImage', 'lesion sensitivity at 0.25 false regions per image', sensitivityAtFalseRate(froc, 0.25), lesions, 3, { op: '>=', target: 0.4 }));
    const hitTop = rated.reduce((s, f) => {
      const top = [...f.pred.detection.regions].sort((a, b) => b.score - a.score)[0];
      return s + (top ? located(f.img).filter((l) => regionHitsLesion(top, l, f.img)).length : 0);
    }, 0);
    lines.push(metric('detection.sensitivity.topRegion', 'lesion sensitivity, top region only', hitTop / lesions, lesions, 3));
    lines.push(text(`  a region finds a lesion when its centre lies in the lesion's circle, radius at least ${MIN_HIT_RADIUS_MM} mm (${MIN_HIT_RADIUS_PX} px without pixel spacing)`));
    lines.push(text('by kind of lesion (the films of each kind against every film without findings; sensitivity at the 1-false-region threshold above):'));
    for (const k of byLesionKind(rated.map((f) => ({ lesions: located(f.img), score: f.pred.detection.score })), froc, neg)) {
      const a = Number.isFinite(k.imageAuc) ? k.imageAuc.toFixed(3) : 'undefined';
      lines.push(text(`  ${k.kind}: image AUC ${a} (${plural(k.films, 'film')}), sensitivity ${(k.found / k.lesions).toFixed(3)} (${k.found} of ${plural(k.lesions, 'lesion')})`));
    }
  } else lines.push(text('no located lesions (x, y, r given): sensitivity not computed'));
  if (normals.length) {
    lines.push(metric('detection.falseRegionsPerNormalImage', 'regions per film without findings', mean(normals.map((f) => f.pred.detection.regions.length)), normals.length, 2));
    const high = normals.filter((f) => (f.pred.detection.quantile as number) >= 0.9).length / normals.length;
    lines.push(metric('detection.normalsAtOrAboveQ90', 'films without findings at or above detection quantile 0.9', high, normals.length, 3));
    lines.push({ kind: 'check', label: 'films without findings at or above detection quantile 0.9', ok: high >= 0.03 && high <= 0.2, goal: 'between 3 % and 20 %' });
  }
  return { title, lines };
}

/**
 * The merged score's top band on films without findings: each film at every age 40-74 (weighted
 * by the population; the films carry no age), its detection quantile as predicted and the risk and
 * masking quantiles of its predicted density, ranked against the shipped merged reference.
 */
function mergedSection(films: Joined[], mergedShare: MergedBandShare | null): ReportSection {
  const title = "Merged score's top band (quantile 0.9 and above) on films without findings";
  const normals = films.filter((f) => f.img.abnormal === false && f.pred.density.percent !== null && f.pred.detection.quantile !== null);
  if (!normals.length || !mergedShare) return { title, lines: [none('abnormal false, density and detection measured')] };
  const share = mergedShare(normals.map((f) => ({ percentDensity: f.pred.density.percent as number, detectionQuantile: f.pred.detection.quantile as number })));
  return {
    title,
    lines: [
      metric('merged.normalsAtOrAboveQ90', 'share at or above merged quantile 0.9, ages 40-74', share, normals.length, 3),
      { kind: 'check', label: 'share in the top band', ok: share >= 0.05 && share <= 0.15, goal: 'about one in ten (5-15 %)' },
    ],
  };
}

/** The merged band share of films (given by the caller, who has the engine's references). */
export type MergedBandShare = (films: { percentDensity: number; detectionQuantile: number }[]) => number;

/**
 * The whole report. `dices` holds the pectoral Dice per film id (from a prediction run), or null
 * when only the predictions file is at hand.
 */
export function buildReport(
  predictions: PredictionsFile,
  images: readonly LabelledImage[],
  dices: ReadonlyMap<string, number> | null,
  mergedShare: MergedBandShare | null = null,
): ReportSection[] {
  const byId = new Map(predictions.images.map((p) => [p.id, p]));
  const films = images.flatMap((img) => (byId.has(img.id) ? [{ img, pred: byId.get(img.id) as FilmPrediction }] : []));
  const head: ReportSection = { title: `Engine ${predictions.engine}`, lines: [text(`${films.length} of ${images.length} labelled films have a prediction`)] };
  return [head, ddsmSection(films), miasSection(films), pairsSection(films), pectoralSection(films, dices), detectionSection(films), mergedSection(films, mergedShare)];
}

function formatLine(l: ReportLine): string {
  if (l.kind === 'text') return `  ${l.text}`;
  if (l.kind === 'check') return `  ${l.label}: goal ${l.goal}: ${l.ok ? 'met' : 'missed'}`;
  // A figure with nothing to compute it from (no films, or a single class) is not a miss.
  if (!Number.isFinite(l.value)) return `  ${l.label}: not measured (n=${l.n}${l.goal ? `; goal ${l.goal.op} ${l.goal.target}: not judged` : ''})`;
  const v = l.value.toFixed(l.digits);
  const goal = l.goal ? `; goal ${l.goal.op} ${l.goal.target}: ${meets(l.value, l.goal) ? 'met' : 'missed'}` : '';
  return `  ${l.label}: ${v} (n=${l.n}${goal})`;
}

export function meets(value: number, goal: Goal): boolean {
  return Number.isFinite(value) && (goal.op === '>=' ? value >= goal.target : value <= goal.target);
}

export function formatReport(sections: readonly ReportSection[]): string[] {
  return sections.flatMap((s) => [s.title, ...s.lines.map(formatLine)]);
}
