/**
 * JPEG-LS (CharLS) and JPEG 2000 (OpenJPEG) lossless encoders and decoders for greyscale frames,
 * through the WASM builds on npm. The modules initialise asynchronously, so callers `await
 * loadCodecs()` once; after that encoding and decoding are synchronous.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface FrameInfo {
  width: number;
  height: number;
  bitsPerSample: number;
  componentCount: number;
  isSigned?: boolean;
  isUsingColorTransform?: boolean;
}
interface WasmEncoder {
  getDecodedBuffer(info: FrameInfo): Uint8Array;
  getEncodedBuffer(): Uint8Array;
  encode(): void;
  delete(): void;
  setNearLossless?(n: number): void;
  setQuality?(lossless: boolean, quality: number): void;
  setDecompositions?(n: number): void;
}
interface WasmDecoder {
  getEncodedBuffer(length: number): Uint8Array;
  getDecodedBuffer(): Uint8Array;
  getFrameInfo(): FrameInfo;
  decode(): void;
  delete(): void;
  decodeSubResolution?(level: number, layer: number): void;
  calculateSizeAtDecompositionLevel?(level: number): { width: number; height: number };
  getNumDecompositions?(): number;
}
interface CharlsModule {
  JpegLSEncoder: new () => WasmEncoder;
  JpegLSDecoder: new () => WasmDecoder;
}
interface OpenJpegModule {
  J2KEncoder: new () => WasmEncoder;
  J2KDecoder: new () => WasmDecoder;
}

let charls: CharlsModule | null = null;
let openjpeg: OpenJpegModule | null = null;
let dcmjsCodecs: DcmjsCodecs | null = null;
let loading: Promise<void> | null = null;

/**
 * dcmjs-codecs carries libjpeg built for 8, 12 and 16 bits (JPEG Baseline, Extended 12-bit and
 * Lossless) and an RLE codec: the one well-kept package on npm that reads 12-bit JPEG.
 */
type DcmjsCodecs = typeof import('dcmjs-codecs');

/**
 * OpenJPEG prints an [INFO] line per header it reads; its errors still reach us as exceptions.
 * Each module gets its own settings object (embind registers its classes on it).
 */
const quiet = () => ({ print: () => undefined, printErr: () => undefined });

/** Initialise the WASM codecs (idempotent). */
export function loadCodecs(): Promise<void> {
  loading ??= (async () => {
    const dc = require('dcmjs-codecs') as DcmjsCodecs;
    const [c, o] = await Promise.all([
      (require('@cornerstonejs/codec-charls/wasmjs') as (m?: object) => Promise<CharlsModule>)(quiet()),
      (require('@cornerstonejs/codec-openjpeg/wasmjs') as (m?: object) => Promise<OpenJpegModule>)(quiet()),
      dc.NativeCodecs.initializeAsync(),
    ]);
    charls = c;
    openjpeg = o;
    dcmjsCodecs = dc;
  })();
  return loading;
}

export function codecsLoaded(): boolean {
  return charls !== null && openjpeg !== null && dcmjsCodecs !== null;
}

function need<T>(m: T | null, name: string): T {
  if (!m) throw new Error(`${name} codec not loaded: await loadCodecs() first`);
  return m;
}

function frameInfo(width: number, height: number, bitsStored: number): FrameInfo {
  return { width, height, bitsPerSample: bitsStored, componentCount: 1, isSigned: false, isUsingColorTransform: false };
}

function runEncoder(enc: WasmEncoder, pixels: Uint16Array, info: FrameInfo): Uint8Array {
  try {
    const input = enc.getDecodedBuffer(info);
    input.set(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength));
    enc.encode();
    return enc.getEncodedBuffer().slice();
  } finally {
    enc.delete();
  }
}

function runDecoder(dec: WasmDecoder, data: Uint8Array): { pixels: Uint16Array; width: number; height: number; bitsPerSample: number } {
  try {
    dec.getEncodedBuffer(data.length).set(data);
    dec.decode();
    const info = dec.getFrameInfo();
    const bytes = dec.getDecodedBuffer();
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    const pixels = info.bitsPerSample > 8 ? new Uint16Array(copy.buffer) : Uint16Array.from(copy);
    return { pixels, width: info.width, height: info.height, bitsPerSample: info.bitsPerSample };
  } finally {
    dec.delete();
  }
}

