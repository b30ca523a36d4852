/**
 * `npm run evaluate` end to end on a labelled set made here (five generated films: a woman's MLO
 * pair read F and D, another film read G, two films with annotated percent and a tissue mask), then
 * the printed figures checked against values worked out by hand from the predictions and labels.
 * Never reads ../shared.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_MODELS } from '../../server/analysis/model-registry';
import { evaluate, runCli, type EvaluateResult } from '../../evaluation/evaluate';
import { analyseFilm, coarseMaskToInput } from '../../evaluation/film';
import { readLabelledSet, type LabelledImage } from '../../evaluation/labelled-set';
import { auc, buildReport, byLesionKind, formatReport, leftRightMloPairs, meanAbsoluteError, median, ranks, regionHitsLesion, sensitivityAtFalseRate, spearman, type ReportSection } from '../../evaluation/metrics';
import type { FilmPrediction } from '../../evaluation/predict';
import { dice } from '../../evaluation/segmentation-metrics';
import { rng } from './image-synthetic';

const W = 240;
const H = 320;

interface FilmSpec {
  chestWallRight: boolean;
  /** Share of the breast's brightness added as glandular texture (0-1). */
  dense: number;
  blob: { x: number; y: number; r: number } | null;
  seed: number;
}

/** An 8-bit MLO film: half-ellipse breast on black, brighter pectoral wedge, texture, optional blob; and its tissue mask. */
function drawFilm(s: FilmSpec): { pixels: Uint8Array; mask: Uint8Array } {
  const rand = rng(s.seed);
  const pixels = new Uint8Array(W * H);
  const mask = new Uint8Array(W * H).fill(64);
  for (let y = 0; y < H; y++) {
    for (let x0 = 0; x0 < W; x0++) {
      const x = s.chestWallRight ? W - 1 - x0 : x0; // distance-like coordinate from the chest wall
      const i = y * W + x0;
      const r2 = (x / (W * 0.75)) ** 2 + ((y - H * 0.4) / (H * 0.62)) ** 2;
      if (r2 >= 1) {
        pixels[i] = Math.round(rand() * 4);
        continue;
      }
      const texture = 0.5 + 0.5 * Math.sin(x / 6) * Math.cos(y / 8);
      const glandular = texture > 1 - s.dense;
      let v = 70 + 40 * Math.min(1, 4 * Math.sqrt(1 - r2)) + (glandular ? 50 : 0) + rand() * 8;
      mask[i] = glandular ? 192 : 128;
      if (x + y * 0.5 < W * 0.3) {
        v = 200 + rand() * 8;
        mask[i] = 255;
      }
      if (s.blob && Math.hypot(x0 - s.blob.x, y - s.blob.y) < s.blob.r) v = Math.min(255, v + 70);
      pixels[i] = Math.round(Math.min(255, v));
    }
  }
  return { pixels, mask };
}

const png = (data: Uint8Array) => sharp(Buffer.from(data), { raw: { width: W, height: H, channels: 1 } }).png().toBuffer();

const tmp = mkdtempSync(path.join(os.tmpdir(), 'evaluate-'));
const dir = path.join(tmp, 'fixture-set');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const base = { source: 'generated', view: 'MLO' as const, width: W, height: H };
const IMAGES: (LabelledImage & { spec: FilmSpec })[] = [
  { ...base, id: 'w1-left', image: 'films/a.png', laterality: 'L', patient: 'w1', pixelSpacingMm: 0.2,
    density: { scale: 'MIAS background tissue', label: 'F' }, abnormal: false, lesions: [],
    spec: { chestWallRight: false, dense: 0.1, blob: null, seed: 1 } },
  { ...base, id: 'w1-right', image: 'films/b.png', laterality: 'R', patient: 'w1', pixelSpacingMm: 0.2,
    density: { scale: 'MIAS background tissue', label: 'D' }, abnormal: true,
    lesions: [{ kind: 'CIRC', severity: 'M', x: 90, y: 170, r: 14 }, { kind: 'CALC', severity: 'B', x: null, y: null, r: null }],
    spec: { chestWallRight: true, dense: 0.6, blob: { x: 90, y: 170, r: 12 }, seed: 2 } },
  { ...base, id: 'w2-left', image: 'films/c.png', laterality: 'L', patient: 'w2', pixelSpacingMm: 0.2,
    density: { scale: 'MIAS background tissue', label: 'G' }, abnormal: true,
    lesions: [{ kind: 'CIRC', severity: 'B', x: 120, y: 140, r: 12 }],
    spec: { chestWallRight: false, dense: 0.3, blob: { x: 120, y: 140, r: 10 }, seed: 3 } },
  { ...base, id: 'annotated-1', image: 'films/d.png', mask: 'masks/d.png', laterality: 'R', pixelSpacingMm: null,
    density: { scale: 'annotated fibroglandular percent', percent: 12.5 },
    spec: { chestWallRight: true, dense: 0.15, blob: null, seed: 4 } },
  { ...base, id: 'annotated-2', image: 'films/e.png', mask: 'masks/e.png', laterality: 'L', pixelSpacingMm: null,
    density: { scale: 'annotated fibroglandular percent', percent: 55 },
    spec: { chestWallRight: false, dense: 0.55, blob: null, seed: 5 } },
];

