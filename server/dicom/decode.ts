/**
 * Decodes the pixels of one mammogram DICOM file into presentation values for the analysis engine
 * and the display renderer: every transfer syntax of scoring.md, Modality LUT (rescale), MONOCHROME1
 * inverted, pixel spacing with its source, the VOI window, downsampled to a height budget.
 *
 * Errors are DicomDecodeError with a sentence a person can act on; the pipeline turns them into
 * the task's failure reason.
 */
import dicomParser, { type DataSet } from 'dicom-parser';
import { DEFLATED_TRANSFER_SYNTAX, headerInfoOf, readMetaGroup } from '../../core/dicom/header';
import { decodeJpeg2000, decodeJpeg2000Reduced, decodeJpegFamily, decodeJpegLs, decodeRle, loadCodecs } from './codecs';
import { declaredFrame, type CodestreamKind } from './codestream-size';
import { InflateError, inflateForDecoding } from './deflated';
import { countHeaderElementsIn } from './header-elements';
import { MAX_HEADER_ELEMENTS, MAX_IMAGE_PIXELS, RLE_MAX_RATIO, TOO_MANY_ELEMENTS } from './limits';
import type { DecodedView } from './types';

export class DicomDecodeError extends Error {}

/** Transfer syntaxes we read, by UID, with the name a person would recognise. */
export const TRANSFER_SYNTAXES: Record<string, string> = {
  '1.2.840.10008.1.2': 'Implicit VR Little Endian',
  '1.2.840.10008.1.2.1': 'Explicit VR Little Endian',
  '1.2.840.10008.1.2.1.99': 'Deflated Explicit VR Little Endian',
  '1.2.840.10008.1.2.5': 'RLE Lossless',
  '1.2.840.10008.1.2.4.50': 'JPEG Baseline (8-bit)',
  '1.2.840.10008.1.2.4.51': 'JPEG Extended (12-bit)',
  '1.2.840.10008.1.2.4.57': 'JPEG Lossless (process 14)',
  '1.2.840.10008.1.2.4.70': 'JPEG Lossless (process 14, SV1)',
  '1.2.840.10008.1.2.4.80': 'JPEG-LS Lossless',
  '1.2.840.10008.1.2.4.81': 'JPEG-LS Near-Lossless',
  '1.2.840.10008.1.2.4.90': 'JPEG 2000 Lossless',
  '1.2.840.10008.1.2.4.91': 'JPEG 2000',
};

export const NATIVE = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1', '1.2.840.10008.1.2.1.99']);
const JPEG_FAMILY = new Set(['1.2.840.10008.1.2.4.50', '1.2.840.10008.1.2.4.51', '1.2.840.10008.1.2.4.57', '1.2.840.10008.1.2.4.70']);
const JPEG_LS = new Set(['1.2.840.10008.1.2.4.80', '1.2.840.10008.1.2.4.81']);
const JPEG_2000 = new Set(['1.2.840.10008.1.2.4.90', '1.2.840.10008.1.2.4.91']);
const RLE = new Set(['1.2.840.10008.1.2.5']);

/** Spacing assumed when the file states none; the result says so. */
export const NOMINAL_SPACING_MM = 0.1;

export interface DecodeOptions {
  /** Downsample (by a whole factor) until the image is at most this high. */
  maxHeight?: number;
}

export interface ImageGeometry {
  rows: number;
  columns: number;
  bitsAllocated: number;
  bitsStored: number;
  highBit: number;
  signed: boolean;
  photometric: string;
}

/** Stored values of the first frame, before rescale, with the factor already taken off each side. */
export interface RawFrame {
  values: ArrayLike<number>;
  width: number;
  height: number;
  reduced: number;
}

function parse(bytes: Uint8Array): DataSet {
  try {
    // A Deflated file whose meta group could not be read: never inflated without a cap.
    return dicomParser.parseDicom(bytes, { inflater: () => { throw new Error('deflated'); } });
  } catch (err) {
    const partial = (err as { dataSet?: DataSet } | null)?.dataSet;
    if (partial?.elements.x7fe00010) {
      throw new DicomDecodeError('The file is cut short: its image data ends before the image does.');
    }
    throw new DicomDecodeError('The file is not a readable DICOM file.');
  }
}

/**
 * A Deflated data set is inflated only within what its image needs (server/dicom/deflated.ts). A
 * header flooded with elements is refused before dicom-parser builds them: the upload refuses
 * such a file, but a head start decodes a view before its upload is classified, and a file may
 * have been stored before that check.
 */
