import dicomParser, { type DataSet } from 'dicom-parser';

/**
 * Reads the header facts the view rules need from a DICOM Part 10 file, or from a prefix of one.
 * Isomorphic (browser worker and Node): Uint8Array in, dicom-parser only.
 *
 * Tags come in ascending order, so once the parse has gone past ImageLaterality (0020,0062) every
 * tag the rules read has been seen (ViewCodeSequence (0054,0220) is only needed when ViewPosition is
 * absent). A prefix that stops earlier is 'incomplete' and the caller reads a larger window.
 */

export interface HeaderInfo {
  transferSyntaxUid: string | null;
  sopClassUid: string | null;
  modality: string | null;
  /** 'R', 'L' or whatever else the file said (upper case), from ImageLaterality else Laterality. */
  laterality: string | null;
  /** 'CC', 'MLO' or whatever else the file said (upper case), from ViewPosition else ViewCodeSequence. */
  viewPosition: string | null;
  patientId: string | null;
  patientName: string | null;
  patientBirthDate: string | null;
  studyDate: string | null;
  studyInstanceUid: string | null;
}

export interface HeaderRead {
  /** 'DICM' at offset 128. */
  dicom: boolean;
  /** The bytes held every tag the rules need (or the pixel data began, or they were the whole file). */
  complete: boolean;
  /** What was read (also from an incomplete prefix); null when not DICOM or the meta header was cut. */
  info: HeaderInfo | null;
  /** How many bytes were looked at. */
  bytesRead: number;
  /**
   * The data set is Deflated and starts at this offset: readHeader does not inflate, the caller
   * reads it with readDeflatedHeader (core/dicom/deflated.ts).
   */
  deflatedAt?: number;
}

export const TAGS = {
  mediaSopClass: 'x00020002',
  transferSyntax: 'x00020010',
  sopClass: 'x00080016',
  studyDate: 'x00080020',
  modality: 'x00080060',
  codeMeaning: 'x00080104',
  patientName: 'x00100010',
  patientId: 'x00100020',
  patientBirthDate: 'x00100030',
  viewPosition: 'x00185101',
  studyInstanceUid: 'x0020000d',
  laterality: 'x00200060',
  imageLaterality: 'x00200062',
  viewCodeSequence: 'x00540220',
  pixelData: 'x7fe00010',
} as const;

export const DEFLATED_TRANSFER_SYNTAX = '1.2.840.10008.1.2.1.99';

const IMAGE_LATERALITY = 0x00200062;
const VIEW_CODE_SEQUENCE = 0x00540220;
const UNDEFINED_LENGTH = 0xffffffff;

export function hasDicmPreamble(bytes: Uint8Array): boolean {
  return bytes.length >= 132 && bytes[128] === 0x44 && bytes[129] === 0x49 && bytes[130] === 0x43 && bytes[131] === 0x4d;
}

function text(ds: DataSet, tag: string): string | null {
  try {
    const v = ds.string(tag);
    return v === undefined || v.trim() === '' ? null : v.trim();
  } catch {
    return null;
  }
}

function viewFromCodeSequence(ds: DataSet): string | null {
  const item = ds.elements[TAGS.viewCodeSequence]?.items?.[0]?.dataSet;
  const meaning = item ? text(item, TAGS.codeMeaning)?.toLowerCase() : null;
  if (!meaning) return null;
  // 'exaggerated cranio-caudal' and similar are other views, not CC.
  if (/^cranio-?caudal$/.test(meaning)) return 'CC';
  if (/^medio-?lateral oblique$/.test(meaning)) return 'MLO';
  return meaning.toUpperCase();
}

export function headerInfoOf(ds: DataSet): HeaderInfo {
  return {
    transferSyntaxUid: text(ds, TAGS.transferSyntax),
    sopClassUid: text(ds, TAGS.sopClass) ?? text(ds, TAGS.mediaSopClass),
    modality: text(ds, TAGS.modality),
    laterality: (text(ds, TAGS.imageLaterality) ?? text(ds, TAGS.laterality))?.toUpperCase() ?? null,
    viewPosition: text(ds, TAGS.viewPosition)?.toUpperCase() ?? viewFromCodeSequence(ds),
    patientId: text(ds, TAGS.patientId),
    patientName: text(ds, TAGS.patientName),
    patientBirthDate: text(ds, TAGS.patientBirthDate),
    studyDate: text(ds, TAGS.studyDate),
    studyInstanceUid: text(ds, TAGS.studyInstanceUid),
  };
}

