/**
 * DICOM RLE Lossless (PS3.5 Annex G) encoder for one greyscale frame. dcmjs writes the
 * encapsulated fragments but has no RLE encoder, and the format is a few lines of PackBits.
 * 16-bit pixels become two byte segments (most significant bytes first), 8-bit pixels one.
 * Each row is packed separately, as Annex G asks.
 */
export function encodeRleFrame(pixels: Uint16Array | Uint8Array, width: number, height: number): Uint8Array {
  const bytesPerSample = pixels instanceof Uint16Array ? 2 : 1;
  const segments: Uint8Array[] = [];
  const row = new Uint8Array(width);
  for (let s = 0; s < bytesPerSample; s++) {
    const shift = 8 * (bytesPerSample - 1 - s);
    // Worst case PackBits grows a row by one byte per 128 literals.
    const out = new Uint8Array(height * (width + Math.ceil(width / 128) + 1) + 1);
    let n = 0;
    for (let y = 0; y < height; y++) {
      const base = y * width;
      for (let x = 0; x < width; x++) row[x] = (pixels[base + x] >> shift) & 0xff;
      n = packRow(row, width, out, n);
    }
    if (n & 1) out[n++] = 0x80; // segments have even length; 0x80 (-128) is a no-op code
    segments.push(out.subarray(0, n));
  }
  const header = new Uint8Array(64);
  const view = new DataView(header.buffer);
  view.setUint32(0, segments.length, true);
  let offset = 64;
  segments.forEach((seg, i) => {
    view.setUint32(4 + 4 * i, offset, true);
    offset += seg.length;
  });
  const result = new Uint8Array(offset);
  result.set(header, 0);
  let at = 64;
  for (const seg of segments) {
    result.set(seg, at);
    at += seg.length;
  }
  return result;
}

/** PackBits one row into `out` at `n`; returns the new end. */
function packRow(row: Uint8Array, width: number, out: Uint8Array, n: number): number {
  let x = 0;
  while (x < width) {
    // Length of the run of equal bytes starting at x (at most 128).
    let run = 1;
    while (x + run < width && run < 128 && row[x + run] === row[x]) run++;
    if (run >= 2) {
      out[n++] = (257 - run) & 0xff; // -(run - 1) as a signed byte
      out[n++] = row[x];
      x += run;
      continue;
    }
    // Literal: extend until a run of two equal bytes begins or 128 bytes are taken.
    const start = x;
    x++;
    while (x < width && x - start < 128 && !(x + 1 < width && row[x] === row[x + 1])) x++;
    const len = x - start;
    out[n++] = len - 1;
    for (let i = start; i < x; i++) out[n++] = row[i];
  }
  return n;
}

/** Inverse of encodeRleFrame for 8- or 16-bit greyscale (used by tests and by callers who need it). */
export function decodeRleFrame(data: Uint8Array, width: number, height: number, bitsAllocated: 8 | 16): Uint16Array | Uint8Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const count = view.getUint32(0, true);
  const bytesPerSample = bitsAllocated / 8;
  if (count !== bytesPerSample) throw new Error(`RLE: ${count} segments for ${bitsAllocated}-bit pixels`);
  const total = width * height;
  const out = bitsAllocated === 16 ? new Uint16Array(total) : new Uint8Array(total);
  for (let s = 0; s < count; s++) {
    const start = view.getUint32(4 + 4 * s, true);
    const end = s + 1 < count ? view.getUint32(8 + 4 * s, true) : data.length;
    const shift = 8 * (bytesPerSample - 1 - s);
    let i = start;
    let p = 0;
    while (i < end && p < total) {
      const code = data[i++];
      if (code < 128) {
        for (let k = 0; k <= code; k++) out[p++] |= data[i++] << shift;
      } else if (code > 128) {
        const v = data[i++] << shift;
        for (let k = 0; k < 257 - code; k++) out[p++] |= v;
      }
    }
    if (p !== total) throw new Error(`RLE: segment ${s} holds ${p} of ${total} pixels`);
  }
  return out;
}
