/**
 * DICOM Part 10 writer for greyscale images (mammograms, and other modalities for negative tests),
 * built on dcmjs: we build a naturalised dataset, dcmjs encodes the file. Pixel data compression
 * (RLE, JPEG-LS, JPEG 2000) is ours or the WASM codecs'; dcmjs wraps the fragments.
 */
import { createRequire } from 'node:module';
import { encodeRleFrame } from './encode-rle';
import { codecsLoaded, encodeJpeg2000, encodeJpegLs, loadCodecs } from './codecs';

const require = createRequire(import.meta.url);
// dcmjs ships no type declarations; it is used through this narrow, local surface only.
const dcmjs = require('dcmjs') as {
  data: {
    DicomMetaDictionary: {
      denaturalizeDataset(ds: Record<string, unknown>): Record<string, unknown>;
    };
    DicomDict: new (meta: Record<string, unknown>) => {
      dict: Record<string, unknown>;
      write(options?: Record<string, unknown>): ArrayBuffer;
    };
    WriteBufferStream: new (defaultSize: number, littleEndian?: boolean) => { view: object };
  };
};

/**
 * dcmjs writes each element into a scratch stream that grows by 256-byte chunks, so a 27 MB
 * Pixel Data value became about 100 000 chunks and each file took 250 ms to encode. Make the
 * growth geometric (one chunk at least as large as what is asked, or as what is held): the bytes
 * written are identical (tests/unit/dicom-writer.test.ts), encoding a full-field view drops to
 * about 60 ms. The patch touches only the write path's buffer growth of dcmjs's SplitDataView.
 */
interface SplitDataViewLike {
  defaultSize: number;
  byteLength: number;
  buffers: ArrayBuffer[];
  views: DataView[];
  offsets: number[];
  lengths: number[];
  checkSize(end: number): void;
  __geometricGrowth?: true;
}
(function patchDcmjsGrowth() {
  const proto = Object.getPrototypeOf(new dcmjs.data.WriteBufferStream(16).view) as SplitDataViewLike;
  if (typeof proto.checkSize !== 'function' || proto.__geometricGrowth) return;
  proto.checkSize = function checkSize(this: SplitDataViewLike, end: number) {
    if (end <= this.byteLength) return;
    const buffer = new ArrayBuffer(Math.max(this.defaultSize, end - this.byteLength, this.byteLength));
    this.buffers.push(buffer);
    this.views.push(new DataView(buffer));
    this.offsets.push(this.byteLength);
    this.lengths.push(buffer.byteLength);
    this.byteLength += buffer.byteLength;
  };
  proto.__geometricGrowth = true;
})();

export const TRANSFER_SYNTAXES = {
  'explicit-le': '1.2.840.10008.1.2.1',
  'implicit-le': '1.2.840.10008.1.2',
  rle: '1.2.840.10008.1.2.5',
  'jpeg-ls': '1.2.840.10008.1.2.4.80',
  jpeg2000: '1.2.840.10008.1.2.4.90',
} as const;
export type TransferSyntaxName = keyof typeof TRANSFER_SYNTAXES;
export const TRANSFER_SYNTAX_NAMES = Object.keys(TRANSFER_SYNTAXES) as TransferSyntaxName[];

export const SOP_CLASSES = {
  mammoForPresentation: '1.2.840.10008.5.1.4.1.1.1.2',
  mammoForProcessing: '1.2.840.10008.5.1.4.1.1.1.2.1',
  secondaryCapture: '1.2.840.10008.5.1.4.1.1.7',
  ct: '1.2.840.10008.5.1.4.1.1.2',
} as const;
export type SopClassName = keyof typeof SOP_CLASSES;

/** Our implementation UID root (a UUID-derived 2.25 root, so no registration is needed). */
export const IMPLEMENTATION_CLASS_UID = '2.25.215596431375236476522658431934592139017';
const IMPLEMENTATION_VERSION = 'SMARTDENSITY_1';

export interface GreyImage {
  /** Row-major stored values, width * height (16 bits allocated). */
  pixels: Uint16Array;
  width: number;
  height: number;
  bitsStored: number;
  photometric: 'MONOCHROME1' | 'MONOCHROME2';
}

export interface PatientTags {
  id: string;
  /** DICOM person name, e.g. "Doe^Jane". */
  name: string;
  /** YYYYMMDD */
  birthDate: string;
  sex?: 'F' | 'M' | 'O';
}

