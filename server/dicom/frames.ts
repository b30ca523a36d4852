/**
 * The first frame of a parsed DICOM file as WADO-RS sends it: in its stored transfer syntax (the
 * compressed bitstream as it is, or the native bytes), or decoded to uncompressed little-endian
 * stored values (Explicit VR Little Endian), the same values the analysis decodes.
 */
import type { DataSet } from 'dicom-parser';
import { compressedFrame, DicomDecodeError, encapsulatedFrame, geometry, NATIVE, nativeFrame, TRANSFER_SYNTAXES } from './decode';

export const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';

/** Media type of a frame in each transfer syntax (PS3.18 table 8.7.3-2). */
const FRAME_MEDIA_TYPES: Record<string, string> = {
  '1.2.840.10008.1.2.5': 'image/dicom-rle',
  '1.2.840.10008.1.2.4.50': 'image/jpeg',
  '1.2.840.10008.1.2.4.51': 'image/jpeg',
  '1.2.840.10008.1.2.4.57': 'image/jpeg',
  '1.2.840.10008.1.2.4.70': 'image/jpeg',
  '1.2.840.10008.1.2.4.80': 'image/jls',
  '1.2.840.10008.1.2.4.81': 'image/jls',
  '1.2.840.10008.1.2.4.90': 'image/jp2',
  '1.2.840.10008.1.2.4.91': 'image/jp2',
};

export interface Frame {
  bytes: Uint8Array;
  mediaType: string;
  transferSyntax: string;
}

export function transferSyntaxOf(ds: DataSet): string {
  return (ds.string('x00020010') ?? '1.2.840.10008.1.2').replace(/\0/g, '').trim();
}

/** The transfer syntax frames of this file are sent in when the client takes what is stored. */
export function storedFrameSyntax(transferSyntax: string): string {
  // Native data (Implicit, Deflated) has no frame-level form of its own: its frames are Explicit VR LE bytes.
  return NATIVE.has(transferSyntax) ? EXPLICIT_VR_LITTLE_ENDIAN : transferSyntax;
}

export function frameMediaType(transferSyntax: string): string {
  return FRAME_MEDIA_TYPES[transferSyntax] ?? 'application/octet-stream';
}

function nativeBytes(ds: DataSet): Uint8Array {
  const g = geometry(ds);
  const f = nativeFrame(ds, g);
  const v = f.values as Uint8Array | Uint16Array;
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}

/** Frame 1 as stored (compressed bitstream, or native bytes). */
export function storedFrame(ds: DataSet): Frame {
  const syntax = transferSyntaxOf(ds);
  if (!TRANSFER_SYNTAXES[syntax]) throw new DicomDecodeError(`The image is stored in a format we cannot read (transfer syntax ${syntax}).`);
  if (NATIVE.has(syntax)) return { bytes: nativeBytes(ds), mediaType: 'application/octet-stream', transferSyntax: EXPLICIT_VR_LITTLE_ENDIAN };
  return { bytes: encapsulatedFrame(ds), mediaType: frameMediaType(syntax), transferSyntax: syntax };
}

/** Frame 1 decoded to stored values, little endian, BitsAllocated wide. */
export async function uncompressedFrame(ds: DataSet): Promise<Frame> {
  const syntax = transferSyntaxOf(ds);
  if (!TRANSFER_SYNTAXES[syntax]) throw new DicomDecodeError(`The image is stored in a format we cannot read (transfer syntax ${syntax}).`);
  const octets = { mediaType: 'application/octet-stream', transferSyntax: EXPLICIT_VR_LITTLE_ENDIAN };
  if (NATIVE.has(syntax)) return { bytes: nativeBytes(ds), ...octets };
  const g = geometry(ds);
  const f = await compressedFrame(ds, g, syntax, Number.POSITIVE_INFINITY);
  const out = g.bitsAllocated === 8 ? new Uint8Array(f.values.length) : new Uint16Array(f.values.length);
  // Signed values keep their two's-complement bits.
  const mask = g.bitsAllocated === 8 ? 0xff : 0xffff;
  for (let i = 0; i < f.values.length; i++) out[i] = f.values[i] & mask;
  return { bytes: new Uint8Array(out.buffer), ...octets };
}
