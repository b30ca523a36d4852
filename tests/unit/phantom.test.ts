import { createRequire } from 'node:module';
import dicomParser from 'dicom-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJpeg2000, decodeJpegLs, loadCodecs } from '../../server/dicom/codecs';
import { decodeRleFrame } from '../../server/dicom/encode-rle';
import { TRANSFER_SYNTAXES, TRANSFER_SYNTAX_NAMES, type TransferSyntaxName } from '../../server/dicom/writer';
import { VIEW_KEYS, type ViewKey } from '../../core/contract/scores';
import { generateStudy } from '../../server/phantom/generate';
import type { CoarseMap, PhantomStudy, PixelBox } from '../../server/phantom/types';
import { viewDicomInput, writeStudy } from '../../server/phantom/write';
import { makeStudy } from '../fixtures/studies';

const MEDIUM = { width: 512, height: 630 };

const require = createRequire(import.meta.url);
const dcmjs = require('dcmjs');

/** Decodes one frame of encapsulated or native pixel data as stored (16 bits allocated). */
function decodeFrame(frame: Uint8Array, syntax: TransferSyntaxName, width: number, height: number): Uint16Array {
  if (syntax === 'explicit-le' || syntax === 'implicit-le') return new Uint16Array(frame.slice().buffer);
  if (syntax === 'rle') return decodeRleFrame(frame, width, height, 16) as Uint16Array;
  return syntax === 'jpeg-ls' ? decodeJpegLs(frame).pixels : decodeJpeg2000(frame).pixels;
}

function count(map: CoarseMap, mask?: CoarseMap): number {
  let n = 0;
  for (let i = 0; i < map.data.length; i++) if (map.data[i] && (!mask || mask.data[i])) n++;
  return n;
}

function meanIn(study: PhantomStudy, key: ViewKey, box: PixelBox): number {
  const v = study.views[key];
  let sum = 0;
  let n = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      sum += v.pixels[y * v.width + x];
      n++;
    }
  }
  return sum / n;
}

/** Mean stored value over map cells where `pick` holds, at the cell's top-left image pixel. */
function meanOverCells(study: PhantomStudy, key: ViewKey, pick: (i: number) => boolean): number {
  const v = study.views[key];
  const map = study.truth.views[key].denseMap;
  let sum = 0;
  let n = 0;
  for (let j = 0; j < map.height; j++) {
    for (let i = 0; i < map.width; i++) {
      if (!pick(j * map.width + i)) continue;
      const x = Math.min(v.width - 1, i * map.scale);
      const y = Math.min(v.height - 1, j * map.scale);
      sum += v.pixels[y * v.width + x];
      n++;
    }
  }
  return sum / n;
}