/**
 * dicom-parser keeps an element whose value runs past the end of the bytes (it seeks without
 * checking); such an element was not really read, so drop it and say how far the parse truly got.
 */
function dropCutElements(ds: DataSet, length: number): { lastTag: number; pixelData: boolean } {
  let lastTag = 0;
  let pixelData = false;
  for (const [tag, el] of Object.entries(ds.elements)) {
    if (tag === TAGS.pixelData) {
      pixelData = true;
      continue;
    }
    const end = el.length === UNDEFINED_LENGTH ? el.dataOffset : el.dataOffset + el.length;
    if (end > length) {
      delete ds.elements[tag];
      continue;
    }
    const n = parseInt(tag.slice(1), 16);
    if (n > lastTag) lastTag = n;
  }
  return { lastTag, pixelData };
}

/** What a parsed header (of a prefix of `length` bytes) tells the rules, and whether it is all. */
export function headerFromDataSet(ds: DataSet | undefined, length: number, final: boolean): HeaderRead {
  if (!ds) return { dicom: true, complete: final, info: null, bytesRead: length };
  const { lastTag, pixelData } = dropCutElements(ds, ds.byteArray.length);
  const hasViewPosition = !!ds.elements[TAGS.viewPosition];
  const sawEverything = lastTag >= IMAGE_LATERALITY && (hasViewPosition || lastTag >= VIEW_CODE_SEQUENCE);
  return { dicom: true, complete: pixelData || sawEverything || final, info: headerInfoOf(ds), bytesRead: length };
}

/**
 * Where the data set starts (after the meta group, by its group length) and the transfer syntax,
 * once `bytes` hold the whole meta group; null before that or when it cannot be read.
 */
export function readMetaGroup(bytes: Uint8Array): { dataSetOffset: number; transferSyntax: string | null } | null {
  if (!hasDicmPreamble(bytes) || bytes.length < 144) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // (0002,0000) UL 4: the group length, which a conforming file always has.
  const isGroupLength = view.getUint32(132, true) === 0x00000002 && view.getUint16(136, true) === 0x4c55 && view.getUint16(138, true) === 4;
  const dataSetOffset = isGroupLength ? 144 + view.getUint32(140, true) : null;
  if (dataSetOffset !== null && bytes.length < dataSetOffset) return null;
  try {
    const meta = dicomParser.readPart10Header(dataSetOffset === null ? bytes : bytes.subarray(0, dataSetOffset));
    const transferSyntax = meta.string(TAGS.transferSyntax)?.trim() || null;
    return { dataSetOffset: dataSetOffset ?? (meta as DataSet & { position: number }).position, transferSyntax };
  } catch {
    return null;
  }
}

/** dicom-parser would inflate a Deflated data set whole, with no limit: never let it. */
const refuseToInflate = (): never => {
  throw new Error('Deflated data sets are read with readDeflatedHeader (core/dicom/deflated.ts).');
};

/**
 * Parses the header of `bytes`, a whole file or a prefix of one (`final` says it is the whole file,
 * so nothing more can come). Never throws, never inflates: for a Deflated data set it answers
 * `deflatedAt`, where the data set starts, and the caller reads it with readDeflatedHeader.
 */
export function readHeader(bytes: Uint8Array, options: { final?: boolean } = {}): HeaderRead {
  const final = !!options.final;
  if (!hasDicmPreamble(bytes)) {
    // Fewer than 132 bytes of a longer file cannot tell yet.
    const dicom = false;
    return { dicom, complete: bytes.length >= 132 || final, info: null, bytesRead: bytes.length };
  }
  const meta = readMetaGroup(bytes);
  if (meta?.transferSyntax === DEFLATED_TRANSFER_SYNTAX) {
    return { dicom: true, complete: final, info: null, bytesRead: bytes.length, deflatedAt: meta.dataSetOffset };
  }
  let ds: DataSet | undefined;
  try {
    ds = dicomParser.parseDicom(bytes, { untilTag: TAGS.pixelData, inflater: refuseToInflate });
  } catch (err) {
    ds = (err as { dataSet?: DataSet } | null)?.dataSet;
  }
  return headerFromDataSet(ds, bytes.length, final);
}
