/**
 * The real mammograms in ../shared/data/mammograms (read at test time, never copied): the PNG
 * exams wrapped as DICOM studies, and the two NEMA WG04 DICOM files. Skipped, with the reason
 * printed, when ../shared is absent.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import dicomParser from 'dicom-parser';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIEW_KEYS, type ViewKey } from '../../core/contract/scores';
import { classifyBytes } from '../../core/dicom/classify';
import { buildRealExamStudy, findRealExams, realMammogramsDir, realMammogramsMissing, viewKeyOfFileName } from '../../server/corpus/real-exams';
import { decodeJpeg2000, decodeJpegLs, loadCodecs } from '../../server/dicom/codecs';
import { decodeRleFrame } from '../../server/dicom/encode-rle';
import { SOP_CLASSES, TRANSFER_SYNTAXES, type TransferSyntaxName } from '../../server/dicom/writer';

const require = createRequire(import.meta.url);
const dcmjs = require('dcmjs');

const DIR = realMammogramsDir();
const missing = realMammogramsMissing(DIR);
if (missing) console.warn(`SKIPPED: ${missing}`);
const LONG = { timeout: 120_000 };

function naturalised(bytes: Uint8Array) {
  return dcmjs.data.DicomMetaDictionary.naturalizeDataset(dcmjs.data.DicomMessage.readFile(bytes.slice().buffer).dict);
}

function storedPixels(bytes: Uint8Array, syntax: TransferSyntaxName, width: number, height: number): Uint16Array {
  const ds = dicomParser.parseDicom(bytes);
  const el = ds.elements.x7fe00010;
  if (syntax === 'explicit-le' || syntax === 'implicit-le') return new Uint16Array(bytes.slice(el.dataOffset, el.dataOffset + el.length).buffer);
  const frame = dicomParser.readEncapsulatedPixelDataFromFragments(ds, el, 0, el.fragments!.length);
  if (syntax === 'rle') return decodeRleFrame(frame, width, height, 16) as Uint16Array;
  return syntax === 'jpeg-ls' ? decodeJpegLs(frame).pixels : decodeJpeg2000(frame).pixels;
}

/** Index of the first differing value, -1 when equal (toEqual on millions of values is very slow). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

function mirrored(px: Uint16Array, width: number, height: number): Uint16Array {
  const out = new Uint16Array(px.length);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[y * width + x] = px[y * width + width - 1 - x];
  return out;
}

async function pngValues(file: string): Promise<{ values: Uint16Array; width: number; height: number; depth: 8 | 16 }> {
  const depth = (await sharp(file).metadata()).depth === 'ushort' ? 16 : 8;
  const { data, info } = await sharp(file).extractChannel(0).raw({ depth: depth === 16 ? 'ushort' : 'uchar' }).toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  const values = depth === 16 ? new Uint16Array(data.buffer, data.byteOffset, n).slice() : Uint16Array.from(data.subarray(0, n));
  return { values, width: info.width, height: info.height, depth };
}

describe('view names of the PNG exams', () => {
  it('reads laterality and view from every naming style, and ignores lesion masks', () => {
    expect(viewKeyOfFileName('R-CC.png')).toBe('r_cc');
    expect(viewKeyOfFileName('0_L-MLO.png')).toBe('l_mlo');
    expect(viewKeyOfFileName('2_R_CC.png')).toBe('r_cc');
    expect(viewKeyOfFileName('seg_0_R-CC_benign.png')).toBeNull();
    expect(viewKeyOfFileName('notes.txt')).toBeNull();
  });
});

describe.skipIf(missing !== null)('real PNG exams wrapped as DICOM studies', LONG, () => {
  beforeAll(() => loadCodecs());

  it('finds each exam of the README with its views and lesion masks', () => {
    const exams = findRealExams(DIR);
    const summary = Object.fromEntries(exams.map((e) => [e.id, Object.keys(e.views).sort()]));
    expect(summary).toEqual({
      'nyu-birads-exam': ['l_cc', 'l_mlo', 'r_cc', 'r_mlo'],
      'nyu-cc-views-1': ['l_cc', 'r_cc'],
      'nyu-cc-views-2': ['l_cc', 'r_cc'],
      'nyu-gmic-exam-0': ['l_cc', 'l_mlo', 'r_cc', 'r_mlo'],
    });
    const gmic = exams.find((e) => e.id === 'nyu-gmic-exam-0')!;
    expect(Object.keys(gmic.masks).sort()).toEqual(['r_cc', 'r_mlo']);
  });

  for (const examId of ['nyu-birads-exam', 'nyu-gmic-exam-0', 'nyu-cc-views-1', 'nyu-cc-views-2']) {
    it(`wraps ${examId}: MG files the upload rules accept as the right views, pixels as in the PNGs`, async () => {
      const exam = findRealExams(DIR).find((e) => e.id === examId)!;
      const study = await buildRealExamStudy(exam);
      const keys = Object.keys(exam.views) as ViewKey[];
      expect(Object.keys(study.files).sort()).toEqual([...keys].sort());
      const studyUids = new Set<string>();
      for (const key of keys) {
        const bytes = study.files[key]!;
        const png = await pngValues(exam.views[key]!);
        // The file names are the only source of laterality and view.
        const c = classifyBytes(bytes, { final: true });
        expect(c.ok && c.key).toBe(key);

        const ds = dicomParser.parseDicom(bytes);
        expect(ds.string('x00080016')).toBe(SOP_CLASSES.mammoForPresentation);
        expect(ds.string('x00080060')).toBe('MG');
        expect(ds.string('x00200062')).toBe(key[0].toUpperCase());
        expect(ds.string('x00200060')).toBe(key[0].toUpperCase());
        expect(ds.string('x00185101')).toBe(key.endsWith('mlo') ? 'MLO' : 'CC');
        expect(ds.string('x00080068')).toBe('FOR PRESENTATION');
        expect(ds.string('x00100020')).toBe(examId.toUpperCase());
        expect(ds.uint16('x00280010')).toBe(png.height);
        expect(ds.uint16('x00280011')).toBe(png.width);
        // No spacing is invented for a PNG.
        expect(ds.string('x00280030')).toBeUndefined();
        studyUids.add(ds.string('x0020000d')!);

        const nat = naturalised(bytes);
        expect(nat.ImageLaterality).toBe(key[0].toUpperCase());
        expect(nat.ViewPosition).toBe(key.endsWith('mlo') ? 'MLO' : 'CC');
        expect(nat.Rows).toBe(png.height);
        expect(nat.Columns).toBe(png.width);

        let stored = storedPixels(bytes, 'explicit-le', png.width, png.height);
        // Hung as a modality would: chest wall on the right of right views, on the left of left views.
        const band = (x0: number) => {
          let s = 0;
          for (let y = 0; y < png.height; y += 8) for (let x = x0; x < x0 + 50; x++) s += stored[y * png.width + x];
          return s;
        };
        if (key.startsWith('r')) expect(band(png.width - 50)).toBeGreaterThan(band(0));
        else expect(band(0)).toBeGreaterThan(band(png.width - 50));
        if (study.mirrored.includes(key)) {
          expect(nat.DerivationDescription).toContain('mirrored');
          stored = mirrored(stored, png.width, png.height);
        }
        if (png.depth === 16) {
          expect(ds.uint16('x00280101')).toBeGreaterThanOrEqual(12);
          expect(firstDifference(stored, png.values)).toBe(-1);
        } else {
          expect(ds.uint16('x00280101')).toBe(12);
          expect(firstDifference(stored.map((v) => v >> 4), png.values)).toBe(-1);
          const max = stored.reduce((m, v) => (v > m ? v : m), 0);
          expect(max).toBeLessThanOrEqual(4095);
          expect(max).toBeGreaterThan(2000);
        }
      }
      expect(studyUids.size).toBe(1);
      // Only the published exam whose right views were mirrored needs mirroring back.
      expect(study.mirrored).toEqual(examId === 'nyu-birads-exam' ? ['r_cc', 'r_mlo'] : []);
    });
  }

  for (const syntax of ['rle', 'jpeg-ls', 'jpeg2000'] as const) {
    it(`keeps a real exam's pixels exactly in ${syntax}`, async () => {
      const exam = findRealExams(DIR).find((e) => e.id === 'nyu-gmic-exam-0')!;
      const study = await buildRealExamStudy(exam, { transferSyntax: syntax });
      for (const key of VIEW_KEYS) {
        const bytes = study.files[key]!;
        const { image } = study.inputs[key]!;
        expect(dicomParser.parseDicom(bytes).string('x00020010')).toBe(TRANSFER_SYNTAXES[syntax]);
        expect(naturalised(bytes).ImageLaterality).toBe(key[0].toUpperCase());
        expect(firstDifference(storedPixels(bytes, syntax, image.width, image.height), image.pixels)).toBe(-1);
      }
    });
  }
});

describe.skipIf(missing !== null)('NEMA WG04 DICOM mammogram (digitised film)', LONG, () => {
  beforeAll(() => loadCodecs());
  const files = {
    MG1_J2KI: { syntax: '1.2.840.10008.1.2.4.91', name: 'JPEG 2000' },
    MG1_JPLY: { syntax: '1.2.840.10008.1.2.4.51', name: 'JPEG Extended 12-bit' },
  } as const;

  for (const [base, expected] of Object.entries(files)) {
    it(`${base}.dcm parses with dicom-parser and dcmjs, and its tags read as the README says`, () => {
      const bytes = new Uint8Array(readFileSync(path.join(DIR, 'nema-wg04-dicom', `${base}.dcm`)));
      const ds = dicomParser.parseDicom(bytes);
      expect(ds.string('x00020010')).toBe(expected.syntax);
      expect(ds.string('x00080016')).toBe(SOP_CLASSES.secondaryCapture);
      expect(ds.string('x00080060')).toBe('RG');
      expect(ds.string('x00200060')).toBe('L');
      expect(ds.string('x00185101')).toBe('MLO');
      expect(ds.uint16('x00280010')).toBe(4664);
      expect(ds.uint16('x00280011')).toBe(3064);
      expect(ds.uint16('x00280101')).toBe(12);
      expect(ds.string('x00081030')).toBe('Malignant mass with micro-calcifications');
      expect(ds.string('x00101010')).toBe('075Y');
      // What the README says is missing really is missing.
      expect(ds.elements.x00200062).toBeUndefined();
      expect(ds.elements.x00280030).toBeUndefined();
      expect(ds.elements.x00181164).toBeUndefined();
      expect(ds.elements.x7fe00010.encapsulatedPixelData).toBe(true);

      const nat = naturalised(bytes);
      expect(nat.SOPClassUID).toBe(SOP_CLASSES.secondaryCapture);
      expect(nat.Laterality).toBe('L');
      expect(nat.ViewPosition).toBe('MLO');
      expect(nat.Rows).toBe(4664);
      expect(nat.Columns).toBe(3064);
      expect(nat.ImageLaterality).toBeUndefined();

      // The upload rules accept it as a left MLO (Laterality stands in for ImageLaterality).
      const c = classifyBytes(bytes, { final: true });
      expect(c.ok && c.key).toBe('l_mlo');
    });
  }

  it('MG1_J2KI.dcm decodes to a 3064x4664 12-bit image: a left breast against the film background', () => {
    const bytes = new Uint8Array(readFileSync(path.join(DIR, 'nema-wg04-dicom', 'MG1_J2KI.dcm')));
    const ds = dicomParser.parseDicom(bytes);
    const el = ds.elements.x7fe00010;
    const frame = dicomParser.readEncapsulatedPixelDataFromFragments(ds, el, 0, el.fragments!.length);
    const img = decodeJpeg2000(frame);
    expect([img.width, img.height]).toEqual([3064, 4664]);
    let max = 0;
    let film = 0;
    for (let i = 0; i < img.pixels.length; i++) {
      if (img.pixels[i] > max) max = img.pixels[i];
      if (img.pixels[i] < 1024) film++;
    }
    expect(max).toBeLessThanOrEqual(4095);
    expect(max).toBeGreaterThan(3000);
    expect(film / img.pixels.length).toBeGreaterThan(0.2);
    expect(film / img.pixels.length).toBeLessThan(0.7);
    // Chest wall on the left: the left tenth of the image is much brighter than the right tenth.
    const band = (x0: number) => {
      let sum = 0;
      for (let y = 0; y < img.height; y += 4) for (let x = x0; x < x0 + 300; x++) sum += img.pixels[y * img.width + x];
      return sum;
    };
    expect(band(0)).toBeGreaterThan(2 * band(img.width - 300));
  });
});