describe('phantom generator', { timeout: 60_000 }, () => {
  beforeAll(() => loadCodecs());

  it('is deterministic: the same seed gives the same bytes, another seed other bytes', async () => {
    const a = await writeStudy(makeStudy({ seed: 5, mass: { breast: 'left' }, calcifications: { breast: 'right' } }));
    const b = await writeStudy(makeStudy({ seed: 5, mass: { breast: 'left' }, calcifications: { breast: 'right' } }));
    const c = await writeStudy(makeStudy({ seed: 6, mass: { breast: 'left' }, calcifications: { breast: 'right' } }));
    for (const key of VIEW_KEYS) {
      expect(sameBytes(a[key], b[key])).toBe(true);
      expect(sameBytes(a[key], c[key])).toBe(false);
    }
  });

  it('records a dense fraction that is the dense map over the breast, near the requested density', () => {
    let previous = -1;
    for (const density of [0.05, 0.2, 0.4, 0.7]) {
      const study = makeStudy({ seed: 3, density });
      for (const key of VIEW_KEYS) {
        const t = study.truth.views[key];
        expect(count(t.denseMap, t.breastMask)).toBe(count(t.denseMap));
        expect(t.denseFraction).toBeCloseTo(count(t.denseMap) / count(t.breastMask), 10);
        expect(Math.abs(t.denseFraction - density)).toBeLessThan(0.02);
      }
      expect(study.truth.denseFraction).toBeGreaterThan(previous);
      previous = study.truth.denseFraction;
    }
  });

  it('draws dense tissue brighter than fat, and the breast brighter than the background', () => {
    const study = makeStudy({ seed: 8, density: 0.3, ...MEDIUM });
    for (const key of VIEW_KEYS) {
      const t = study.truth.views[key];
      const dense = meanOverCells(study, key, (i) => t.denseMap.data[i] === 1);
      const fat = meanOverCells(study, key, (i) => t.breastMask.data[i] === 1 && t.denseMap.data[i] === 0);
      const air = meanOverCells(study, key, (i) => t.breastMask.data[i] === 0 && (i % t.breastMask.width) % 2 === 0);
      expect(dense).toBeGreaterThan(fat * 1.3);
      expect(fat).toBeGreaterThan(air + 400);
    }
  });

  it('puts the chest wall on the right edge of right views and the left edge of left views', () => {
    const study = makeStudy({ seed: 2 });
    for (const key of VIEW_KEYS) {
      const v = study.views[key];
      const edgeMean = (x0: number) => meanIn(study, key, { x: x0, y: 0, width: 8, height: v.height });
      const right = edgeMean(v.width - 8);
      const left = edgeMean(0);
      if (v.laterality === 'R') expect(right).toBeGreaterThan(left * 3);
      else expect(left).toBeGreaterThan(right * 3);
      expect(study.truth.views[key].chestWall).toBe(v.laterality === 'R' ? 'right' : 'left');
    }
    // The pectoral muscle: the MLO corner at the chest wall, top, is bright and recorded.
    for (const key of ['r_mlo', 'l_mlo'] as const) {
      const p = study.truth.views[key].pectoral!;
      expect(p.edgeY).toBeGreaterThan(0);
      const v = study.views[key];
      const cornerX = key === 'r_mlo' ? v.width - 10 : 2;
      expect(meanIn(study, key, { x: cornerX, y: 2, width: 8, height: 8 })).toBeGreaterThan(0.45 * 4095);
    }
  });

  it('inserts a mass where the truth says, in both views of that breast, brighter than without it', () => {
    const opts = { seed: 21, density: 0.25, ...MEDIUM };
    const withMass = generateStudy({ ...opts, mass: { breast: 'right', sizeMm: 15, margin: 'spiculated' } });
    const without = generateStudy(opts);
    expect(withMass.truth.mass?.breast).toBe('right');
    for (const key of VIEW_KEYS) {
      const box = withMass.truth.views[key].mass;
      if (key.startsWith('l')) {
        expect(box).toBeNull();
        expect(sameBytes(withMass.views[key].pixels, without.views[key].pixels)).toBe(true);
        continue;
      }
      expect(box).not.toBeNull();
      const b = box!;
      // 15 mm at 0.455 mm per pixel is about 33 pixels.
      expect(b.width).toBeGreaterThan(28);
      expect(b.width).toBeLessThan(40);
      // The box lies inside the breast.
      const mask = withMass.truth.views[key].breastMask;
      const cell = (x: number, y: number) => mask.data[Math.floor(y / mask.scale) * mask.width + Math.floor(x / mask.scale)];
      expect(cell(b.x, b.y) && cell(b.x + b.width - 1, b.y + b.height - 1)).toBe(1);
      // Brighter than the same place without the mass, and than its surroundings.
      const inner = { x: b.x + b.width / 4, y: b.y + b.height / 4, width: b.width / 2, height: b.height / 2 };
      const inside = meanIn(withMass, key, roundBox(inner));
      expect(inside - meanIn(without, key, roundBox(inner))).toBeGreaterThan(0.12 * 4095);
    }
    // Seen at about the same distance from the nipple in CC and MLO.
    const dist = (key: ViewKey) => {
      const t = withMass.truth.views[key];
      return Math.abs(t.mass!.x + t.mass!.width / 2 - t.nipple.x);
    };
    expect(Math.abs(dist('r_cc') - dist('r_mlo'))).toBeLessThan(5);
  });

  it('draws the breast size and thickness asked for, and records them', () => {
    const small = makeStudy({ seed: 6, breastDepthMm: 80, thicknessMm: 35 });
    const large = makeStudy({ seed: 6, breastDepthMm: 150, thicknessMm: 65 });
    for (const side of ['left', 'right'] as const) {
      expect(Math.abs(small.truth.breastDepthMm[side] - 80)).toBeLessThan(80 * 0.12);
      expect(Math.abs(large.truth.breastDepthMm[side] - 150)).toBeLessThan(150 * 0.12);
      expect(Math.abs(small.truth.thicknessMm[side] - 35)).toBeLessThan(35 * 0.12);
    }
    // The larger breast covers more of the image, in every view.
    for (const key of VIEW_KEYS) expect(count(large.truth.views[key].breastMask)).toBeGreaterThan(1.4 * count(small.truth.views[key].breastMask));
  });

  it('inserts a calcification cluster of bright specks in both views of that breast', () => {
    const study = generateStudy({ seed: 4, density: 0.2, width: 1024, height: 1260, calcifications: { breast: 'left', count: 9 } });
    expect(study.truth.calcifications?.count).toBe(9);
    for (const key of ['l_cc', 'l_mlo'] as const) {
      const t = study.truth.views[key];
      expect(t.calcificationPoints).toHaveLength(9);
      const v = study.views[key];
      let brighter = 0;
      for (const p of t.calcificationPoints) {
        const at = v.pixels[Math.floor(p.y) * v.width + Math.floor(p.x)];
        const around = meanIn(study, key, roundBox({ x: p.x - 12, y: p.y + 6, width: 24, height: 6 }));
        if (at > around + 300) brighter++;
      }
      expect(brighter).toBeGreaterThanOrEqual(7);
      const box = t.calcifications!;
      for (const p of t.calcificationPoints) {
        expect(p.x).toBeGreaterThanOrEqual(box.x);
        expect(p.x).toBeLessThanOrEqual(box.x + box.width);
      }
    }
    expect(study.truth.views.r_cc.calcifications).toBeNull();
  });

  for (const syntax of TRANSFER_SYNTAX_NAMES) {
    it(`round-trips a generated study in ${syntax}: dicom-parser and dcmjs read back the tags and pixels written`, async () => {
      const study = makeStudy({ seed: 12, density: 0.4, mass: { breast: 'left' }, calcifications: { breast: 'right' }, bitsStored: 14 });
      const files = await writeStudy(study, { transferSyntax: syntax });
      for (const key of VIEW_KEYS) {
        const written = viewDicomInput(study, key);
        const bytes = files[key];
        const ds = dicomParser.parseDicom(bytes);
        expect(ds.string('x00020010')).toBe(TRANSFER_SYNTAXES[syntax]);
        expect(ds.string('x00080018')).toBe(written.sopInstanceUid);
        expect(ds.string('x0020000d')).toBe(written.studyInstanceUid);
        expect(ds.string('x0020000e')).toBe(written.seriesInstanceUid);
        expect(ds.string('x00100010')).toBe(written.patient.name);
        expect(ds.string('x00100030')).toBe(written.patient.birthDate);
        expect(ds.string('x00200062')).toBe(written.laterality);
        expect(ds.string('x00185101')).toBe(written.viewPosition);
        expect(ds.uint16('x00280101')).toBe(14);
        expect(ds.floatString('x00280030')).toBeCloseTo(study.pixelSpacingMm[0], 8);

        const nat = dcmjs.data.DicomMetaDictionary.naturalizeDataset(dcmjs.data.DicomMessage.readFile(bytes.slice().buffer).dict);
        expect(nat.Modality).toBe('MG');
        expect(nat.SOPInstanceUID).toBe(written.sopInstanceUid);
        expect(nat.PatientID).toBe(written.patient.id);
        expect(nat.StudyDate).toBe(written.studyDate);
        expect(nat.ImageLaterality).toBe(written.laterality);
        expect(nat.Laterality).toBe(written.laterality);
        expect(nat.ViewPosition).toBe(written.viewPosition);
        expect(nat.PresentationIntentType).toBe('FOR PRESENTATION');
        expect(nat.PixelSpacing[0]).toBeCloseTo(study.pixelSpacingMm[0], 8);
        expect(nat.ImagerPixelSpacing[0]).toBeCloseTo(written.imagerPixelSpacingMm![0], 8);
        expect(nat.BodyPartThickness).toBe(written.bodyPartThicknessMm);

        // Pixels: the frame as dicom-parser and as dcmjs find it decodes to the generated values.
        const el = ds.elements.x7fe00010;
        const viaParser = el.encapsulatedPixelData
          ? dicomParser.readEncapsulatedPixelDataFromFragments(ds, el, 0, el.fragments!.length)
          : bytes.slice(el.dataOffset, el.dataOffset + el.length);
        const viaDcmjs = new Uint8Array(nat.PixelData[0]);
        const { width, height } = study.views[key];
        expect(sameBytes(decodeFrame(viaParser, syntax, width, height), study.views[key].pixels)).toBe(true);
        expect(sameBytes(decodeFrame(viaDcmjs, syntax, width, height), study.views[key].pixels)).toBe(true);
      }
    });
  }

  it('writes MG files whose tags name the view, and MONOCHROME1 inverts the stored values', async () => {
    const study = makeStudy({ seed: 9 });
    const files = await writeStudy(study, { photometric: 'MONOCHROME1' });
    for (const key of VIEW_KEYS) {
      const ds = dicomParser.parseDicom(files[key]);
      expect(ds.string('x00200062')).toBe(key.startsWith('r') ? 'R' : 'L');
      expect(ds.string('x00185101')).toBe(key.endsWith('cc') ? 'CC' : 'MLO');
      expect(ds.string('x00280004')).toBe('MONOCHROME1');
      expect(ds.string('x0020000d')).toBe(study.studyInstanceUid);
      const el = ds.elements.x7fe00010;
      const stored = new Uint16Array(files[key].slice(el.dataOffset, el.dataOffset + el.length).buffer);
      expect(stored[0]).toBe(4095 - study.views[key].pixels[0]);
    }
  });
});

/** Byte equality of two arrays (toEqual on hundreds of thousands of values is very slow). */
function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

function roundBox(b: PixelBox): PixelBox {
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
}
