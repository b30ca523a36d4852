/**
 * One labelled film through the path an upload takes: the PNG wrapped as a DICOM MG file with the
 * manifest's laterality, view and pixel spacing (none when null), decoded by the worker's decoder
 * at its working size, then analysed by the engine as a one-view study. Labels are never read
 * here; the helpers at the end map between the engine's analysis grid and the input PNG's pixels
 * so that the metrics (and training) can compare the engine with the labels.
 */
import path from 'node:path';
import sharp from 'sharp';
import type { ViewKey } from '../core/contract/scores';
import { readRealPng } from '../server/corpus/real-exams';
import { decodeDicom } from '../server/dicom/decode';
import type { DecodedView } from '../server/dicom/types';
import { deterministicUid, writeDicom, type DicomImageInput } from '../server/dicom/writer';
import { measureStudy, type StudyMeasurement } from '../server/analysis/image/study';
import type { ViewAnalysis } from '../server/analysis/image/view';
import { DECODE_MAX_HEIGHT } from '../server/jobs/pipeline';
import type { LabelledImage, LabelledSet } from './labelled-set';

export function viewKeyOf(img: Pick<LabelledImage, 'laterality' | 'view'>): ViewKey {
  return `${img.laterality.toLowerCase()}_${img.view.toLowerCase()}` as ViewKey;
}

/** The DICOM MG file an upload of this film would be. */
export async function filmAsDicom(set: LabelledSet, img: LabelledImage): Promise<Uint8Array> {
  const px = await readRealPng(path.join(set.dir, img.image));
  const max = 2 ** px.bitsStored - 1;
  const seed = 0x1abe1;
  const spacing = img.pixelSpacingMm;
  const input: DicomImageInput = {
    sopClass: 'mammoForPresentation',
    sopInstanceUid: deterministicUid(seed, `${set.name}-${img.id}-sop`),
    studyInstanceUid: deterministicUid(seed, `${set.name}-${img.id}-study`),
    seriesInstanceUid: deterministicUid(seed, `${set.name}-${img.id}-series`),
    modality: 'MG',
    patient: { id: img.id.slice(0, 64), name: `Film^${img.id}`.slice(0, 64), birthDate: '', sex: 'F' },
    studyDate: '20250115',
    laterality: img.laterality,
    viewPosition: img.view,
    ...(spacing ? { pixelSpacingMm: [spacing, spacing] as [number, number] } : {}),
    rescale: { slope: 1, intercept: 0 },
    window: { center: Math.round(max / 2), width: max + 1 },
    image: { pixels: px.pixels, width: px.width, height: px.height, bitsStored: px.bitsStored, photometric: 'MONOCHROME2' },
  };
  return writeDicom(input, 'explicit-le');
}

export interface FilmResult {
  img: LabelledImage;
  key: ViewKey;
  decoded: DecodedView;
  measured: StudyMeasurement;
  /** The view's analysis; null when the engine could not analyse the image. */
  analysis: ViewAnalysis | null;
}

/** Wrap, decode and analyse one film. */
export async function analyseFilm(set: LabelledSet, img: LabelledImage): Promise<FilmResult> {
  const key = viewKeyOf(img);
  const bytes = await filmAsDicom(set, img);
  const decoded: DecodedView = { key, ...(await decodeDicom(bytes, { maxHeight: DECODE_MAX_HEIGHT })) };
  const measured = measureStudy({ [key]: decoded });
  return { img, key, decoded, measured, analysis: measured.analyses[key] ?? null };
}

/**
 * Where a point of the analysis grid (canonical: chest wall left; coarse pixels) lies in the input
 * PNG, in pixels with the origin at the top-left corner.
 */
export function coarseToInput(a: ViewAnalysis, img: LabelledImage, cx: number, cy: number): { x: number; y: number } {
  const [sy, sx] = a.coarseScale;
  const col = a.flipped ? a.coarse.width - cx : cx;
  const kx = img.width / a.displayWidth;
  const ky = img.height / a.displayHeight;
  return { x: col * sx * kx, y: cy * sy * ky };
}

/** A mask on the analysis grid resampled to the input PNG's pixels (nearest coarse pixel). */
export function coarseMaskToInput(a: ViewAnalysis, img: LabelledImage, mask: Uint8Array): Uint8Array {
  const [sy, sx] = a.coarseScale;
  const W = a.coarse.width;
  const H = a.coarse.height;
  const kx = a.displayWidth / img.width;
  const ky = a.displayHeight / img.height;
  const out = new Uint8Array(img.width * img.height);
  const colOf = new Int32Array(img.width);
  for (let x = 0; x < img.width; x++) {
    const c = Math.min(W - 1, Math.floor(((x + 0.5) * kx) / sx));
    colOf[x] = a.flipped ? W - 1 - c : c;
  }
  for (let y = 0; y < img.height; y++) {
    const r = Math.min(H - 1, Math.floor(((y + 0.5) * ky) / sy));
    for (let x = 0; x < img.width; x++) out[y * img.width + x] = mask[r * W + colOf[x]];
  }
  return out;
}

/**
 * A label image of the input's size brought onto the analysis grid: for each coarse pixel, the
 * share of input pixels of each label value listed in `values` (share[k][i] for value k).
 */
export function inputLabelsToCoarse(a: ViewAnalysis, img: LabelledImage, labels: Uint8Array, values: number[]): Float32Array[] {
  const [sy, sx] = a.coarseScale;
  const W = a.coarse.width;
  const H = a.coarse.height;
  const kx = a.displayWidth / img.width;
  const ky = a.displayHeight / img.height;
  const counts = values.map(() => new Float32Array(W * H));
  const total = new Float32Array(W * H);
  const index = new Int16Array(256).fill(-1);
  values.forEach((v, k) => (index[v] = k));
  for (let y = 0; y < img.height; y++) {
    const r = Math.min(H - 1, Math.floor(((y + 0.5) * ky) / sy));
    for (let x = 0; x < img.width; x++) {
      const c0 = Math.min(W - 1, Math.floor(((x + 0.5) * kx) / sx));
      const i = r * W + (a.flipped ? W - 1 - c0 : c0);
      total[i]++;
      const k = index[labels[y * img.width + x]];
      if (k >= 0) counts[k][i]++;
    }
  }
  for (const c of counts) for (let i = 0; i < c.length; i++) c[i] = total[i] > 0 ? c[i] / total[i] : 0;
  return counts;
}

/** The first channel of a greyscale PNG (a label mask), as bytes. */
export async function readLabelPng(file: string): Promise<{ data: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(file).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height), width: info.width, height: info.height };
}
