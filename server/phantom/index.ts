/** Synthetic mammograms: generate a four-view study with its truth, write it as DICOM. */
export { generateStudy, viewSide, FULL_FIELD } from './generate';
export { writeStudy, writeStudySync, viewDicomInput, type WriteStudyOptions } from './write';
export { writeStudyToDir, viewFileName, truthMapFileName, TRUTH_FILE, type WrittenStudy } from './files';
export { truthJson } from './truth-json';
export type * from './types';
