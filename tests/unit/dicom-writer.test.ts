import { createRequire } from 'node:module';
import dicomParser from 'dicom-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJpeg2000, decodeJpegLs, loadCodecs } from '../../server/dicom/codecs';
import { decodeRleFrame, encodeRleFrame } from '../../server/dicom/encode-rle';
import {
  SOP_CLASSES,
  TRANSFER_SYNTAXES,
  TRANSFER_SYNTAX_NAMES,
  deterministicUid,
  writeDicom,
  type DicomImageInput,
  type SopClassName,
  type TransferSyntaxName,
} from '../../server/dicom/writer';

const require = createRequire(import.meta.url);
const dcmjs = require('dcmjs');

/** Pixels with runs, ramps and the full 12-bit range, so every codec path is exercised. */
function testPixels(width: number, height: number, bits: number): Uint16Array {
  const max = 2 ** bits - 1;
  const px = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (x < width / 4) px[i] = 0; // a run of background
      else if (y % 7 === 0) px[i] = max;
      else px[i] = (x * 131 + y * 17 + ((x * y) % 97)) % (max + 1);
    }
  }
  return px;
}

function input(sopClass: SopClassName, bits = 12, photometric: 'MONOCHROME1' | 'MONOCHROME2' = 'MONOCHROME2'): DicomImageInput {
  const width = 67; // odd, so row and fragment padding matter
  const height = 45;
  return {
    sopClass,
    sopInstanceUid: deterministicUid(1, `sop-${sopClass}`),
    studyInstanceUid: deterministicUid(1, 'study'),
    seriesInstanceUid: deterministicUid(1, 'series'),
    modality: sopClass === 'ct' ? 'CT' : 'MG',
    patient: { id: 'PID-42', name: 'Test^Anna^M', birthDate: '19650302', sex: 'F' },
    studyDate: '20240611',
    laterality: 'L',
    viewPosition: 'MLO',
    pixelSpacingMm: [0.07, 0.07],
    imagerPixelSpacingMm: [0.085, 0.085],
    rescale: { slope: 1, intercept: 0 },
    window: { center: 2048, width: 4096 },
    bodyPartThicknessMm: 52,
    image: { pixels: testPixels(width, height, bits), width, height, bitsStored: bits, photometric },
  };
}

/** The first frame's pixels as stored, decoded with the WASM codecs for compressed syntaxes. */
function decodePixels(bytes: Uint8Array, syntax: TransferSyntaxName, width: number, height: number): Uint16Array {
  const ds = dicomParser.parseDicom(bytes);
  const el = ds.elements.x7fe00010;
  if (syntax === 'explicit-le' || syntax === 'implicit-le') {
    return new Uint16Array(bytes.slice(el.dataOffset, el.dataOffset + el.length).buffer);
  }
  expect(el.encapsulatedPixelData).toBe(true);
  const frame = dicomParser.readEncapsulatedPixelDataFromFragments(ds, el, 0, el.fragments!.length);
  if (syntax === 'rle') return decodeRleFrame(frame, width, height, 16) as Uint16Array;
  if (syntax === 'jpeg-ls') return decodeJpegLs(frame).pixels;
  return decodeJpeg2000(frame).pixels;
}

