/** Writes a generated study as four DICOM MG files (one series per view, as modalities do). */
import { VIEW_KEYS, type ViewKey } from '../../core/contract/scores';
import { loadCodecs } from '../dicom/codecs';
import { writeDicomSync, type DicomImageInput, type SopClassName, type TransferSyntaxName } from '../dicom/writer';
import type { PhantomStudy } from './types';

export interface WriteStudyOptions {
  transferSyntax?: TransferSyntaxName;
  /** Default: Digital Mammography For Presentation. */
  sopClass?: SopClassName;
  /** Override the study's photometric interpretation (stored values are inverted to match). */
  photometric?: 'MONOCHROME1' | 'MONOCHROME2';
}

/** The writer input for one view (exported so callers can add or change tags). */
export function viewDicomInput(study: PhantomStudy, key: ViewKey, opts: WriteStudyOptions = {}): DicomImageInput {
  const view = study.views[key];
  const max = 2 ** view.bitsStored - 1;
  const photometric = opts.photometric ?? view.photometric;
  let pixels = view.pixels;
  if (photometric !== view.photometric) {
    pixels = new Uint16Array(view.pixels.length);
    for (let i = 0; i < pixels.length; i++) pixels[i] = max - view.pixels[i];
  }
  const sopClass = opts.sopClass ?? 'mammoForPresentation';
  const side = view.laterality === 'R' ? 'right' : 'left';
  const spacing = study.pixelSpacingMm;
  return {
    sopClass,
    sopInstanceUid: study.sopInstanceUids[key],
    studyInstanceUid: study.studyInstanceUid,
    seriesInstanceUid: study.seriesInstanceUids[key],
    modality: sopClass === 'ct' ? 'CT' : sopClass === 'secondaryCapture' ? 'OT' : 'MG',
    patient: study.patient,
    studyDate: study.studyDate,
    accessionNumber: `PH${study.seed}`,
    studyDescription: 'Synthetic screening mammogram (phantom)',
    seriesDescription: `${view.laterality} ${view.viewPosition}`,
    seriesNumber: VIEW_KEYS.indexOf(key) + 1,
    instanceNumber: 1,
    laterality: view.laterality,
    viewPosition: view.viewPosition,
    pixelSpacingMm: spacing,
    // Detector pitch at the detector plane, about 8 % larger than at the breast (magnification).
    imagerPixelSpacingMm: [spacing[0] * 1.08, spacing[1] * 1.08],
    rescale: { slope: 1, intercept: 0 },
    window: { center: Math.round(max * 0.45), width: Math.round(max * 0.9) },
    bodyPartThicknessMm: Math.round(study.truth.thicknessMm[side]),
    compressionForceN: 100,
    image: { pixels, width: view.width, height: view.height, bitsStored: view.bitsStored, photometric },
  };
}

/** Synchronous: JPEG-LS and JPEG 2000 need `await loadCodecs()` first. */
export function writeStudySync(study: PhantomStudy, opts: WriteStudyOptions = {}): Record<ViewKey, Uint8Array> {
  const out = {} as Record<ViewKey, Uint8Array>;
  for (const key of VIEW_KEYS) out[key] = writeDicomSync(viewDicomInput(study, key, opts), opts.transferSyntax ?? 'explicit-le');
  return out;
}

export async function writeStudy(study: PhantomStudy, opts: WriteStudyOptions = {}): Promise<Record<ViewKey, Uint8Array>> {
  const ts = opts.transferSyntax ?? 'explicit-le';
  if (ts === 'jpeg-ls' || ts === 'jpeg2000') await loadCodecs();
  return writeStudySync(study, opts);
}