export async function parseDicomFile(bytes: Uint8Array): Promise<DataSet> {
  const meta = readMetaGroup(bytes);
  if (meta?.transferSyntax !== DEFLATED_TRANSFER_SYNTAX) {
    if (countHeaderElementsIn(bytes, MAX_HEADER_ELEMENTS).over) {
      throw new DicomDecodeError(TOO_MANY_ELEMENTS);
    }
    return parse(bytes);
  }
  try {
    return await inflateForDecoding(bytes, meta.dataSetOffset);
  } catch (err) {
    if (err instanceof InflateError) throw new DicomDecodeError(err.message);
    throw err;
  }
}

export function geometry(ds: DataSet): ImageGeometry {
  const rows = ds.uint16('x00280010') ?? 0;
  const columns = ds.uint16('x00280011') ?? 0;
  const samples = ds.uint16('x00280002') ?? 1;
  const bitsAllocated = ds.uint16('x00280100') ?? 16;
  const bitsStored = ds.uint16('x00280101') ?? bitsAllocated;
  const highBit = ds.uint16('x00280102') ?? bitsStored - 1;
  const photometric = (ds.string('x00280004') ?? 'MONOCHROME2').trim().toUpperCase();
  if (!rows || !columns) throw new DicomDecodeError('The file has no image size (Rows and Columns).');
  // Checked before anything is allocated from these numbers: a 100 KB file may declare 65535 x 65535.
  if (rows * columns > MAX_IMAGE_PIXELS) {
    throw new DicomDecodeError(`The file says its image is ${columns}x${rows} pixels, larger than any mammogram (at most ${MAX_IMAGE_PIXELS / 1e6} million pixels).`);
  }
  if (samples !== 1) throw new DicomDecodeError(`The image has ${samples} samples per pixel (colour); mammograms are greyscale.`);
  if (!photometric.startsWith('MONOCHROME')) throw new DicomDecodeError(`The image is in colour (${photometric}); mammograms are greyscale.`);
  if (bitsAllocated !== 8 && bitsAllocated !== 16) {
    throw new DicomDecodeError(`Images with ${bitsAllocated} bits per pixel are not supported.`);
  }
  if (bitsStored < 1 || bitsStored > bitsAllocated || highBit >= bitsAllocated) {
    throw new DicomDecodeError('The file states an impossible pixel bit layout.');
  }
  return { rows, columns, bitsAllocated, bitsStored, highBit, signed: ds.uint16('x00280103') === 1, photometric };
}

export function nativeFrame(ds: DataSet, g: ImageGeometry): RawFrame {
  const el = ds.elements.x7fe00010;
  const bytesPer = g.bitsAllocated / 8;
  const need = g.rows * g.columns * bytesPer;
  const available = Math.min(el.length, ds.byteArray.length - el.dataOffset);
  if (available < need) throw new DicomDecodeError('The file is cut short: its image data ends before the image does.');
  const start = ds.byteArray.byteOffset + el.dataOffset;
  let values: ArrayLike<number>;
  if (bytesPer === 1) values = new Uint8Array(ds.byteArray.buffer, start, need);
  else if (start % 2 === 0) values = new Uint16Array(ds.byteArray.buffer, start, g.rows * g.columns);
  else values = new Uint16Array(ds.byteArray.slice(el.dataOffset, el.dataOffset + need).buffer);
  return { values, width: g.columns, height: g.rows, reduced: 1 };
}

export function encapsulatedFrame(ds: DataSet): Uint8Array {
  const el = ds.elements.x7fe00010;
  if (!el.encapsulatedPixelData || !el.fragments?.length) {
    throw new DicomDecodeError('The file says its image is compressed but holds no compressed image data.');
  }
  const frames = parseInt(ds.string('x00280008') ?? '1', 10) || 1;
  try {
    if (frames > 1) {
      const table = el.basicOffsetTable?.length ? el.basicOffsetTable : dicomParser.createJPEGBasicOffsetTable(ds, el);
      return dicomParser.readEncapsulatedImageFrame(ds, el, 0, table);
    }
    return dicomParser.readEncapsulatedPixelDataFromFragments(ds, el, 0, el.fragments.length);
  } catch {
    throw new DicomDecodeError('The compressed image data is damaged or cut short.');
  }
}

function checkSize(f: { width: number; height: number }, g: ImageGeometry, reduced: number) {
  const w = Math.ceil(g.columns / reduced);
  const h = Math.ceil(g.rows / reduced);
  if (Math.abs(f.width - w) > 1 || Math.abs(f.height - h) > 1) {
    throw new DicomDecodeError(`The compressed image is ${f.width}x${f.height} but the file says ${g.columns}x${g.rows}.`);
  }
}

