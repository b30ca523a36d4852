/**
 * Content negotiation of WADO-RS (PS3.18 8.7): which of the forms we can send a request's Accept
 * header takes. Pure functions; `null` means none, which the service answers 406 (PS3.18 8.7.4):
 * sending another type than the one asked (a JPEG 2000 code stream to a client that asked JPEG)
 * lets the client decode bytes it did not ask for.
 */
import { EXPLICIT_VR_LITTLE_ENDIAN, frameMediaType, storedFrameSyntax } from './frames';
import { NATIVE } from './decode';

interface MediaRange {
  type: string;
  param(name: string): string | undefined;
}

/** The ranges of an Accept header, in order (no header: anything). */
function ranges(accept: string | undefined): MediaRange[] {
  return (accept?.trim() ? accept : '*/*').split(',').map((range) => {
    const [type, ...params] = range.split(';').map((s) => s.trim());
    return {
      type: type.toLowerCase(),
      param: (name: string) => {
        const found = params.find((p) => p.toLowerCase().startsWith(`${name}=`));
        const value = found?.slice(name.length + 1).replace(/"/g, '').trim();
        return value === '' ? undefined : value;
      },
    };
  });
}

const isWildcard = (type: string) => type === '*/*' || type === 'multipart/*';

export interface FrameForm {
  /** Decoded to uncompressed stored values (Explicit VR Little Endian), else as stored. */
  uncompressed: boolean;
  /** One part without the multipart wrapping (a bare application/octet-stream). */
  single: boolean;
}

/**
 * The form of a frame stored in `storedSyntax` that the Accept takes (PS3.18 8.7.3.5): the stored
 * form (`transfer-syntax=*`, the stored media type or syntax, or anything), or uncompressed bytes
 * (application/octet-stream with no transfer syntax or Explicit VR Little Endian's).
 */
export function frameForm(accept: string | undefined, storedSyntax: string): FrameForm | null {
  const storedType = frameMediaType(storedSyntax);
  const stored = storedFrameSyntax(storedSyntax);
  const native = NATIVE.has(storedSyntax);
  for (const range of ranges(accept)) {
    if (isWildcard(range.type)) return { uncompressed: false, single: false };
    const syntax = range.param('transfer-syntax');
    let partType = range.type;
    if (range.type === 'multipart/related') partType = range.param('type')?.toLowerCase() ?? 'application/octet-stream';
    const single = range.type === 'application/octet-stream';
    if (partType === 'application/octet-stream') {
      if (syntax === '*') return { uncompressed: false, single };
      if (syntax === undefined || syntax === EXPLICIT_VR_LITTLE_ENDIAN || (native && syntax === stored)) return { uncompressed: true, single };
    } else if (partType === '*/*' || partType === 'image/*' || partType === storedType) {
      if (syntax === undefined || syntax === '*' || syntax === stored) return { uncompressed: false, single: false };
    }
  }
  return null;
}

/**
 * Whether the Accept takes the stored files as multipart/related; type="application/dicom": they
 * are sent as uploaded, so a transfer syntax other than `*` must be the one each is stored in.
 */
export function takesInstances(accept: string | undefined, storedSyntaxes: string[]): boolean {
  return ranges(accept).some((range) => {
    if (isWildcard(range.type)) return true;
    const part = range.type === 'multipart/related' ? (range.param('type')?.toLowerCase() ?? 'application/dicom') : range.type;
    if (part !== 'application/dicom' && part !== '*/*') return false;
    const syntax = range.param('transfer-syntax');
    return syntax === undefined || syntax === '*' || storedSyntaxes.every((s) => s === syntax);
  });
}

/** Whether the Accept takes the DICOM JSON model (searches and metadata; the XML model is not offered). */
export function takesDicomJson(accept: string | undefined): boolean {
  return ranges(accept).some((r) => ['*/*', 'application/*', 'application/dicom+json', 'application/json'].includes(r.type));
}

/** The rendered image's format the Accept takes: PNG unless it asks JPEG and not PNG. */
export function renderedFormat(accept: string | undefined): 'png' | 'jpeg' | null {
  const types = ranges(accept).map((r) => r.type);
  if (types.includes('image/png')) return 'png';
  if (types.includes('image/jpeg')) return 'jpeg';
  return types.some((t) => t === '*/*' || t === 'image/*') ? 'png' : null;
}