/** Lossless JPEG-LS (near = 0) of one 16-bit-allocated greyscale frame. */
export function encodeJpegLs(pixels: Uint16Array, width: number, height: number, bitsStored: number): Uint8Array {
  const enc = new (need(charls, 'JPEG-LS').JpegLSEncoder)();
  enc.setNearLossless?.(0);
  return runEncoder(enc, pixels, frameInfo(width, height, bitsStored));
}

/** Lossless (reversible 5/3 wavelet) JPEG 2000 codestream of one greyscale frame. */
export function encodeJpeg2000(pixels: Uint16Array, width: number, height: number, bitsStored: number): Uint8Array {
  const enc = new (need(openjpeg, 'JPEG 2000').J2KEncoder)();
  enc.setQuality?.(true, 0);
  // Enough resolution levels for a reader to decode a quarter-size image cheaply.
  enc.setDecompositions?.(5);
  return runEncoder(enc, pixels, frameInfo(width, height, bitsStored));
}

export function decodeJpegLs(data: Uint8Array) {
  return runDecoder(new (need(charls, 'JPEG-LS').JpegLSDecoder)(), data);
}

export function decodeJpeg2000(data: Uint8Array) {
  return runDecoder(new (need(openjpeg, 'JPEG 2000').J2KDecoder)(), data);
}

/** Decodes a JPEG 2000 codestream at a lower resolution level (each level halves both sides). */
export function decodeJpeg2000Reduced(data: Uint8Array, level: number) {
  const dec = new (need(openjpeg, 'JPEG 2000').J2KDecoder)();
  try {
    dec.getEncodedBuffer(data.length).set(data);
    // The number of levels in the codestream is known only after decoding; a file with fewer
    // levels than asked for fails here and the caller decodes it in full.
    dec.decodeSubResolution!(level, 0);
    const info = dec.getFrameInfo();
    const size = dec.calculateSizeAtDecompositionLevel!(level);
    const bytes = dec.getDecodedBuffer();
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    const pixels = info.bitsPerSample > 8 ? new Uint16Array(copy.buffer) : Uint16Array.from(copy);
    return { pixels, width: size.width, height: size.height, bitsPerSample: info.bitsPerSample };
  } finally {
    dec.delete();
  }
}

interface GreyFrame {
  columns: number;
  rows: number;
  bitsAllocated: number;
  bitsStored: number;
  signed: boolean;
}

function dcmjsDecode(kind: 'decodeJpeg' | 'decodeRle', data: Uint8Array, g: GreyFrame) {
  const dc = need(dcmjsCodecs, 'dcmjs-codecs');
  const ctx = new dc.Context({
    width: g.columns,
    height: g.rows,
    bitsAllocated: g.bitsAllocated,
    bitsStored: g.bitsStored,
    samplesPerPixel: 1,
    pixelRepresentation: g.signed ? 1 : 0,
    planarConfiguration: 0,
    photometricInterpretation: 'MONOCHROME2',
  });
  ctx.setEncodedBuffer(data);
  const out = dc.NativeCodecs[kind](ctx, {});
  const bytes = out.getDecodedBuffer();
  if (!bytes) throw new Error('the codec returned no pixels');
  const copy = bytes.slice();
  const pixels = g.bitsAllocated > 8 ? new Uint16Array(copy.buffer, 0, Math.floor(copy.byteLength / 2)) : copy;
  return { pixels, width: out.getWidth() ?? g.columns, height: out.getHeight() ?? g.rows };
}

/** JPEG Baseline (8-bit), Extended (12-bit) and Lossless (processes 14 and 14 SV1). */
export function decodeJpegFamily(data: Uint8Array, g: GreyFrame) {
  return dcmjsDecode('decodeJpeg', data, g);
}

/** DICOM RLE Lossless. */
export function decodeRle(data: Uint8Array, g: GreyFrame) {
  return dcmjsDecode('decodeRle', data, g);
}
