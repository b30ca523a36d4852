/**
 * DICOM RLE Lossless (PS3.5 Annex G): our encoder (server/dicom/encode-rle.ts) against the product's
 * decoder (dcmjs-codecs' RleDecoder, via server/dicom/codecs.ts and decode.ts) at phantom and
 * full-field sizes, files we did not write (hand-built by the letter of Annex G, and the
 * fo-dicom-derived encoder in dcmjs-codecs, whose runs cross rows), and the Annex G rules our
 * encoder's output keeps: even segments, no run across a row, the size bound.
 */
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import dicomParser from 'dicom-parser';
import { decodeRleFrame, encodeRleFrame } from '../../server/dicom/encode-rle';
import { decodeRle, loadCodecs } from '../../server/dicom/codecs';
import { decodeDicom } from '../../server/dicom/decode';
import { writeDicom } from '../../server/dicom/writer';
import { viewInput } from '../fixtures/image-input';
import { encapsulatedPixelData, imageElements, nativePixelData, part10, TS, viewElements } from '../fixtures/encode';

const require = createRequire(import.meta.url);

type Content = 'random16' | 'random12' | 'smooth' | 'constant-runs' | 'pairs';

/** Deterministic test images; 'pairs' is the "a bb c dd" pattern that once overflowed the encoder. */
function image(width: number, height: number, content: Content): Uint16Array {
  const px = new Uint16Array(width * height);
  let s = 12345;
  const rnd = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 8;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (content === 'random16') px[i] = rnd() & 0xffff;
      else if (content === 'random12') px[i] = rnd() & 0xfff;
      else if (content === 'smooth') px[i] = Math.round(2047 + 1500 * Math.sin(x / 97) * Math.cos(y / 131)) + (rnd() % 3);
      // Background at 40 for the left 60% of each row (runs longer than 128 and than the row's
      // stride of segments), a breast of noise on the right, whole constant rows every 7th row.
      else if (content === 'constant-runs') px[i] = y % 7 === 0 ? 4095 : x < width * 0.6 ? 40 : 1000 + (rnd() % 2000);
      else px[i] = x % 3 === 0 ? (rnd() & 0xfff) : 0x0101 * ((Math.floor(x / 3) + y) % 16);
    }
  }
  return px;
}

const geometry = (width: number, height: number) => ({ columns: width, rows: height, bitsAllocated: 16, bitsStored: 16, signed: false });

/**
 * Strict Annex G reader of one segment: returns the bytes and checks that no run crosses the end
 * of a row (G.3.1), that the segment has even length and that only a final pad code follows the image.
 */
function strictSegment(seg: Uint8Array, width: number, height: number): Uint8Array {
  expect(seg.length % 2).toBe(0);
  const out = new Uint8Array(width * height);
  let i = 0;
  let p = 0;
  while (p < out.length) {
    const code = seg[i++];
    const rowEnd = (Math.floor(p / width) + 1) * width;
    if (code < 128) {
      if (p + code + 1 > rowEnd) throw new Error(`literal run crosses the end of row ${Math.floor(p / width)}`);
      out.set(seg.subarray(i, i + code + 1), p);
      i += code + 1;
      p += code + 1;
    } else if (code > 128) {
      if (p + 257 - code > rowEnd) throw new Error(`replicate run crosses the end of row ${Math.floor(p / width)}`);
      out.fill(seg[i++], p, p + 257 - code);
      p += 257 - code;
    } else throw new Error('no-op code inside the image');
  }
  expect(seg.length - i).toBeLessThanOrEqual(1);
  return out;
}

function segments(rle: Uint8Array): Uint8Array[] {
  const view = new DataView(rle.buffer, rle.byteOffset, rle.byteLength);
  const count = view.getUint32(0, true);
  const offsets = Array.from({ length: count }, (_, k) => view.getUint32(4 + 4 * k, true));
  for (let k = count; k < 15; k++) expect(view.getUint32(4 + 4 * k, true)).toBe(0);
  expect(offsets[0]).toBe(64);
  return offsets.map((o, k) => rle.subarray(o, k + 1 < count ? offsets[k + 1] : rle.length));
}

