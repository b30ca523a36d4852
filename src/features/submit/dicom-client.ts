import * as Comlink from 'comlink';
import { startDicomWorker, type ClassifyOptions, type DicomWorkerApi, type PickClassification } from '../../../workers/dicom-api';

export type { ClassifiedFile, PickClassification } from '../../../workers/dicom-api';

let worker: Comlink.Remote<DicomWorkerApi> | null = null;

/** One DICOM worker for the page, started on first use. */
function dicomWorker(): Comlink.Remote<DicomWorkerApi> {
  worker ??= Comlink.wrap<DicomWorkerApi>(startDicomWorker());
  return worker;
}

/** Classifies picked files in the worker by their headers (spec section 5), in any order. */
export function classifyFiles(files: readonly File[], options: ClassifyOptions): Promise<PickClassification> {
  return dicomWorker().classify(
    files.map((f) => ({ name: f.name, blob: f })),
    options,
  );
}