function metricValue(report: ReportSection[], label: string): { value: number; n: number } {
  for (const s of report) for (const l of s.lines) if (l.kind === 'metric' && l.label.startsWith(label)) return { value: l.value, n: l.n };
  throw new Error(`no metric ${label}`);
}

/** Spearman without ties by the textbook formula, independent of the code under test. */
function spearmanNoTies(a: number[], b: number[]): number {
  const rank = (v: number[]) => v.map((x) => v.filter((y) => y < x).length + 1);
  const ra = rank(a);
  const rb = rank(b);
  const n = a.length;
  return 1 - (6 * ra.reduce((s, r, i) => s + (r - rb[i]) ** 2, 0)) / (n * (n * n - 1));
}

describe('metric primitives on hand-computed arrays', () => {
  it('ranks ties by their average rank, and Spearman uses them', () => {
    expect(ranks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
    expect(spearman([1, 2, 3], [10, 30, 20])).toBeCloseTo(0.5, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    // x ranks 1,2,3,4 vs y ranks 1,2.5,2.5,4: Pearson = 4.5 / sqrt(5 * 4.5).
    expect(spearman([1, 2, 3, 4], [0, 1, 1, 2])).toBeCloseTo(4.5 / Math.sqrt(5 * 4.5), 12);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNaN();
  });
  it('MAE, median, AUC and Dice', () => {
    expect(meanAbsoluteError([1, 5, 10], [2, 2, 10])).toBeCloseTo(4 / 3, 12);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    // Pairs (pos, neg): (0.9 > 0.2), (0.9 > 0.5), (0.5 = 0.5 counts half), (0.5 > 0.2): 3.5 / 4.
    expect(auc([0.9, 0.5], [0.2, 0.5])).toBeCloseTo(0.875, 12);
    expect(dice(Uint8Array.from([1, 1, 0, 0]), Uint8Array.from([1, 0, 1, 0]))).toBeCloseTo(0.5, 12);
    expect(dice(new Uint8Array(3), new Uint8Array(3))).toBe(1);
  });
  it('a region finds a lesion inside its circle, radius at least 5 mm (25 px without spacing)', () => {
    const region = { x: 100, y: 100, score: 0.5, kind: 'mass' as const };
    const noSpacing = { pixelSpacingMm: null };
    expect(regionHitsLesion(region, { kind: 'CIRC', x: 120, y: 100, r: 3 }, noSpacing)).toBe(true);
    expect(regionHitsLesion(region, { kind: 'CIRC', x: 130, y: 100, r: 20 }, noSpacing)).toBe(false);
    expect(regionHitsLesion(region, { kind: 'CIRC', x: 130, y: 100, r: 20 }, { pixelSpacingMm: 0.1 })).toBe(true);
    expect(regionHitsLesion(region, { kind: 'CIRC', x: 150, y: 100, r: 20 }, { pixelSpacingMm: 0.1 })).toBe(true);
    expect(regionHitsLesion(region, { kind: 'CIRC', x: 151, y: 100, r: 20 }, { pixelSpacingMm: 0.1 })).toBe(false);
    expect(regionHitsLesion(region, { kind: 'CALC', x: null, y: null, r: null }, noSpacing)).toBe(false);
  });
  it('lesion sensitivity at a rate of false regions per image (a FROC point), by hand', () => {
    // Two films, three lesions. Pooled by score: 0.9 finds A0; 0.8 false; 0.7 finds B0; 0.6 false;
    // 0.5 finds A1 (and A0 again). Budget 0.5 per image (1 false): up to 0.7 -> 2 of 3 found.
    const films = [
      { lesions: 2, regions: [{ score: 0.9, hits: [0] }, { score: 0.6, hits: [] }, { score: 0.5, hits: [0, 1] }] },
      { lesions: 1, regions: [{ score: 0.8, hits: [] }, { score: 0.7, hits: [0] }] },
    ];
    expect(sensitivityAtFalseRate(films, 0.5)).toBeCloseTo(2 / 3, 12);
    expect(sensitivityAtFalseRate(films, 1)).toBe(1);
    expect(sensitivityAtFalseRate(films, 0)).toBeCloseTo(1 / 3, 12);
    // Equal scores go in together: the false one at 0.9 spends the budget before its twin counts.
    expect(sensitivityAtFalseRate([{ lesions: 1, regions: [{ score: 0.9, hits: [] }, { score: 0.9, hits: [0] }] }], 0)).toBe(0);
  });
  it('splits the image AUC and the 1-false-region sensitivity by kind of lesion, by hand', () => {
    const lesion = (kind: string, x: number | null) => ({ kind, x });
    const film = (score: number | null, lesions: ReturnType<typeof lesion>[]) => ({ lesions: lesions.filter((l) => l.x !== null), score });
    const rated = [
      film(0.9, [lesion('CIRC', 10), lesion('CALC', 50)]), // two kinds: counts for both
      film(0.3, [lesion('CIRC', 10), lesion('CIRC', 80)]), // two lesions, one film for the AUC
      film(0.6, [lesion('ARCH', 10), lesion('CALC', null)]), // an unlocated lesion is not one of its located lesions
      film(null, [lesion('SPIC', 10)]), // unscored: its lesion counts, its film not for the AUC
    ];
    // At 1 false region per image (4 films, budget 4), every region down to 0.45 goes in (0.4 is the fifth false one): found are
    // a's CIRC (0.9), b's first CIRC (0.5); a's CALC (0.2) comes after five false regions.
    const froc = [
      { lesions: 2, regions: [{ score: 0.9, hits: [0] }, { score: 0.2, hits: [1] }] },
      { lesions: 2, regions: [{ score: 0.8, hits: [] }, { score: 0.5, hits: [0] }, { score: 0.45, hits: [] }] },
      { lesions: 1, regions: [{ score: 0.7, hits: [] }, { score: 0.4, hits: [] }, { score: 0.3, hits: [] }] },
      { lesions: 1, regions: [{ score: 0.6, hits: [] }, { score: 0.1, hits: [0] }] },
    ];
    const normals = [0.5, 0.7];
    const figures = byLesionKind(rated, froc, normals);
    expect(figures.map((k) => k.kind)).toEqual(['ARCH', 'CALC', 'CIRC', 'SPIC']);
    const of = (kind: string) => figures.find((k) => k.kind === kind)!;
    // ARCH: film c (0.6) against 0.5 and 0.7: one win in two. Its lesion found by no region.
    expect(of('ARCH')).toEqual({ kind: 'ARCH', films: 1, imageAuc: 0.5, lesions: 1, found: 0 });
    // CALC: film a only (c's calcification has no circle): 0.9 beats both.
    expect(of('CALC')).toEqual({ kind: 'CALC', films: 1, imageAuc: 1, lesions: 1, found: 0 });
    // CIRC: films a (0.9) and b (0.3): 2 wins of 4; lesions a0 and b0 found, b1 not.
    expect(of('CIRC')).toEqual({ kind: 'CIRC', films: 2, imageAuc: 0.5, lesions: 3, found: 2 });
    // SPIC: no scored film, so no AUC; its lesion's region at 0.1 comes after the budget.
    expect(of('SPIC').films).toBe(0);
    expect(of('SPIC').imageAuc).toBeNaN();
    expect(of('SPIC').found).toBe(0);
  });
  it('pairs a woman\'s films only when she has one left and one right MLO film', () => {
    const film = (id: string, patient: string | null, laterality: 'L' | 'R', view: 'CC' | 'MLO') => ({ id, img: { patient, laterality, view } });
    const films = [
      film('a-l', 'a', 'L', 'MLO'), film('a-r', 'a', 'R', 'MLO'),
      film('b-l', 'b', 'L', 'MLO'), film('b-l2', 'b', 'L', 'MLO'), // two left films: no pair
      film('c-l', 'c', 'L', 'MLO'), film('c-r', 'c', 'R', 'CC'), // a CC film does not pair with an MLO one
      film('d-r', 'd', 'R', 'MLO'), film('d-l', 'd', 'L', 'MLO'), film('d-rcc', 'd', 'R', 'CC'),
      film('x-l', null, 'L', 'MLO'), film('x-r', null, 'R', 'MLO'), // no woman named: never paired
    ];
    expect(leftRightMloPairs(films).map((p) => p.map((f) => f.id))).toEqual([['a-l', 'a-r'], ['d-r', 'd-l']]);
  });
});

describe('npm run evaluate on a generated labelled set', { timeout: 90_000 }, () => {
  let res: EvaluateResult;
  const out = path.join(tmp, 'out', 'predictions.json');

  beforeAll(async () => {
    mkdirSync(path.join(dir, 'films'), { recursive: true });
    mkdirSync(path.join(dir, 'masks'), { recursive: true });
    for (const img of IMAGES) {
      const { pixels, mask } = drawFilm(img.spec);
      writeFileSync(path.join(dir, img.image), await png(pixels));
      if (img.mask) writeFileSync(path.join(dir, img.mask), await png(mask));
    }
    const images = IMAGES.map(({ spec: _spec, ...img }) => img);
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ version: 1, images }));
    res = await evaluate({ data: dir, out }, () => {});
  });

  it('writes the predictions file in exactly the agreed shape', () => {
    const file = JSON.parse(readFileSync(out, 'utf8'));
    expect(Object.keys(file).sort()).toEqual(['engine', 'images']);
    expect(file.engine).toBe(`${REFERENCE_MODELS.engine.name} ${REFERENCE_MODELS.engine.version}`);
    expect(file.images.map((p: FilmPrediction) => p.id)).toEqual(IMAGES.map((i) => i.id));
    for (const p of file.images as FilmPrediction[]) {
      expect(Object.keys(p).sort()).toEqual(['density', 'detection', 'id']);
      expect(Object.keys(p.density).sort()).toEqual(['grade', 'percent']);
      expect(Object.keys(p.detection).sort()).toEqual(['quantile', 'regions', 'score']);
      // Every generated film has a breast: the engine measures them all.
      expect(typeof p.density.percent).toBe('number');
      expect(['a', 'b', 'c', 'd']).toContain(p.density.grade);
      expect(p.density.percent).toBe(Math.round((p.density.percent as number) * 100) / 100);
      expect(typeof p.detection.score).toBe('number');
      expect(p.detection.quantile).toBeGreaterThanOrEqual(0);
      expect(p.detection.quantile).toBeLessThanOrEqual(1);
      for (const r of p.detection.regions) {
        expect(Object.keys(r).sort()).toEqual(['kind', 'score', 'x', 'y']);
        expect(r.x).toBeGreaterThanOrEqual(0);
        expect(r.x).toBeLessThanOrEqual(W);
        expect(r.y).toBeGreaterThanOrEqual(0);
        expect(r.y).toBeLessThanOrEqual(H);
        expect(['mass', 'calcification', 'asymmetry']).toContain(r.kind);
      }
    }
  });

  it('prints metrics equal to the ones worked out by hand from the predictions and labels', () => {
    const pred = new Map(res.predictions.images.map((p) => [p.id, p]));
    const pct = (id: string) => pred.get(id)?.density.percent as number;
    const score = (id: string) => pred.get(id)?.detection.score as number;

    const ddsm = metricValue(res.report, 'Spearman, percent vs annotated');
    expect(ddsm.n).toBe(2);
    expect(ddsm.value).toBeCloseTo(spearmanNoTies([pct('annotated-1'), pct('annotated-2')], [12.5, 55]), 12);
    const mae = (Math.abs(pct('annotated-1') - 12.5) + Math.abs(pct('annotated-2') - 55)) / 2;
    expect(metricValue(res.report, 'mean absolute error').value).toBeCloseTo(mae, 12);

    const mias = metricValue(res.report, 'Spearman, percent vs F/G/D');
    expect(mias.n).toBe(3);
    expect(mias.value).toBeCloseTo(spearmanNoTies([pct('w1-left'), pct('w1-right'), pct('w2-left')], [0, 2, 1]), 12);
    expect(metricValue(res.report, 'median percent, label G').value).toBe(pct('w2-left'));

    // Only w1 has a left and a right MLO film.
    const pair = metricValue(res.report, 'mean absolute difference of percent');
    expect(pair.n).toBe(1);
    expect(pair.value).toBeCloseTo(Math.abs(pct('w1-left') - pct('w1-right')), 12);

    const s0 = score('w1-left');
    const expectedAuc = ([score('w1-right'), score('w2-left')].reduce((s, p) => s + (p > s0 ? 1 : p === s0 ? 0.5 : 0), 0)) / 2;
    expect(metricValue(res.report, 'image AUC').value).toBeCloseTo(expectedAuc, 12);

    // Two located lesions (the CALC without a position is left out); a region finds one when its
    // centre is within max(r, 5 mm = 25 px at 0.2 mm). The FROC point at 1 false region per image
    // (3 rated films: 3 false regions), walked by hand over the pooled regions.
    const lesions: [string, number, number, number][] = [['w1-right', 90, 170, 14], ['w2-left', 120, 140, 12]];
    const pooled = ['w1-left', 'w1-right', 'w2-left']
      .flatMap((id) => (pred.get(id)?.detection.regions ?? []).map((g) => ({ id, g })))
      .sort((a, b) => b.g.score - a.g.score);
    const finds = (id: string, g: { x: number; y: number }) => lesions.filter(([lid, x, y, r]) => lid === id && Math.hypot(g.x - x, g.y - y) <= Math.max(r, 25));
    const found = new Set<string>();
    let falses = 0;
    for (const { id, g } of pooled) {
      const hit = finds(id, g);
      if (hit.length === 0 && ++falses > 3) break;
      for (const [lid] of hit) found.add(lid);
    }
    const sens = metricValue(res.report, 'lesion sensitivity at 1 false region per image');
    expect(sens.n).toBe(2);
    expect(sens.value).toBe(found.size / 2);
    const top = (id: string) => [...(pred.get(id)?.detection.regions ?? [])].sort((a, b) => b.score - a.score)[0];
    const topHits = ['w1-right', 'w2-left'].filter((id) => top(id) && finds(id, top(id)).length > 0).length;
    expect(metricValue(res.report, 'lesion sensitivity, top region only').value).toBe(topHits / 2);
    expect(metricValue(res.report, 'regions per film without findings').value).toBe(pred.get('w1-left')?.detection.regions.length);
    const q = pred.get('w1-left')?.detection.quantile as number;
    expect(metricValue(res.report, 'films without findings at or above detection quantile 0.9').value).toBe(q >= 0.9 ? 1 : 0);
    const band = metricValue(res.report, 'share at or above merged quantile 0.9');
    expect(band.n).toBe(1);
    expect(band.value).toBeGreaterThanOrEqual(0);
    expect(band.value).toBeLessThanOrEqual(1);
  });

  it('says a figure that a set cannot give is not measured, not missed (a held-out set without dense films)', () => {
    const withoutD = IMAGES.filter((i) => i.id !== 'w1-right').map(({ spec: _spec, ...img }) => img);
    const lines = formatReport(buildReport(res.predictions, withoutD, null));
    expect(lines).toContain('  median percent, label D: not measured (n=0)');
    expect(lines).toContain('  median percent by label: goal rising F < G < D not judged: no films labelled D');
    expect(lines.some((l) => l.includes('rising F < G < D: missed'))).toBe(false);
    // With every label present the order is judged as before.
    const all = formatReport(res.report);
    expect(all.some((l) => /^ {2}median percent by label: goal rising F < G < D: (met|missed)$/.test(l))).toBe(true);
  });

  it('scores the pectoral muscle against the mask by Dice', async () => {
    const set = readLabelledSet(dir);
    const dices: number[] = [];
    for (const img of set.images.filter((i) => i.mask)) {
      const film = await analyseFilm(set, img);
      const truth = drawFilm(IMAGES.find((i) => i.id === img.id)!.spec).mask;
      const predicted = film.analysis?.pectoralMask ? coarseMaskToInput(film.analysis, img, film.analysis.pectoralMask.data) : new Uint8Array(W * H);
      let both = 0;
      let sum = 0;
      for (let i = 0; i < truth.length; i++) {
        const t = truth[i] === 255 ? 1 : 0;
        const p = predicted[i] ? 1 : 0;
        both += t & p;
        sum += t + p;
      }
      dices.push((2 * both) / sum);
    }
    const m = metricValue(res.report, 'mean Dice');
    expect(m.n).toBe(2);
    expect(m.value).toBeCloseTo((dices[0] + dices[1]) / 2, 12);
  });

  it('recomputes the metrics from the file alone with --metrics-only, and insists on --data', async () => {
    const again = await evaluate({ data: dir, out, metricsOnly: true }, () => {});
    const notPectoral = (r: ReportSection[]) => r.filter((s) => !s.title.startsWith('Pectoral'));
    expect(notPectoral(again.report)).toEqual(notPectoral(res.report));
    expect(again.report.find((s) => s.title.startsWith('Pectoral'))?.lines).toEqual([
      { kind: 'text', text: expect.stringContaining('not computed') },
    ]);
    const err: string[] = [];
    expect(await runCli([], () => {}, (l) => err.push(l))).toBe(2);
    expect(err.join('\n')).toContain('usage: npm run evaluate -- --data DIR');
  });
});