/** How many tiles a JPEG 2000 image may be cut into: 64 x 64 tiles of a 50-million-pixel image fit. */
const MAX_TILES = 16384;

/**
 * The size, components, precision and tiling the compressed frame declares, checked against the
 * file's header before a decoder allocates anything for them (codestream-size.ts).
 */
function checkDeclaredFrame(data: Uint8Array, g: ImageGeometry, kind: CodestreamKind): void {
  const f = declaredFrame(data, kind);
  if (!f) throw new DicomDecodeError('The compressed image data is damaged: it does not say how large its image is.');
  if (f.width !== g.columns || f.height !== g.rows) {
    throw new DicomDecodeError(`The compressed image is ${f.width}x${f.height} but the file says ${g.columns}x${g.rows}.`);
  }
  if (f.components !== 1) throw new DicomDecodeError(`The compressed image is in colour (${f.components} components); mammograms are greyscale.`);
  if (f.precision > 16) throw new DicomDecodeError(`The compressed image has ${f.precision} bits per pixel; at most 16 are supported.`);
  if (f.tiles > MAX_TILES) throw new DicomDecodeError(`The compressed image is cut into ${f.tiles} tiles, far more than any mammogram needs.`);
}

const codestreamKind = (syntax: string): CodestreamKind | null =>
  JPEG_2000.has(syntax) ? 'jpeg2000' : JPEG_LS.has(syntax) ? 'jpeg-ls' : JPEG_FAMILY.has(syntax) ? 'jpeg' : null;

export async function compressedFrame(ds: DataSet, g: ImageGeometry, syntax: string, maxHeight: number): Promise<RawFrame> {
  const data = encapsulatedFrame(ds);
  const kind = codestreamKind(syntax);
  if (kind) checkDeclaredFrame(data, g, kind);
  await loadCodecs();
  try {
    if (JPEG_2000.has(syntax)) {
      // JPEG 2000 decodes a lower resolution level outright: far faster than decoding and shrinking.
      // The first level that fits the height, as the other encodings' whole factor would: a
      // 2394x3062 or 2816x3584 view decodes at half size, not in full and then halved.
      let level = 0;
      while (g.rows / 2 ** level > maxHeight && level < 5) level++;
      // A codestream with fewer resolution levels than asked for fails: try one level fewer.
      for (; level > 0; level--) {
        try {
          const f = decodeJpeg2000Reduced(data, level);
          checkSize(f, g, 2 ** level);
          return { values: f.pixels, width: f.width, height: f.height, reduced: g.rows / f.height };
        } catch {
          // Fewer levels than this one: try the next, then decode in full below.
        }
      }
      const f = decodeJpeg2000(data);
      checkSize(f, g, 1);
      return { values: f.pixels, width: f.width, height: f.height, reduced: 1 };
    }
    if (RLE.has(syntax) && data.length * RLE_MAX_RATIO < g.rows * g.columns * (g.bitsAllocated / 8)) {
      throw new DicomDecodeError(`The RLE image data (${data.length} bytes) is too short for the ${g.columns}x${g.rows} image the file declares.`);
    }
    const f = JPEG_LS.has(syntax) ? decodeJpegLs(data) : JPEG_FAMILY.has(syntax) ? decodeJpegFamily(data, g) : decodeRle(data, g);
    checkSize(f, g, 1);
    // A decoder that stopped early returns fewer values than the image has: never read past them.
    if (f.pixels.length < f.width * f.height) throw new DicomDecodeError('The compressed image data is damaged or cut short.');
    return { values: f.pixels, width: f.width, height: f.height, reduced: 1 };
  } catch (err) {
    if (err instanceof DicomDecodeError) throw err;
    throw new DicomDecodeError(`The ${TRANSFER_SYNTAXES[syntax]} image data could not be decoded (${describe(err)}).`);
  }
}

