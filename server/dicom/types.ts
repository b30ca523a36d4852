import type { ViewKey } from '../../core/contract/scores';

/**
 * One decoded mammogram view, as the decoder hands it to the analysis engine and the display
 * renderer. Values are presentation values: Modality LUT (rescale) applied and MONOCHROME1
 * inverted, so that a higher value is always brighter (denser tissue).
 */
export interface DecodedView {
  key: ViewKey;
  laterality: 'L' | 'R';
  viewPosition: 'CC' | 'MLO';
  width: number;
  height: number;
  /** Row-major, width * height values. */
  pixels: Float32Array;
  /** The range the stored bits allow after rescale (for windowing without scanning). */
  minValue: number;
  maxValue: number;
  /** [row spacing, column spacing] in mm of `pixels` (after any downsampling). */
  pixelSpacingMm: [number, number];
  /** Where the spacing came from; 'nominal' means 0.1 mm assumed because the file had none. */
  spacingSource: 'PixelSpacing' | 'ImagerPixelSpacing' | 'nominal';
  /** The file's VOI window, if it had one. */
  window: { center: number; width: number } | null;
  /** FieldOfViewHorizontalFlip (0018,7034) was YES. */
  horizontalFlip: boolean;
  /** How many times smaller each side is than the stored image (1 = full resolution). */
  downsample: number;
}

/** Header facts of one file, read by the shared classifier (core/dicom). */
export interface StudyHeader {
  patientId: string | null;
  patientName: string | null;
  patientBirthDate: string | null;
  studyDate: string | null;
  studyInstanceUid: string | null;
}