function expectSame(actual: ArrayLike<number>, expected: Uint16Array) {
  expect(actual.length).toBe(expected.length);
  let bad = 0;
  for (let i = 0; i < expected.length; i++) if (actual[i] !== expected[i]) bad++;
  expect(bad).toBe(0);
}

describe('RLE Lossless encoder against the product decoder', () => {
  const cases: [number, number, Content][] = [
    ...(['random16', 'random12', 'smooth', 'constant-runs', 'pairs'] as const).map((c): [number, number, Content] => [256, 315, c]),
    [97, 33, 'pairs'],
    [1, 5, 'random16'],
    [300, 1, 'constant-runs'],
    ...(['random16', 'smooth', 'constant-runs'] as const).map((c): [number, number, Content] => [2048, 2560, c]),
  ];
  for (const [w, h, content] of cases) {
    it(`round-trips ${w}x${h} 16-bit ${content} through dcmjs-codecs and our reader, with Annex G-conformant segments`, async () => {
      await loadCodecs();
      const px = image(w, h, content);
      const rle = encodeRleFrame(px, w, h);
      const segs = segments(rle);
      expect(segs).toHaveLength(2);
      const rowBound = w + Math.ceil(w / 128) + 1;
      segs.forEach((seg, k) => {
        expect(seg.length).toBeLessThanOrEqual(h * rowBound + 1);
        const bytes = strictSegment(seg, w, h);
        const shift = k === 0 ? 8 : 0;
        let bad = 0;
        for (let i = 0; i < px.length; i++) if (bytes[i] !== ((px[i] >> shift) & 0xff)) bad++;
        expect(bad).toBe(0);
      });
      expectSame(decodeRle(rle, geometry(w, h)).pixels, px);
      expectSame(decodeRleFrame(rle, w, h, 16), px);
    }, 60_000);
  }

  it('round-trips 8-bit pixels as one segment', async () => {
    await loadCodecs();
    const px16 = image(257, 315, 'pairs');
    const px = Uint8Array.from(px16, (v) => v & 0xff);
    const rle = encodeRleFrame(px, 257, 315);
    const segs = segments(rle);
    expect(segs).toHaveLength(1);
    expect(Array.from(strictSegment(segs[0], 257, 315))).toEqual(Array.from(px));
    const f = decodeRle(rle, { ...geometry(257, 315), bitsAllocated: 8, bitsStored: 8 });
    expect(Array.from(f.pixels)).toEqual(Array.from(px));
  });

  it('writes a phantom-sized RLE file that decodeDicom reads back exactly', async () => {
    const width = 256;
    const height = 315;
    const pixels = image(width, height, 'random12');
    const src = viewInput(pixels, width, height, { seed: 11, patientId: 'RLE-1' });
    const view = await decodeDicom(await writeDicom(src, 'rle'));
    expect([view.width, view.height]).toEqual([width, height]);
    expectSame(view.pixels, pixels);
  });
});