export interface DicomImageInput {
  sopClass: SopClassName;
  sopInstanceUid: string;
  studyInstanceUid: string;
  seriesInstanceUid: string;
  /** MG for mammograms; CT, OT... for others. */
  modality: string;
  patient: PatientTags;
  /** YYYYMMDD */
  studyDate: string;
  studyTime?: string;
  accessionNumber?: string;
  studyDescription?: string;
  seriesDescription?: string;
  seriesNumber?: number;
  instanceNumber?: number;
  manufacturer?: string;
  laterality?: 'L' | 'R';
  viewPosition?: 'CC' | 'MLO';
  /** Row, column spacing in mm. */
  pixelSpacingMm?: [number, number];
  imagerPixelSpacingMm?: [number, number];
  rescale?: { slope: number; intercept: number };
  window?: { center: number; width: number };
  bodyPartThicknessMm?: number;
  compressionForceN?: number;
  image: GreyImage;
  /** Further naturalised dcmjs attributes, e.g. { FieldOfViewHorizontalFlip: 'NO' }. */
  extra?: Record<string, unknown>;
}

const VIEW_CODES = {
  CC: { CodeValue: '399162004', CodingSchemeDesignator: 'SCT', CodeMeaning: 'cranio-caudal' },
  MLO: { CodeValue: '399368009', CodingSchemeDesignator: 'SCT', CodeMeaning: 'medio-lateral oblique' },
} as const;

/**
 * Patient Orientation (0020,0020) of a mammogram as displayed with the chest wall on the far side
 * from the viewer's midline: right views have the nipple pointing left (rows run toward
 * posterior), left views pointing right.
 */
function patientOrientation(lat: 'L' | 'R', view: 'CC' | 'MLO'): string[] {
  if (view === 'CC') return lat === 'R' ? ['P', 'L'] : ['A', 'R'];
  return lat === 'R' ? ['P', 'FL'] : ['A', 'FR'];
}

function ds(n: number): string {
  // DS is at most 16 characters.
  const s = String(Number(n.toPrecision(10)));
  return s.length <= 16 ? s : n.toExponential(8);
}

/** The naturalised dataset (without pixel data) that writeDicom encodes; exported for tests. */
export function buildDataset(input: DicomImageInput): Record<string, unknown> {
  const { image } = input;
  const isMammo = input.sopClass === 'mammoForPresentation' || input.sopClass === 'mammoForProcessing';
  const d: Record<string, unknown> = {
    SpecificCharacterSet: 'ISO_IR 100',
    ImageType: isMammo ? ['ORIGINAL', 'PRIMARY', '', ''] : ['DERIVED', 'SECONDARY'],
    SOPClassUID: SOP_CLASSES[input.sopClass],
    SOPInstanceUID: input.sopInstanceUid,
    StudyDate: input.studyDate,
    SeriesDate: input.studyDate,
    ContentDate: input.studyDate,
    StudyTime: input.studyTime ?? '090000',
    ContentTime: input.studyTime ?? '090000',
    AccessionNumber: input.accessionNumber ?? '',
    Modality: input.modality,
    Manufacturer: input.manufacturer ?? 'Smart Density phantom',
    ReferringPhysicianName: '',
    StudyDescription: input.studyDescription ?? '',
    SeriesDescription: input.seriesDescription ?? '',
    PatientName: [{ Alphabetic: input.patient.name }],
    PatientID: input.patient.id,
    PatientBirthDate: input.patient.birthDate,
    PatientSex: input.patient.sex ?? 'F',
    StudyInstanceUID: input.studyInstanceUid,
    SeriesInstanceUID: input.seriesInstanceUid,
    StudyID: '1',
    SeriesNumber: String(input.seriesNumber ?? 1),
    InstanceNumber: String(input.instanceNumber ?? 1),
    SamplesPerPixel: 1,
    PhotometricInterpretation: image.photometric,
    Rows: image.height,
    Columns: image.width,
    BitsAllocated: 16,
    BitsStored: image.bitsStored,
    HighBit: image.bitsStored - 1,
    PixelRepresentation: 0,
    BurnedInAnnotation: 'NO',
  };
  if (input.laterality) {
    d.Laterality = input.laterality;
    d.ImageLaterality = input.laterality;
  }
  if (input.viewPosition) d.ViewPosition = input.viewPosition;
  if (input.laterality && input.viewPosition) {
    d.PatientOrientation = patientOrientation(input.laterality, input.viewPosition);
    d.ViewCodeSequence = [{ ...VIEW_CODES[input.viewPosition] }];
  }
  if (isMammo) {
    d.BodyPartExamined = 'BREAST';
    d.PresentationIntentType = input.sopClass === 'mammoForProcessing' ? 'FOR PROCESSING' : 'FOR PRESENTATION';
    d.PixelIntensityRelationship = 'LOG';
    d.PixelIntensityRelationshipSign = 1;
    d.BreastImplantPresent = 'NO';
    d.DetectorType = 'DIRECT';
    d.PositionerType = 'MAMMOGRAPHIC';
    d.KVP = '29';
    d.FieldOfViewHorizontalFlip = 'NO';
    d.RescaleType = 'US';
  }
  if (input.sopClass === 'secondaryCapture') d.ConversionType = 'WSD';
  if (input.pixelSpacingMm) d.PixelSpacing = input.pixelSpacingMm.map(ds);
  if (input.imagerPixelSpacingMm) d.ImagerPixelSpacing = input.imagerPixelSpacingMm.map(ds);
  if (input.bodyPartThicknessMm !== undefined) d.BodyPartThickness = ds(input.bodyPartThicknessMm);
  if (input.compressionForceN !== undefined) d.CompressionForce = ds(input.compressionForceN);
  if (input.rescale) {
    d.RescaleIntercept = ds(input.rescale.intercept);
    d.RescaleSlope = ds(input.rescale.slope);
  }
  if (input.window) {
    d.WindowCenter = ds(input.window.center);
    d.WindowWidth = ds(input.window.width);
  }
  Object.assign(d, input.extra ?? {});
  return d;
}

