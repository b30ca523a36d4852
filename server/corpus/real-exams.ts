/**
 * Real mammograms for tests and benchmarks: the PNG exams in ../shared/data/mammograms (see its
 * README; nothing from there is copied into the repository) wrapped as DICOM MG studies, one file
 * per view, with ImageLaterality and ViewPosition taken from the file names (R-CC, 0_L-MLO,
 * 1_R_CC ...). The PNGs carry no header, so the pixel spacing is unknown and not written (readers
 * then assume a nominal spacing), and the patient is a label of the exam, not a person.
 * Views are hung as a modality writes them: the chest wall on the right of right views and on the
 * left of left views. The nyu-birads-exam PNGs have every chest wall on the left (its right views
 * were mirrored before publication); those are mirrored back, and the file says so.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { VIEW_KEYS, type ViewKey } from '../../core/contract/scores';
import { deterministicUid, writeDicom, type DicomImageInput, type PatientTags, type TransferSyntaxName } from '../dicom/writer';

/** ../shared/data/mammograms next to the project root (override with SHARED_MAMMOGRAMS_DIR). */
export function realMammogramsDir(): string {
  return (
    process.env.SHARED_MAMMOGRAMS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data/mammograms')
  );
}

/** Null when the folder is there; otherwise the message tests print when they skip. */
export function realMammogramsMissing(dir = realMammogramsDir()): string | null {
  return existsSync(dir) && statSync(dir).isDirectory()
    ? null
    : `real mammograms not found at ${dir} (../shared is absent on this machine): tests that read them are skipped`;
}

export interface RealExam {
  /** e.g. "nyu-birads-exam", "nyu-gmic-exam-0", "nyu-cc-views-1". */
  id: string;
  folder: string;
  /** Absolute PNG path per view present (the nyu-cc-views exams have CC views only). */
  views: Partial<Record<ViewKey, string>>;
  /** Lesion masks that belong to a view (seg_<exam>_<view>_<kind>.png), absolute paths. */
  masks: Partial<Record<ViewKey, string[]>>;
}

/** View of a PNG exam file from its name: R-CC.png, 0_L-MLO.png, 1_R_CC.png; masks are not views. */
export function viewKeyOfFileName(file: string): ViewKey | null {
  if (file.startsWith('seg_')) return null;
  const m = /(?:^|[_-])([LR])[-_](CC|MLO)\.png$/i.exec(file);
  return m ? (`${m[1].toLowerCase()}_${m[2].toLowerCase()}` as ViewKey) : null;
}

/** The exam a PNG belongs to inside its folder: the prefix before the view ("0_", "1_"), or "". */
function examPrefix(file: string): string {
  const m = /^(?:seg_)?(\d+)_/.exec(file);
  return m ? m[1] : '';
}

/** Every PNG exam under `dir`, sorted by id. Folders without PNG views (the DICOM samples) are skipped. */
export function findRealExams(dir = realMammogramsDir()): RealExam[] {
  const exams = new Map<string, RealExam>();
  for (const folder of readdirSync(dir).sort()) {
    const full = path.join(dir, folder);
    if (!statSync(full).isDirectory()) continue;
    for (const file of readdirSync(full).sort()) {
      if (!file.toLowerCase().endsWith('.png')) continue;
      const prefix = examPrefix(file);
      const id = prefix ? `${folder}-${prefix}` : folder;
      const exam = exams.get(id) ?? { id, folder, views: {}, masks: {} };
      const key = viewKeyOfFileName(file);
      if (key) {
        exam.views[key] = path.join(full, file);
      } else {
        const m = /^seg_(?:\d+_)?([LR])[-_](CC|MLO)_/i.exec(file);
        if (!m) continue;
        const k = `${m[1].toLowerCase()}_${m[2].toLowerCase()}` as ViewKey;
        (exam.masks[k] ??= []).push(path.join(full, file));
      }
      exams.set(id, exam);
    }
  }
  return [...exams.values()].filter((e) => Object.keys(e.views).length > 0).sort((a, b) => a.id.localeCompare(b.id));
}

export interface RealPixels {
  /** Stored values as written to DICOM (8-bit PNGs widened to 12 bits, see readRealPng). */
  pixels: Uint16Array;
  width: number;
  height: number;
  bitsStored: number;
  /** Bit depth of the PNG: 8 or 16. */
  pngDepth: 8 | 16;
}

/**
 * A greyscale PNG as DICOM stored values. 16-bit PNGs keep their values, with bits stored the
 * smallest of 12..16 that holds the largest value. 8-bit PNGs are widened to 12 bits by bit
 * replication (v * 16 + v / 16, so 0 -> 0 and 255 -> 4095; the PNG value is stored >> 4), since
 * mammograms are 12-16 bits stored.
 */