describe('DICOM writer', () => {
  beforeAll(() => loadCodecs());

  for (const syntax of TRANSFER_SYNTAX_NAMES) {
    it(`round-trips tags and pixels in ${syntax}`, async () => {
      const inp = input('mammoForPresentation');
      const bytes = await writeDicom(inp, syntax);
      expect(String.fromCharCode(...bytes.subarray(128, 132))).toBe('DICM');

      const ds = dicomParser.parseDicom(bytes);
      expect(ds.string('x00020010')).toBe(TRANSFER_SYNTAXES[syntax]);
      expect(ds.string('x00080016')).toBe(SOP_CLASSES.mammoForPresentation);
      expect(ds.string('x00020002')).toBe(SOP_CLASSES.mammoForPresentation);
      expect(ds.string('x00080018')).toBe(inp.sopInstanceUid);
      expect(ds.string('x00080060')).toBe('MG');
      expect(ds.string('x00100010')).toBe('Test^Anna^M');
      expect(ds.string('x00100020')).toBe('PID-42');
      expect(ds.string('x00100030')).toBe('19650302');
      expect(ds.string('x00080020')).toBe('20240611');
      expect(ds.string('x0020000d')).toBe(inp.studyInstanceUid);
      expect(ds.string('x0020000e')).toBe(inp.seriesInstanceUid);
      expect(ds.string('x00200062')).toBe('L');
      expect(ds.string('x00200060')).toBe('L');
      expect(ds.string('x00185101')).toBe('MLO');
      expect(ds.string('x00280030')).toBe('0.07\\0.07');
      expect(ds.string('x00181164')).toBe('0.085\\0.085');
      expect(ds.string('x00080068')).toBe('FOR PRESENTATION');
      expect(ds.string('x00280004')).toBe('MONOCHROME2');
      expect(ds.uint16('x00280010')).toBe(45);
      expect(ds.uint16('x00280011')).toBe(67);
      expect(ds.uint16('x00280100')).toBe(16);
      expect(ds.uint16('x00280101')).toBe(12);
      expect(ds.uint16('x00280102')).toBe(11);
      expect(ds.floatString('x00281053')).toBe(1);
      expect(ds.floatString('x00281052')).toBe(0);

      const nat = dcmjs.data.DicomMetaDictionary.naturalizeDataset(dcmjs.data.DicomMessage.readFile(bytes.slice().buffer).dict);
      expect(nat.PatientName[0].Alphabetic).toBe('Test^Anna^M');
      expect(nat.ImageLaterality).toBe('L');
      expect(nat.Laterality).toBe('L');
      expect(nat.ViewPosition).toBe('MLO');
      expect(nat.PixelSpacing).toEqual([0.07, 0.07]);
      expect(nat.ImagerPixelSpacing).toEqual([0.085, 0.085]);
      expect(nat.PresentationIntentType).toBe('FOR PRESENTATION');
      expect(nat.ViewCodeSequence.CodeMeaning ?? nat.ViewCodeSequence[0].CodeMeaning).toBe('medio-lateral oblique');
      expect(nat.BodyPartThickness).toBe(52);
      expect(nat.Rows).toBe(45);
      expect(nat.Columns).toBe(67);

      expect(decodePixels(bytes, syntax, 67, 45)).toEqual(inp.image.pixels);
    });
  }

  it('writes For Processing, Secondary Capture and CT with their own SOP class and tags', async () => {
    const proc = dicomParser.parseDicom(await writeDicom(input('mammoForProcessing', 14), 'explicit-le'));
    expect(proc.string('x00080016')).toBe(SOP_CLASSES.mammoForProcessing);
    expect(proc.string('x00080068')).toBe('FOR PROCESSING');
    expect(proc.uint16('x00280101')).toBe(14);

    const sc = dicomParser.parseDicom(await writeDicom(input('secondaryCapture'), 'jpeg-ls'));
    expect(sc.string('x00080016')).toBe(SOP_CLASSES.secondaryCapture);
    expect(sc.string('x00080064')).toBe('WSD');
    expect(sc.string('x00080068')).toBeUndefined();

    const ct = dicomParser.parseDicom(await writeDicom(input('ct'), 'implicit-le'));
    expect(ct.string('x00080016')).toBe(SOP_CLASSES.ct);
    expect(ct.string('x00080060')).toBe('CT');
  });

  it('keeps 16-bit values and MONOCHROME1 as given', async () => {
    const inp = input('mammoForPresentation', 16, 'MONOCHROME1');
    const bytes = await writeDicom(inp, 'jpeg-ls');
    expect(dicomParser.parseDicom(bytes).string('x00280004')).toBe('MONOCHROME1');
    expect(decodePixels(bytes, 'jpeg-ls', 67, 45)).toEqual(inp.image.pixels);
  });

  it('writes the same bytes for the same input', async () => {
    for (const syntax of TRANSFER_SYNTAX_NAMES) {
      expect(await writeDicom(input('mammoForPresentation'), syntax)).toEqual(await writeDicom(input('mammoForPresentation'), syntax));
    }
  });

  it('RLE packs long runs and literals and unpacks them exactly', () => {
    const w = 300;
    const px = new Uint16Array(w * 3);
    px.fill(4095, 0, w); // one long run per row
    for (let i = w; i < 2 * w; i++) px[i] = (i * 7919) % 4096; // literals
    const rle = encodeRleFrame(px, w, 3);
    expect(rle.length % 2).toBe(0);
    expect(decodeRleFrame(rle, w, 3, 16)).toEqual(px);
  });

  it('makes different UIDs for different seeds and labels, valid under 2.25', () => {
    const a = deterministicUid(1, 'x');
    expect(a).toMatch(/^2\.25\.[1-9]\d{0,38}$/);
    expect(deterministicUid(1, 'x')).toBe(a);
    expect(deterministicUid(2, 'x')).not.toBe(a);
    expect(deterministicUid(1, 'y')).not.toBe(a);
  });
});
