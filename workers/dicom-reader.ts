import { classifyHeader, classifyStudy, readHeader, type Classification, type HeaderRead, type StudyClassification } from '../core/dicom/classify';
import { readDeflatedHeader } from '../core/dicom/deflated';
import { msg } from '../core/i18n';
import { unsupportedFileMessage } from '../core/validation';

/**
 * Reads only the start of each picked file (Blob.slice) and classifies it by the shared rules of
 * core/dicom. The window starts small and doubles only while the header needs more bytes, so a
 * 50 MB mammogram is classified from a few kilobytes. Plain functions on Blobs: the worker exposes
 * them, and unit tests run them in Node.
 */

/** The first read: enough for the header of nearly every mammogram. */
export const FIRST_WINDOW = 16 * 1024;

export interface FileHeaderRead {
  header: HeaderRead;
  /** Bytes taken from the file, over all reads. */
  bytesRead: number;
  /** How many slices were read (1 unless the header was larger than the first window). */
  reads: number;
}

/** Reads the header of `blob` from a growing prefix: FIRST_WINDOW, then twice as much, ... */
export async function readFileHeader(blob: Blob, firstWindow = FIRST_WINDOW): Promise<FileHeaderRead> {
  let window = Math.min(firstWindow, blob.size);
  let bytesRead = 0;
  let reads = 0;
  for (;;) {
    const bytes = new Uint8Array(await blob.slice(0, window).arrayBuffer());
    bytesRead += bytes.length;
    reads++;
    const final = window >= blob.size;
    const header = readHeader(bytes, { final });
    if (header.deflatedAt !== undefined) {
      // A Deflated data set: inflated from the file only as far as its header needs.
      let compressed = 0;
      const counted = blob
        .slice(header.deflatedAt)
        .stream()
        .pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              compressed += chunk.length;
              controller.enqueue(chunk);
            },
          }),
        );
      const deflated = await readDeflatedHeader(bytes, header.deflatedAt, counted);
      return { header: deflated.header, bytesRead: bytesRead + compressed, reads: reads + 1 };
    }
    if (header.complete || final) return { header, bytesRead, reads };
    window = Math.min(window * 2, blob.size);
  }
}

/** The spec accepts .dcm files only (section 5); the contents are checked as well. */
export function hasDcmExtension(name: string): boolean {
  return /\.dcm$/i.test(name);
}

export interface PickedFile {
  name: string;
  blob: Blob;
}

export interface ClassifiedFile {
  name: string;
  size: number;
  bytesRead: number;
  reads: number;
  /** Time spent reading and parsing this file, in ms (in the worker). */
  ms: number;
  result: Classification;
  /** What the header said (absent when the file was turned away by its name). */
  header?: HeaderRead;
}

export interface ClassifyOptions {
  /** Turns every rejection into the spec's sentence 'Unsupported file format, contact us at ...'. */
  contactEmail?: string;
  /** Reject names not ending in .dcm before reading them (the /submit and /empower uploads). */
  requireDcmExtension?: boolean;
}

export interface PickClassification {
  files: ClassifiedFile[];
  study: StudyClassification;
}

export async function classifyFile(file: PickedFile, options: ClassifyOptions = {}): Promise<ClassifiedFile> {
  const start = performance.now();
  const base = { name: file.name, size: file.blob.size };
  if (options.requireDcmExtension && !hasDcmExtension(file.name)) {
    const detail = msg('Only .dcm files can be used.');
    const message = options.contactEmail ? unsupportedFileMessage(options.contactEmail) : detail;
    return { ...base, bytesRead: 0, reads: 0, ms: performance.now() - start, result: { ok: false, reason: 'not-dicom', message, detail } };
  }
  const read = await readFileHeader(file.blob);
  const result = classifyHeader(read.header, options.contactEmail);
  return { ...base, bytesRead: read.bytesRead, reads: read.reads, ms: performance.now() - start, result, header: read.header };
}

/** Classifies every file and then the set: which file is which view, what is missing or doubled. */
export async function classifyPicked(files: readonly PickedFile[], options: ClassifyOptions = {}): Promise<PickClassification> {
  const classified = await Promise.all(files.map((f) => classifyFile(f, options)));
  const study = classifyStudy(
    classified.filter((c) => c.header).map((c) => ({ name: c.name, header: c.header! })),
    options.contactEmail,
  );
  // Files turned away by their name never reached the header rules; the set lists them too.
  for (const c of classified) {
    if (!c.header && !c.result.ok) study.rejected.push({ name: c.name, reason: c.result.reason, message: c.result.message, detail: c.result.detail });
  }
  return { files: classified, study };
}
