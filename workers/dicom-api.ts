/**
 * What the app (src/) may use of workers/ for DICOM: the worker's API types and a way to start it.
 * The one module src/ imports from here (eslint.config.js), so the worker's inside can change freely.
 */
export type { DicomWorkerApi } from './dicom.worker';
export type { ClassifiedFile, ClassifyOptions, PickClassification } from './dicom-reader';

/** A new DICOM worker (Vite bundles the worker from this URL). */
export function startDicomWorker(): Worker {
  return new Worker(new URL('./dicom.worker.ts', import.meta.url), { type: 'module', name: 'dicom' });
}
