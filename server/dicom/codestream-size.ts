/**
 * The image size a compressed frame declares in its own headers, read before anything is decoded.
 * A decoder allocates for the size its codestream states, not for the DICOM header's Rows and
 * Columns: an 80 KB JPEG 2000 file whose SIZ marker said 20000 x 20000 drove the server to 3.8 GB
 * before the mismatch was noticed, and a JPEG's start-of-frame was never compared at all (a 64 x 64
 * JPEG in a 256 x 315 file was scored as a black image). Pure functions over the bytes.
 */

export interface DeclaredFrame {
  width: number;
  height: number;
  components: number;
  /** Bits per sample of the first component. */
  precision: number;
  /** JPEG 2000 only: how many tiles the image is cut into (each costs the decoder memory of its own). */
  tiles: number;
}

export type CodestreamKind = 'jpeg2000' | 'jpeg-ls' | 'jpeg';

const u16 = (d: Uint8Array, i: number) => (d[i] << 8) | d[i + 1];
const u32 = (d: Uint8Array, i: number) => ((d[i] << 24) >>> 0) + ((d[i + 1] << 16) | (d[i + 2] << 8) | d[i + 3]);

/** null when the data holds no readable size: a frame that cannot say how big it is is damaged. */
export function declaredFrame(data: Uint8Array, kind: CodestreamKind): DeclaredFrame | null {
  return kind === 'jpeg2000' ? jpeg2000Frame(data) : jpegFrame(data);
}

/**
 * The SIZ segment, which follows the codestream's SOC marker (FF4F FF51). A JP2 file wraps the
 * codestream in boxes; its codestream starts where the marker pair first appears.
 */
function jpeg2000Frame(d: Uint8Array): DeclaredFrame | null {
  const limit = Math.min(d.length - 4, 64 * 1024);
  let at = -1;
  for (let i = 0; i <= limit; i++) {
    if (d[i] === 0xff && d[i + 1] === 0x4f && d[i + 2] === 0xff && d[i + 3] === 0x51) {
      at = i + 4;
      break;
    }
  }
  // Lsiz, Rsiz, Xsiz, Ysiz, XOsiz, YOsiz, XTsiz, YTsiz, XTOsiz, YTOsiz, Csiz, then Ssiz per component.
  if (at < 0 || at + 39 > d.length) return null;
  const [xsiz, ysiz, xo, yo, xt, yt, xto, yto] = [4, 8, 12, 16, 20, 24, 28, 32].map((k) => u32(d, at + k));
  const components = u16(d, at + 36);
  const width = xsiz - xo;
  const height = ysiz - yo;
  if (!(width > 0 && height > 0 && xt > 0 && yt > 0 && components > 0)) return null;
  const tiles = Math.ceil((xsiz - xto) / xt) * Math.ceil((ysiz - yto) / yt);
  return { width, height, components, precision: (d[at + 38] & 0x7f) + 1, tiles };
}

/** Start-of-frame markers of JPEG (baseline, extended, progressive, lossless) and JPEG-LS (FFF7). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf, 0xf7]);
/** Markers that stand alone, without a length: RSTn, TEM. */
const STANDALONE = (m: number) => (m >= 0xd0 && m <= 0xd7) || m === 0x01;

/** Walks the marker segments after SOI to the frame header; null at the scan or the data's end first. */
function jpegFrame(d: Uint8Array): DeclaredFrame | null {
  if (d.length < 4 || d[0] !== 0xff || d[1] !== 0xd8) return null;
  let i = 2;
  while (i + 4 <= d.length) {
    if (d[i] !== 0xff) return null;
    let m = d[i + 1];
    // Fill bytes: any number of FF before a marker.
    while (m === 0xff && i + 2 < d.length) m = d[++i + 1];
    i += 2;
    if (STANDALONE(m)) continue;
    if (m === 0xd9 || m === 0xda || i + 2 > d.length) return null;
    const length = u16(d, i);
    if (SOF.has(m)) {
      // Lf, P, Y, X, Nf. A height of 0 is left to a later DNL marker, which DICOM does not use.
      if (i + 8 > d.length) return null;
      const height = u16(d, i + 3);
      const width = u16(d, i + 5);
      const components = d[i + 7];
      if (!(width > 0 && height > 0 && components > 0)) return null;
      return { width, height, components, precision: d[i + 2], tiles: 1 };
    }
    if (length < 2) return null;
    i += length;
  }
  return null;
}
