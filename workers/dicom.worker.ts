/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { classifyFile, classifyPicked, readFileHeader, type ClassifyOptions, type PickedFile } from './dicom-reader';

/**
 * The DICOM worker: reads and classifies headers off the main thread, so picking four 50 MB files
 * never freezes the page. Files arrive as Blobs (structured clone shares them, nothing is copied)
 * and only their first bytes are read.
 */
const api = {
  classify: (files: PickedFile[], options: ClassifyOptions = {}) => classifyPicked(files, options),
  classifyOne: (file: PickedFile, options: ClassifyOptions = {}) => classifyFile(file, options),
  readHeader: (blob: Blob) => readFileHeader(blob),
};

export type DicomWorkerApi = typeof api;

Comlink.expose(api);
