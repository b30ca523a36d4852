/**
 * Pectoral muscle and tissue segmentation on the labelled DDSM films of ../shared (hand-drawn tissue
 * masks, 255 = muscle), through the upload path; and on MIAS films (padded with black, chest wall
 * on either side, film labels and edge strips), that a muscle is found on nearly every MLO film.
 * Skipped, with the reason printed, when the labelled films are absent.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseFilm, readLabelPng } from '../../evaluation/film';
import { readLabelledSet, realLabelledDir, realLabelledMissing } from '../../evaluation/labelled-set';
import { pectoralDice, summarise, tissueDice } from '../../evaluation/segmentation-metrics';
import { countMask } from '../../server/analysis/image/raster';

const DIR = realLabelledDir();
const missing = realLabelledMissing(DIR);
if (missing) console.warn(`real-segmentation.test.ts: not run: ${missing}`);

const LONG = { timeout: 120_000 };

describe.skipIf(missing !== null)('segmentation on labelled real films', LONG, () => {
  const set = missing ? null : readLabelledSet(DIR);

  it('DDSM: the removed pectoral muscle matches the labelled one (mean Dice >= 0.85), the tissue too', async () => {
    const films = set!.images.filter((img) => img.mask && img.view === 'MLO');
    expect(films.length).toBeGreaterThan(0);
    const pec: number[] = [];
    const tissue: number[] = [];
    for (const img of films) {
      const film = await analyseFilm(set!, img);
      const label = await readLabelPng(path.join(set!.dir, img.mask!));
      pec.push(pectoralDice(film.analysis, img, label.data));
      tissue.push(tissueDice(film.analysis, img, label.data));
    }
    const p = summarise(pec, 0.7);
    const t = summarise(tissue, 0.9);
    console.log(
      `pectoral Dice over ${p.n} films: mean ${p.mean.toFixed(3)}, median ${p.median.toFixed(3)}, min ${p.min.toFixed(3)}, ${p.under} under 0.7; ` +
        `tissue Dice mean ${t.mean.toFixed(3)}, min ${t.min.toFixed(3)}`,
    );
    // Measured 0.925 mean, 0.80 minimum when written (0.76 mean, 7 misses before).
    expect(p.mean).toBeGreaterThanOrEqual(0.85);
    expect(p.under).toBeLessThanOrEqual(2);
    expect(t.mean).toBeGreaterThanOrEqual(0.95);
  });

  it('MIAS: a muscle is removed on nearly every MLO film, never half the tissue, chest wall on the left', async () => {
    // Every fourth MLO film without a mask: padded, either side, labels, strips (all 160: about 50 s).
    const films = set!.images.filter((img) => !img.mask && img.view === 'MLO').filter((_, i) => i % 4 === 0);
    if (films.length === 0) return;
    let fired = 0;
    const large: string[] = [];
    const wrongSide: string[] = [];
    for (const img of films) {
      const a = (await analyseFilm(set!, img)).analysis;
      if (a?.pectoralMask) fired++;
      if (!a) continue;
      const muscle = a.pectoralMask ? countMask(a.pectoralMask) : 0;
      if (muscle / (muscle + countMask(a.breast)) > 0.45) large.push(img.id);
      // Canonical orientation: the tissue's centre of mass lies in the chest-wall (left) half.
      let sumX = 0;
      let n = 0;
      for (let i = 0; i < a.breast.data.length; i++) {
        if (a.breast.data[i] || a.pectoralMask?.data[i]) {
          sumX += i % a.breast.width;
          n++;
        }
      }
      if (n > 0 && sumX / n > a.breast.width / 2) wrongSide.push(img.id);
    }
    console.log(`MIAS: muscle removed on ${fired} of ${films.length} MLO films; over 45 % of the tissue: ${large.join(' ') || 'none'}; chest wall on the wrong side: ${wrongSide.join(' ') || 'none'}`);
    // All 160: 156 when written (4 whose tissue does not reach the top at the chest wall, or no
    // edge), 159 once padded films were oriented by their tissue, 156 once weak edges could no
    // longer take half a dense breast (3 dense films without a clear muscle edge).
    expect(fired / films.length).toBeGreaterThanOrEqual(0.85);
    // Real muscles stay under about 40 % of the tissue on these films (false half-breast wedges on
    // dense films took 45-55 % before); padding and labels once put 5 chest walls on the right.
    expect(large).toEqual([]);
    expect(wrongSide).toEqual([]);
  });
});