function describe(err: unknown): string {
  const text = err instanceof Error ? err.message : typeof err === 'number' ? `codec error ${err}` : String(err);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function numbers(ds: DataSet, tag: string): number[] {
  const raw = ds.string(tag);
  if (!raw) return [];
  return raw.split('\\').map((s) => parseFloat(s)).filter((n) => Number.isFinite(n));
}

function spacing(ds: DataSet): { mm: [number, number]; source: DecodedView['spacingSource'] } {
  for (const [tag, source] of [['x00280030', 'PixelSpacing'], ['x00181164', 'ImagerPixelSpacing']] as const) {
    const v = numbers(ds, tag);
    if (v.length === 2 && v[0] > 0 && v[1] > 0 && v[0] < 5 && v[1] < 5) return { mm: [v[0], v[1]], source };
  }
  return { mm: [NOMINAL_SPACING_MM, NOMINAL_SPACING_MM], source: 'nominal' };
}

/**
 * Rescale, invert MONOCHROME1 and box-downsample by `factor` in one pass over the stored values.
 * Stored values are masked to their bits (the others may carry overlays) and sign-extended.
 */
function present(frame: RawFrame, g: ImageGeometry, slope: number, intercept: number, factor: number) {
  const shift = g.highBit + 1 - g.bitsStored;
  const mask = 2 ** g.bitsStored - 1;
  const signBit = g.signed ? 2 ** (g.bitsStored - 1) : mask + 1;
  const lo = g.signed ? -signBit : 0;
  const hi = g.signed ? signBit - 1 : mask;
  const a = slope * lo + intercept;
  const b = slope * hi + intercept;
  const minValue = Math.min(a, b);
  const maxValue = Math.max(a, b);
  // v' = gain * (sum of stored values) + offset, inverted for MONOCHROME1 by flipping both.
  const invert = g.photometric === 'MONOCHROME1';
  const gain = (invert ? -slope : slope) / (factor * factor);
  const offset = invert ? maxValue + minValue - intercept : intercept;
  const width = Math.floor(frame.width / factor);
  const height = Math.floor(frame.height / factor);
  const out = new Float32Array(width * height);
  const src = frame.values;
  const w = frame.width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * w + x * factor;
        for (let dx = 0; dx < factor; dx++) {
          let m = (src[row + dx] >> shift) & mask;
          if (m >= signBit) m -= 2 * signBit;
          sum += m;
        }
      }
      out[y * width + x] = gain * sum + offset;
    }
  }
  return { pixels: out, width, height, minValue, maxValue };
}

/** Decodes the first frame of a DICOM Part 10 file. */
export async function decodeDicom(bytes: Uint8Array, options: DecodeOptions = {}): Promise<Omit<DecodedView, 'key'>> {
  const maxHeight = options.maxHeight ?? Number.POSITIVE_INFINITY;
  const ds = await parseDicomFile(bytes);
  const info = headerInfoOf(ds);
  const syntax = info.transferSyntaxUid ?? '1.2.840.10008.1.2';
  if (!TRANSFER_SYNTAXES[syntax]) throw new DicomDecodeError(`The image is stored in a format we cannot read (transfer syntax ${syntax}).`);
  if (!ds.elements.x7fe00010) throw new DicomDecodeError('The file holds no image (no Pixel Data).');
  const g = geometry(ds);
  const frame = NATIVE.has(syntax) ? nativeFrame(ds, g) : await compressedFrame(ds, g, syntax, maxHeight);
  const factor = Math.max(1, Math.ceil(frame.height / maxHeight));
  // Shrunk to the height budget, an image thousands of times taller than wide has no columns left
  // (40000 x 2): no breast fits in it, and the display renderer failed on it as if on our side.
  if (Math.floor(frame.width / factor) < 1 || Math.floor(frame.height / factor) < 1) {
    throw new DicomDecodeError(`The image is ${g.columns}x${g.rows} pixels: far too narrow to show a breast.`);
  }
  const slope = numbers(ds, 'x00281053')[0] ?? 1;
  const intercept = numbers(ds, 'x00281052')[0] ?? 0;
  const img = present(frame, g, slope || 1, intercept, factor);
  const downsample = frame.reduced * factor;
  const sp = spacing(ds);
  const center = numbers(ds, 'x00281050')[0];
  const width = numbers(ds, 'x00281051')[0];
  const laterality = info.laterality === 'L' || info.laterality === 'R' ? info.laterality : null;
  const viewPosition = info.viewPosition === 'CC' || info.viewPosition === 'MLO' ? info.viewPosition : null;
  if (!laterality || !viewPosition) throw new DicomDecodeError('The file does not say which breast and view it shows.');
  return {
    laterality,
    viewPosition,
    width: img.width,
    height: img.height,
    pixels: img.pixels,
    minValue: img.minValue,
    maxValue: img.maxValue,
    pixelSpacingMm: [sp.mm[0] * downsample, sp.mm[1] * downsample],
    spacingSource: sp.source,
    // The file's window is in modality values; MONOCHROME1 was inverted above, so is its centre.
    window: center !== undefined && width !== undefined && width > 0
      ? { center: g.photometric === 'MONOCHROME1' ? img.maxValue + img.minValue - center : center, width }
      : null,
    horizontalFlip: (ds.string('x00187034') ?? '').trim().toUpperCase() === 'YES',
    downsample,
  };
}