describe('RLE Lossless files from other encoders', () => {
  /** A 5x3 16-bit image packed by hand, each row separately (G.3.1), odd segments padded to even. */
  function handBuilt(): { rle: Uint8Array; pixels: Uint16Array } {
    const pixels = Uint16Array.from([
      0x0102, 0x0102, 0x0102, 0x0a0b, 0x0c0d,
      0x0203, 0x0204, 0x0205, 0x0206, 0x0207,
      0x0f00, 0x0f00, 0x0f00, 0x0f00, 0x0f00,
    ]);
    // High bytes: row 0 "01 01 01 0a 0c" = replicate 3 (-2) + literal 2; row 1 "02" x5 = replicate 5 (-4);
    // row 2 "0f" x5 = replicate 5. 2 + 3 + 2 + 2 = 9 bytes: odd, padded with 0x00 as fo-dicom/GDCM do.
    const high = [0xfe, 0x01, 0x01, 0x0a, 0x0c, 0xfc, 0x02, 0xfc, 0x0f, 0x00];
    // Low bytes: row 0 "02 02 02 0b 0d"; row 1 "03 04 05 06 07" literal 5; row 2 zeros, with a
    // -128 no-op before it. 5 + 6 + 1 + 2 = 14 bytes, even.
    const low = [0xfe, 0x02, 0x01, 0x0b, 0x0d, 0x04, 0x03, 0x04, 0x05, 0x06, 0x07, 0x80, 0xfc, 0x00];
    return { rle: twoSegments(high, low), pixels };
  }

  /** An RLE frame of two segments (high bytes, then low bytes) after the 64-byte header. */
  function twoSegments(high: number[], low: number[]): Uint8Array {
    const rle = new Uint8Array(64 + high.length + low.length);
    const view = new DataView(rle.buffer);
    view.setUint32(0, 2, true);
    view.setUint32(4, 64, true);
    view.setUint32(8, 64 + high.length, true);
    rle.set(high, 64);
    rle.set(low, 64 + high.length);
    return rle;
  }

  function file(rle: Uint8Array, width: number, height: number, bitsStored = 12): Uint8Array {
    return part10([...viewElements({ imageLaterality: 'R', viewPosition: 'CC' }), ...imageElements({ width, height, bitsStored }), encapsulatedPixelData([rle])], TS.rle);
  }

  it('decodes a hand-built Annex G frame (row-separated runs, a no-op code, an odd segment padded)', async () => {
    const { rle, pixels } = handBuilt();
    expect(Array.from(decodeRleFrame(rle, 5, 3, 16))).toEqual(Array.from(pixels));
    await loadCodecs();
    expect(Array.from(decodeRle(rle, geometry(5, 3)).pixels)).toEqual(Array.from(pixels));
    const view = await decodeDicom(file(rle, 5, 3, 16));
    expect(Array.from(view.pixels)).toEqual(Array.from(pixels));
  });

  it('decodes a frame whose runs cross rows (not conformant, but written in the wild)', async () => {
    // 4x2 8-bit-in-16: high bytes all 0 in one run of 8, low bytes one literal of 8.
    const pixels = Uint16Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
    const high = [0xf9, 0x00];
    const low = [0x07, 1, 2, 3, 4, 5, 6, 7, 8, 0x00];
    const rle = twoSegments(high, low);
    expect(Array.from(decodeRleFrame(rle, 4, 2, 16))).toEqual(Array.from(pixels));
    expect(Array.from((await decodeDicom(file(rle, 4, 2))).pixels)).toEqual(Array.from(pixels));
  });

  it('reads a full-field (3328x4096, 16-bit) RLE file from the dcmjs-codecs (fo-dicom) encoder, and our own of that size', async () => {
    await loadCodecs();
    const { Transcoder, constants } = require('dcmjs-codecs');
    const width = 3328;
    const height = 4096;
    const pixels = image(width, height, 'constant-runs');
    const native = part10([...viewElements({ imageLaterality: 'L', viewPosition: 'MLO' }), ...imageElements({ width, height, bitsStored: 12 }), nativePixelData(pixels)], TS.explicitLE);
    const tr = new Transcoder(native.buffer.slice(native.byteOffset, native.byteOffset + native.byteLength));
    tr.transcode(constants.TransferSyntax.RleLossless);
    const theirs = new Uint8Array(tr.getDicomPart10());
    const ds = dicomParser.parseDicom(theirs);
    expect(ds.string('x00020010')).toBe(TS.rle);
    const view = await decodeDicom(theirs);
    expect([view.width, view.height]).toEqual([width, height]);
    expectSame(view.pixels, pixels);
    // Our decoder reads their frame too, and ours at this size reads back through the product.
    const el = ds.elements.x7fe00010;
    const frame = dicomParser.readEncapsulatedPixelDataFromFragments(ds, el, 0, el.fragments!.length);
    expectSame(decodeRleFrame(frame, width, height, 16), pixels);
    const ours = await decodeDicom(file(encodeRleFrame(pixels, width, height), width, height));
    expectSame(ours.pixels, pixels);
  }, 120_000);
});
