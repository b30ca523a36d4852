/**
 * DICOM RLE Lossless (PS3.5 Annex G) encoder for one greyscale frame. dcmjs writes the
 * encapsulated fragments but has no RLE encoder, and the format is a few lines of PackBits.
 * 16-bit pixels become two byte segments (most significant bytes first), 8-bit pixels one.
 * Each row is packed separately, as Annex G.3.1 asks: no run crosses the end of a row.
 *
 * Output size: a literal run of L bytes costs L + 1 and a replicate run of R >= 2 bytes costs 2.
 * A literal is ended only by its 128-byte limit, by the end of the row, or by a replicate run of
 * at least 3 (which saves at least the byte the literal's header cost), and a run of 2 is
 * replicated only where no literal is open (it costs 2 either way). So a row of W bytes never
 * packs to more than W + ceil(W / 128) + 1 bytes. (Breaking literals at every pair, as this file
 * once did, lets "a bb c dd ..." pack 3 bytes into 4: noisy images overflowed the buffer sized for
 * the bound above, the typed array dropped the excess silently and the segment came out truncated.)
 */
export function encodeRleFrame(pixels: Uint16Array | Uint8Array, width: number, height: number): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error(`RLE: bad image size ${width}x${height}`);
  }
  if (pixels.length !== width * height) throw new Error(`RLE: pixel count ${pixels.length} is not ${width}x${height}`);
  const bytesPerSample = pixels instanceof Uint16Array ? 2 : 1;
  const segments: Uint8Array[] = [];
  const row = new Uint8Array(width);
  const rowBound = width + Math.ceil(width / 128) + 1;
  for (let s = 0; s < bytesPerSample; s++) {
    const shift = 8 * (bytesPerSample - 1 - s);
    const out = new Uint8Array(height * rowBound + 1);
    let n = 0;
    for (let y = 0; y < height; y++) {
      const base = y * width;
      for (let x = 0; x < width; x++) row[x] = (pixels[base + x] >> shift) & 0xff;
      const before = n;
      n = packRow(row, width, out, n);
      // A typed array drops writes past its end without a word: never let that happen unseen.
      if (n - before > rowBound) throw new Error(`RLE: row ${y} packed to ${n - before} bytes, over the bound ${rowBound}`);
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

/** Length of the run of equal bytes starting at x, at most 128 and within the row. */
function runAt(row: Uint8Array, width: number, x: number): number {
  let run = 1;
  while (x + run < width && run < 128 && row[x + run] === row[x]) run++;
  return run;
}

/** PackBits one row into `out` at `n`; returns the new end. */
function packRow(row: Uint8Array, width: number, out: Uint8Array, n: number): number {
  let x = 0;
  while (x < width) {
    const run = runAt(row, width, x);
    if (run >= 2) {
      out[n++] = (257 - run) & 0xff; // -(run - 1) as a signed byte: repeat the next byte `run` times
      out[n++] = row[x];
      x += run;
      continue;
    }
    // Literal: extend until a run of three equal bytes begins, the row ends or 128 bytes are taken.
    const start = x;
    x++;
    while (x < width && x - start < 128) {
      if (x + 2 < width && row[x] === row[x + 1] && row[x] === row[x + 2]) break;
      x++;
    }
    out[n++] = x - start - 1;
    for (let i = start; i < x; i++) out[n++] = row[i];
  }
  return n;
}

/**
 * Inverse of encodeRleFrame for 8- or 16-bit greyscale, and a reader of RLE frames from other
 * encoders (used by tests and by callers who need it). Follows Annex G: the header's segment
 * count and offsets, PackBits codes (0..127 literal, -127..-1 replicate, -128 no-op). Decoding is
 * by segment, not by row, so it also reads files whose runs cross rows; bytes past the frame (a
 * pad byte, or a run that overshoots the last row) are ignored. A segment that ends before the
 * frame does, or a literal cut short by its segment's end, is an error, never zeros.
 */
export function decodeRleFrame(data: Uint8Array, width: number, height: number, bitsAllocated: 8 | 16): Uint16Array | Uint8Array {
  if (data.length < 64) throw new Error(`RLE: ${data.length} bytes is shorter than the 64-byte header`);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const count = view.getUint32(0, true);
  const bytesPerSample = bitsAllocated / 8;
  if (count !== bytesPerSample) throw new Error(`RLE: ${count} segments for ${bitsAllocated}-bit pixels`);
  const total = width * height;
  const out = bitsAllocated === 16 ? new Uint16Array(total) : new Uint8Array(total);
  for (let s = 0; s < count; s++) {
    const start = view.getUint32(4 + 4 * s, true);
    const end = s + 1 < count ? view.getUint32(8 + 4 * s, true) : data.length;
    if (start < 64 || end > data.length || end < start) throw new Error(`RLE: segment ${s} offsets ${start}..${end} lie outside the ${data.length}-byte frame`);
    const shift = 8 * (bytesPerSample - 1 - s);
    let i = start;
    let p = 0;
    while (i < end && p < total) {
      const code = data[i++];
      if (code < 128) {
        const len = code + 1;
        if (i + len > end) throw new Error(`RLE: segment ${s} ends inside a ${len}-byte literal run`);
        const take = Math.min(len, total - p);
        for (let k = 0; k < take; k++) out[p++] |= data[i + k] << shift;
        i += len;
      } else if (code > 128) {
        if (i >= end) throw new Error(`RLE: segment ${s} ends inside a replicate run`);
        const v = data[i++] << shift;
        const take = Math.min(257 - code, total - p);
        for (let k = 0; k < take; k++) out[p++] |= v;
      }
    }
    if (p !== total) throw new Error(`RLE: segment ${s} holds ${p} of ${total} pixels`);
  }
  return out;
}
