import * as Comlink from 'comlink';
import type { DicomWorkerApi } from '../../../workers/dicom.worker';
import type { ClassifyOptions, PickClassification } from '../../../workers/dicom-reader';

export type { ClassifiedFile, PickClassification } from '../../../workers/dicom-reader';

let worker: Comlink.Remote<DicomWorkerApi> | null = null;

/** One DICOM worker for the page, started on first use. */
function dicomWorker(): Comlink.Remote<DicomWorkerApi> {
  worker ??= Comlink.wrap<DicomWorkerApi>(new Worker(new URL('../../../workers/dicom.worker.ts', import.meta.url), { type: 'module', name: 'dicom' }));
  return worker;
}

/** Classifies picked files in the worker by their headers (spec section 5), in any order. */
export function classifyFiles(files: readonly File[], options: ClassifyOptions): Promise<PickClassification> {
  return dicomWorker().classify(
    files.map((f) => ({ name: f.name, blob: f })),
    options,
  );
}
