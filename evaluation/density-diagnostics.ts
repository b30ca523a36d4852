/**
 * Where the density engine's error on phantoms comes from (issue 6): for each view of a sweep of
 * true dense fractions, the engine's PD against the truth, the false and missed dense area by
 * distance from the skin, and the engine's fuzzy c-means threshold against the one intensity
 * threshold that would have given the true fraction (the "oracle": what a perfect global
 * threshold rule would pick on the same z-scored pixels). A gap there means the threshold rule is
 * biased; no gap with a large pixel error would mean intensity alone cannot separate the tissues.
 * Run: npx tsx evaluation/density-diagnostics.ts [seeds, default 7,3,11,21] [width, default 416]
 */
import { VIEW_KEYS } from '../core/contract/scores';
import { decodedPhantom, phantomSize, truthOnGrid } from './phantom-eval';
import { densityInput } from '../server/analysis/image/density';
import { segmentBreast } from '../server/analysis/image/segment';
import { analyzeView } from '../server/analysis/image/view';

const FRACTIONS = [0.05, 0.15, 0.3, 0.45, 0.6];
/** Distance-from-skin bands, mm: the skin, the thinning periphery, the interior. */
const BANDS: [string, number, number][] = [
  ['skin <2 mm', 0, 2],
  ['2-10 mm', 2, 10],
  ['10-30 mm', 10, 30],
  ['>30 mm', 30, Infinity],
];

const seeds = (process.argv[2] ?? '7,3,11,21').split(',').map(Number);
const size = phantomSize(Number(process.argv[3] ?? 416));
const errors = new Map<number, number[]>();
const gaps = new Map<number, number[]>();

for (const seed of seeds) {
  for (const fraction of FRACTIONS) {
    const { study, views } = await decodedPhantom({ seed, ...size, density: fraction });
    for (const key of VIEW_KEYS) {
      const a = analyzeView(views[key]);
      const d = a.density;
      if (!d) continue;
      const { width: w, height: h } = a.breast;
      const truth = truthOnGrid(study.truth.views[key].denseMap, w, h, a.flipped);
      // The same z values the engine clustered (the tissue mask is the segmentation's, as in analyzeView).
      const input = densityInput(a.coarse, a.breast, [a.coarseSpacingMm, a.coarseSpacingMm], segmentBreast(a.coarse).mask)!;
      const band = BANDS.map(() => ({ falseDense: 0, missed: 0 }));
      const eligible: number[] = [];
      let trueDense = 0;
      for (let i = 0; i < w * h; i++) {
        if (!a.breast.data[i]) continue;
        if (truth[i]) trueDense++;
        const mm = input.dist[i] * a.coarseSpacingMm;
        const b = band[BANDS.findIndex(([, lo, hi]) => mm >= lo && mm < hi)];
        if (d.denseMask.data[i] && !truth[i]) b.falseDense++;
        if (!d.denseMask.data[i] && truth[i]) b.missed++;
        if (input.dist[i] >= input.skinPx) eligible.push(input.z[i]);
      }
      eligible.sort((x, y) => y - x);
      // The engine never calls skin dense, so the oracle picks the true count among the rest.
      const oracle = eligible[Math.min(eligible.length - 1, Math.max(0, trueDense - 1))];
      const fcm = (d.centres[0] + d.centres[d.centres.length - 1]) / 2;
      const truthPd = 100 * study.truth.views[key].denseFraction;
      const pct = (n: number) => ((100 * n) / input.count).toFixed(1).padStart(4);
      console.log(
        `seed ${seed} true ${truthPd.toFixed(1).padStart(4)} ${key.padEnd(5)} PD ${d.percentDensity.toFixed(1).padStart(4)} | ` +
          band.map((b, k) => `${BANDS[k][0]} +${pct(b.falseDense)} -${pct(b.missed)}`).join(' | ') +
          ` | threshold z: fcm ${fcm.toFixed(2)} oracle ${oracle.toFixed(2)}`,
      );
      (errors.get(fraction) ?? errors.set(fraction, []).get(fraction)!).push(d.percentDensity - truthPd);
      (gaps.get(fraction) ?? gaps.set(fraction, []).get(fraction)!).push(fcm - oracle);
    }
  }
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const all = [...errors.values()].flat();
console.log(`\nmean absolute error ${mean(all.map(Math.abs)).toFixed(2)} points over ${all.length} views (seeds ${seeds.join(', ')})`);
for (const f of FRACTIONS) {
  console.log(
    `true ${(100 * f).toFixed(0).padStart(2)} %: mean error ${mean(errors.get(f)!).toFixed(1).padStart(5)} points, ` +
      `fcm threshold minus oracle ${mean(gaps.get(f)!).toFixed(2)} z`,
  );
}
