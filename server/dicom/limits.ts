/**
 * What a mammogram can be, so that a small hostile file cannot make the server allocate or parse
 * without bound. Each limit sits well above every real image: the largest full-field detectors
 * give about 29 million pixels (4740 x 5928 at 50 microns), a film digitised at 43.5 microns about
 * 35 million, and a vendor's header holds a few hundred elements (the exams in
 * ../shared/data/mammograms hold 74).
 */
import { MAX_HEADER_ELEMENTS } from '../../core/dicom/header-elements';

/** Rows x Columns above this are refused before any pixel is allocated. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Data elements before the pixel data (core/dicom/header-elements.ts, shared with the Deflated header's reading). */
export { MAX_HEADER_ELEMENTS };

/** Why a stored file with more is not decoded (a task's failure reason, DICOMweb's error). */
export const TOO_MANY_ELEMENTS = `The header of the file holds more than ${MAX_HEADER_ELEMENTS} data elements; a mammogram's holds a few hundred.`;

/**
 * RLE Lossless (PS3.5 G.3) codes at most 128 equal bytes in 2: compressed data shorter than
 * 1/64 of the image it declares cannot decode to it (the codec would fill the rest with zeros).
 */
export const RLE_MAX_RATIO = 64;
