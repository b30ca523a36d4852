/**
 * Breast and pectoral-muscle segmentation on labelled real films, through the upload path
 * (evaluation/film.ts): per film with a tissue mask, the pectoral Dice against the muscle region
 * and the tissue Dice against everything that is not background; per MLO film without a mask, whether
 * a muscle was removed (every MLO film shows one). Run:
 *   npx tsx evaluation/segmentation-report.ts --data ../shared/data/real-labelled [--source S] [--only ID,ID] [--png DIR]
 * The audit lists, over all films, those whose tissue is small, off to the chest wall's wrong side or
 * mostly muscle.
 * --png writes, per film, the input with the engine's tissue outline (green) and muscle (red), and
 * the labelled muscle's outline (blue), for a look; those images are derived from the data and must stay outside the repository.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { readRealPng } from '../server/corpus/real-exams';
import { analyseFilm, coarseMaskToInput, coarseToInput, readLabelPng, type FilmResult } from './film';
import { readLabelledSet, realLabelledDir, type LabelledImage, type LabelledSet } from './labelled-set';
import { pectoralDice, summarise, tissueDice } from './segmentation-metrics';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const fmt = (v: number) => v.toFixed(3);

async function overlay(set: LabelledSet, img: LabelledImage, film: FilmResult, dir: string, label: Uint8Array | null): Promise<void> {
  const px = await readRealPng(path.join(set.dir, img.image));
  const max = 2 ** px.bitsStored - 1;
  const n = img.width * img.height;
  const rgb = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) rgb[i * 3] = rgb[i * 3 + 1] = rgb[i * 3 + 2] = Math.round((255 * px.pixels[i]) / max);
  const a = film.analysis;
  if (a) {
    const breast = coarseMaskToInput(a, img, a.breast.data);
    const pec = a.pectoralMask ? coarseMaskToInput(a, img, a.pectoralMask.data) : null;
    const w = img.width;
    for (let y = 1; y < img.height - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const i = y * w + x;
        if (pec && pec[i]) rgb[i * 3] = Math.min(255, rgb[i * 3] + 90);
        const muscle = (j: number) => label![j] === 255;
        if (label && muscle(i) && (!muscle(i - 1) || !muscle(i + 1) || !muscle(i - w) || !muscle(i + w))) {
          rgb[i * 3] = 60;
          rgb[i * 3 + 1] = 120;
          rgb[i * 3 + 2] = 255;
        }
        const edge = breast[i] && (!breast[i - 1] || !breast[i + 1] || !breast[i - w] || !breast[i + w]);
        if (edge) {
          rgb[i * 3] = 0;
          rgb[i * 3 + 1] = 255;
          rgb[i * 3 + 2] = 0;
        }
      }
    }
  }
  await sharp(Buffer.from(rgb), { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize({ height: 512 })
    .png()
    .toFile(path.join(dir, `${img.id}.png`));
}

async function main(): Promise<void> {
  const set = readLabelledSet(argValue('--data') ?? realLabelledDir());
  const only = argValue('--only')?.split(',');
  const pngDir = argValue('--png');
  if (pngDir) mkdirSync(pngDir, { recursive: true });
  const source = argValue('--source');
  const images = set.images.filter((img) => (!only || only.includes(img.id)) && (!source || img.source === source));

  const pecDice: number[] = [];
  const tisDice: number[] = [];
  let mloUnmasked = 0;
  let fired = 0;
  const notFired: string[] = [];
  let ms = 0;
  const strips: string[] = [];
  let detections = 0;
  let nearEdge = 0;
  // Audit of every film, labelled or not: signs of a failed segmentation that need no label.
  const smallTissue: string[] = [];
  const wrongSide: string[] = [];
  const largeMuscle: string[] = [];
  for (const img of images) {
    const t0 = performance.now();
    const film = await analyseFilm(set, img);
    ms += performance.now() - t0;
    const a = film.analysis;
    const share = a?.pectoralMask ? countOnes(a.pectoralMask.data) / Math.max(1, countOnes(a.breast.data) + countOnes(a.pectoralMask.data)) : 0;
    const label = img.mask ? await readLabelPng(path.join(set.dir, img.mask)) : null;
    if (pngDir) await overlay(set, img, film, pngDir, label?.data ?? null);
    if (label) {
      if (label.width !== img.width || label.height !== img.height) throw new Error(`${img.id}: mask size differs from the image`);
      const pd = pectoralDice(a, img, label.data);
      const td = tissueDice(a, img, label.data);
      pecDice.push(pd);
      tisDice.push(td);
      const why = a?.notes.find((n) => n.includes('pectoral')) ?? '';
      console.log(`${img.id.padEnd(24)} pectoral Dice ${fmt(pd)}  tissue Dice ${fmt(td)}  muscle share ${(100 * share).toFixed(1)} % ${why}`);
    }
    if (a?.notes.some((n) => n.includes('strip'))) strips.push(img.id);
    if (a) {
      const audit = tissueAudit(a.breast.data, a.pectoralMask?.data ?? null, a.breast.width);
      if (audit.share < SMALL_TISSUE) smallTissue.push(img.id);
      if (audit.centreX > 0.5) wrongSide.push(img.id);
      if (share > LARGE_MUSCLE) largeMuscle.push(`${img.id} (${(100 * share).toFixed(0)} %)`);
    }
    if (a) {
      // Detections within 40 input pixels of the top or bottom edge: labels and film-edge strips
      // read as findings land there.
      const ys = [...a.masses.map((m) => m.y), ...a.calcClusters.map((c) => c.y)].map((y) => coarseToInput(a, img, 0, y).y);
      detections += ys.length;
      nearEdge += ys.filter((y) => y < 40 || y > img.height - 40).length;
    }
    if (!label && img.view === 'MLO') {
      mloUnmasked++;
      if (a?.pectoralMask) fired++;
      else notFired.push(img.id);
      if (only) console.log(`${img.id.padEnd(24)} muscle ${a?.pectoralMask ? 'removed' : 'not removed'}, share ${(100 * share).toFixed(1)} % ${a?.notes.join('; ') ?? ''}`);
    }
  }
  console.log('');
  if (pecDice.length) {
    for (const [name, values] of [['pectoral', pecDice], ['tissue', tisDice]] as const) {
      const s = summarise(values, 0.7);
      console.log(`${name} Dice over ${s.n} masked films: mean ${fmt(s.mean)}, median ${fmt(s.median)}, min ${fmt(s.min)}, ${s.under} under 0.7`);
    }
  }
  if (mloUnmasked) {
    console.log(`MLO films without masks: muscle removed on ${fired} of ${mloUnmasked} (${((100 * fired) / mloUnmasked).toFixed(0)} %)`);
    if (notFired.length) console.log(`  not removed: ${notFired.join(' ')}`);
  }
  const list = (ids: string[]) => `${ids.length}${ids.length ? `: ${ids.join(' ')}` : ''}`;
  console.log(`audit over ${images.length} films:`);
  console.log(`  tissue under ${100 * SMALL_TISSUE} % of the image (a narrow breast on a padded film, or a failed segmentation): ${list(smallTissue)}`);
  console.log(`  tissue's centre of mass in the right half (the chest wall belongs on the left): ${list(wrongSide)}`);
  console.log(`  muscle over ${100 * LARGE_MUSCLE} % of the tissue: ${list(largeMuscle)}`);
  console.log(`film-edge strips cut on ${strips.length} films${strips.length ? `: ${strips.join(' ')}` : ''}`);
  console.log(`detections (masses and calcification clusters): ${detections}, of which ${nearEdge} within 40 px of the top or bottom edge`);
  console.log(`analysis ${(ms / Math.max(1, images.length)).toFixed(0)} ms per film (wrap, decode and analyse)`);
}

/** Audit limits: real muscles on the labelled MLO films stay under about 40 % of the tissue. */
const SMALL_TISSUE = 0.2;
const LARGE_MUSCLE = 0.4;

/** The segmented tissue (breast plus removed muscle): its share of the image and its centre of mass as a share of the width. */
function tissueAudit(breast: Uint8Array, muscle: Uint8Array | null, width: number): { share: number; centreX: number } {
  let n = 0;
  let sumX = 0;
  for (let i = 0; i < breast.length; i++) {
    if (!breast[i] && !(muscle && muscle[i])) continue;
    n++;
    sumX += i % width;
  }
  return { share: n / breast.length, centreX: n ? sumX / n / width : 0 };
}

function countOnes(d: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < d.length; i++) n += d[i];
  return n;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