export async function readRealPng(file: string): Promise<RealPixels> {
  const meta = await sharp(file).metadata();
  const pngDepth = meta.depth === 'ushort' ? 16 : 8;
  const { data, info } = await sharp(file)
    .extractChannel(0)
    .raw({ depth: pngDepth === 16 ? 'ushort' : 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  let pixels: Uint16Array;
  let max = 0;
  if (pngDepth === 16) {
    pixels = new Uint16Array(n);
    pixels.set(new Uint16Array(data.buffer, data.byteOffset, n));
    for (let i = 0; i < n; i++) if (pixels[i] > max) max = pixels[i];
  } else {
    pixels = new Uint16Array(n);
    for (let i = 0; i < n; i++) pixels[i] = (data[i] << 4) | (data[i] >> 4);
    max = 4095;
  }
  const bitsStored = Math.min(16, Math.max(12, Math.ceil(Math.log2(max + 1))));
  return { pixels, width: info.width, height: info.height, bitsStored, pngDepth };
}

/** Which side of the image the chest wall is on: the brighter of the outer 5 % column bands. */
export function chestWallSide(px: RealPixels): 'left' | 'right' {
  const band = Math.max(1, Math.round(px.width * 0.05));
  let left = 0;
  let right = 0;
  for (let y = 0; y < px.height; y += 2) {
    const row = y * px.width;
    for (let x = 0; x < band; x++) {
      left += px.pixels[row + x];
      right += px.pixels[row + px.width - 1 - x];
    }
  }
  return left >= right ? 'left' : 'right';
}

function mirrorRows(px: RealPixels): Uint16Array {
  const out = new Uint16Array(px.pixels.length);
  for (let y = 0; y < px.height; y++) {
    const row = y * px.width;
    for (let x = 0; x < px.width; x++) out[row + x] = px.pixels[row + px.width - 1 - x];
  }
  return out;
}

export interface RealStudyOptions {
  transferSyntax?: TransferSyntaxName;
  /** 'standard' (default): mirror views whose chest wall is on the wrong side; 'as-published': keep the PNG. */
  orientation?: 'standard' | 'as-published';
  patient?: PatientTags;
  /** YYYYMMDD (default 20250115). */
  studyDate?: string;
}

export interface RealStudy {
  exam: RealExam;
  /** What was written per view (tags and pixels), for tests to compare against. */
  inputs: Partial<Record<ViewKey, DicomImageInput>>;
  files: Partial<Record<ViewKey, Uint8Array>>;
  pngDepth: Partial<Record<ViewKey, 8 | 16>>;
  /** Views whose pixels were mirrored left-right to put the chest wall on the usual side. */
  mirrored: ViewKey[];
}

/** The patient of an exam: its id as PatientID, a PN that names the sample set, birth date unknown. */
export function realExamPatient(exam: RealExam): PatientTags {
  return { id: exam.id.toUpperCase(), name: `Sample^${exam.id}`, birthDate: '', sex: 'F' };
}

/** Wraps one PNG exam into DICOM MG For Presentation files, one per view present. */
export async function buildRealExamStudy(exam: RealExam, opts: RealStudyOptions = {}): Promise<RealStudy> {
  const seed = 0x5eed;
  const studyInstanceUid = deterministicUid(seed, `real-${exam.id}-study`);
  const out: RealStudy = { exam, inputs: {}, files: {}, pngDepth: {}, mirrored: [] };
  for (const key of VIEW_KEYS) {
    const file = exam.views[key];
    if (!file) continue;
    const px = await readRealPng(file);
    const laterality = key.startsWith('r') ? 'R' : 'L';
    const viewPosition = key.endsWith('mlo') ? 'MLO' : 'CC';
    const max = 2 ** px.bitsStored - 1;
    const wantSide = laterality === 'R' ? 'right' : 'left';
    const mirror = (opts.orientation ?? 'standard') === 'standard' && chestWallSide(px) !== wantSide;
    if (mirror) {
      px.pixels = mirrorRows(px);
      out.mirrored.push(key);
    }
    const input: DicomImageInput = {
      sopClass: 'mammoForPresentation',
      sopInstanceUid: deterministicUid(seed, `real-${exam.id}-${key}-sop`),
      studyInstanceUid,
      seriesInstanceUid: deterministicUid(seed, `real-${exam.id}-${key}-series`),
      modality: 'MG',
      patient: opts.patient ?? realExamPatient(exam),
      studyDate: opts.studyDate ?? '20250115',
      accessionNumber: exam.id.slice(0, 16),
      studyDescription: `Real sample exam ${exam.id} (wrapped PNG)`,
      seriesDescription: `${laterality} ${viewPosition}`,
      seriesNumber: VIEW_KEYS.indexOf(key) + 1,
      instanceNumber: 1,
      manufacturer: 'Smart Density PNG wrapper',
      laterality,
      viewPosition,
      rescale: { slope: 1, intercept: 0 },
      window: { center: Math.round(max / 2), width: max + 1 },
      image: { pixels: px.pixels, width: px.width, height: px.height, bitsStored: px.bitsStored, photometric: 'MONOCHROME2' },
      extra: {
        DerivationDescription: `Wrapped from ${exam.folder}/${path.basename(file)}${px.pngDepth === 8 ? ', 8-bit values widened to 12 bits' : ''}${mirror ? ', mirrored left-right to put the chest wall on the usual side' : ''}`,
      },
    };
    out.inputs[key] = input;
    out.pngDepth[key] = px.pngDepth;
    out.files[key] = await writeDicom(input, opts.transferSyntax ?? 'explicit-le');
  }
  return out;
}