function asBuffer(bytes: Uint8Array | Uint16Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) {
    return bytes.buffer;
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice().buffer;
}

/** Compressed (or native) pixel data of one frame in the given transfer syntax. */
export function encodePixelData(image: GreyImage, syntax: TransferSyntaxName): Uint8Array | Uint16Array {
  const { pixels, width, height, bitsStored } = image;
  if (pixels.length !== width * height) throw new Error(`pixel count ${pixels.length} is not ${width}x${height}`);
  switch (syntax) {
    case 'explicit-le':
    case 'implicit-le':
      return pixels;
    case 'rle':
      return encodeRleFrame(pixels, width, height);
    case 'jpeg-ls':
      return encodeJpegLs(pixels, width, height, bitsStored);
    case 'jpeg2000':
      return encodeJpeg2000(pixels, width, height, bitsStored);
  }
}

/**
 * One Part 10 file. Synchronous; JPEG-LS and JPEG 2000 need `await loadCodecs()` first (or use
 * writeDicom).
 */
export function writeDicomSync(input: DicomImageInput, syntax: TransferSyntaxName): Uint8Array {
  const pixelData = encodePixelData(input.image, syntax);
  const tsUid = TRANSFER_SYNTAXES[syntax];
  const sopClassUid = SOP_CLASSES[input.sopClass];
  const meta = dcmjs.data.DicomMetaDictionary.denaturalizeDataset({
    FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
    MediaStorageSOPClassUID: sopClassUid,
    MediaStorageSOPInstanceUID: input.sopInstanceUid,
    TransferSyntaxUID: tsUid,
    ImplementationClassUID: IMPLEMENTATION_CLASS_UID,
    ImplementationVersionName: IMPLEMENTATION_VERSION,
  });
  const dict = new dcmjs.data.DicomDict(meta);
  dict.dict = dcmjs.data.DicomMetaDictionary.denaturalizeDataset(buildDataset(input));
  // Set directly: the dictionary's VR for Pixel Data is ambiguous (OB or OW). Native pixel data is
  // 16 bits allocated (OW); encapsulated data is OB.
  dict.dict['7FE00010'] = {
    vr: syntax === 'explicit-le' || syntax === 'implicit-le' ? 'OW' : 'OB',
    Value: [asBuffer(pixelData)],
  };
  // One fragment per frame: RLE requires it and readers find it simplest.
  return new Uint8Array(dict.write({ fragmentMultiframe: false, allowInvalidVRLength: false }));
}

/** One Part 10 file; loads the WASM codecs when the syntax needs them. */
export async function writeDicom(input: DicomImageInput, syntax: TransferSyntaxName): Promise<Uint8Array> {
  if ((syntax === 'jpeg-ls' || syntax === 'jpeg2000') && !codecsLoaded()) await loadCodecs();
  return writeDicomSync(input, syntax);
}

/**
 * A UID under 2.25 from a seed and a label: deterministic (same seed, same UID) and, for different
 * seeds, unique for practical purposes. 2.25 UIDs are decimal integers of at most 39 digits.
 */
export function deterministicUid(seed: number, label: string): string {
  // Two 64-bit FNV-1a hashes with different offsets give 128 bits.
  const s = `${seed}|${label}`;
  let h1 = 0xcbf29ce484222325n;
  let h2 = 0x84222325cbf29ce4n;
  const prime = 0x100000001b3n;
  const mask = (1n << 64n) - 1n;
  for (let i = 0; i < s.length; i++) {
    const c = BigInt(s.charCodeAt(i));
    h1 = ((h1 ^ c) * prime) & mask;
    h2 = ((h2 ^ (c + 0x5bn)) * prime) & mask;
  }
  const v = ((h1 << 64n) | h2) & ((1n << 127n) - 1n);
  return `2.25.${v.toString()}`;
}