describe('npm run evaluate on a set with a broken film and a mask that does not fit', { timeout: 90_000 }, () => {
  it('measures every other film and says which ones it could not use', async () => {
    const broken = path.join(tmp, 'broken-set');
    mkdirSync(path.join(broken, 'films'), { recursive: true });
    mkdirSync(path.join(broken, 'masks'), { recursive: true });
    const [good, misfit] = IMAGES.filter((i) => i.mask);
    for (const img of [good, misfit]) {
      const { pixels, mask } = drawFilm(img.spec);
      writeFileSync(path.join(broken, img.image), await png(pixels));
      if (img === good) writeFileSync(path.join(broken, img.mask!), await png(mask));
    }
    // The other film's mask is a quarter of its size, and a third film's PNG is not there at all.
    const small = new Uint8Array((W / 2) * (H / 2)).fill(128);
    writeFileSync(path.join(broken, misfit.mask!), await sharp(Buffer.from(small), { raw: { width: W / 2, height: H / 2, channels: 1 } }).png().toBuffer());
    const missing = { ...IMAGES[0], id: 'missing-film', image: 'films/none.png' };
    const images = [good, misfit, missing].map(({ spec: _spec, ...img }) => img);
    writeFileSync(path.join(broken, 'manifest.json'), JSON.stringify({ version: 1, images }));

    const logged: string[] = [];
    const res = await evaluate({ data: broken, out: path.join(tmp, 'out', 'broken.json') }, (l) => logged.push(l));
    const byId = new Map(res.predictions.images.map((p) => [p.id, p]));
    expect(typeof byId.get(good.id)?.density.percent).toBe('number');
    expect(typeof byId.get(misfit.id)?.density.percent).toBe('number');
    expect(byId.get('missing-film')?.density.percent).toBeNull();
    expect(metricValue(res.report, 'mean Dice').n).toBe(1);
    expect(logged.some((l) => l.startsWith(`${misfit.id}: mask not used`) && l.includes('mask is 120x160'))).toBe(true);
    expect(logged.some((l) => l.startsWith('missing-film: not analysed'))).toBe(true);
  });
});
