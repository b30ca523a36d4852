import type { Writable } from 'node:stream';
import type { Db } from '../db/client';

/** What one run of the pipeline derives from a study (display images, overlays), by file name. */
export type DerivedImages = ReadonlyArray<{ name: string; data: Uint8Array }>;

/**
 * Where a study's images are kept: the uploaded DICOM files (`<view>.dcm`) and what the pipeline
 * derives from them (display PNGs and overlays). Callers name a file by its owner's folder
 * (filesOwnerOf), its task and its name, all made by the server, and never learn where or how it is stored. Two
 * implementations: the local folder under DATA_DIR (files.ts, the embedded default) and Orthanc
 * (orthanc-store.ts, STORAGE=orthanc), chosen in compose.ts / the worker by `createImageStore`.
 *
 * An upload is received in two steps: each part streams to a staged file on this machine
 * (`stage`), is checked by content, and then `keep` makes the task's staged files its stored ones
 * (a no-op for the local folder; Orthanc takes them and nothing stays on this machine's disk).
 */
export interface ImageStore {
  readonly kind: 'local' | 'orthanc';
  /**
   * A stream to a staged file that `commit` makes whole (a half file is never read); `discard`
   * closes the stream and removes the file, committed or not. `path` is where it is staged on
   * this machine, for the content checks before `keep`.
   */
  stage(ownerId: string, taskId: string, name: string): Promise<StagedFile>;
  /** Stores the task's staged files for good; throws ImageRefusedError or ImageStoreUnavailableError. */
  keep(ownerId: string, taskId: string): Promise<void>;
  write(ownerId: string, taskId: string, name: string, data: Uint8Array): Promise<void>;
  /**
   * Keeps what a run of the pipeline derived, in two steps: this call does the slow part now (the
   * local folder writes its files), and the step it answers runs in `tx`, the transaction that
   * stores the result (Orthanc's store, whose derived images are rows, inserts them there). So a
   * result is never seen without its pictures, and the transaction holds no file writes.
   */
  keepDerived(ownerId: string, taskId: string, images: DerivedImages): Promise<(tx: Db) => Promise<void>>;
  read(ownerId: string, taskId: string, name: string): Promise<Buffer | null>;
  /** The first `maxBytes` of a file (a header, without its image) and the file's whole size. */
  readHead(ownerId: string, taskId: string, name: string, maxBytes: number): Promise<{ bytes: Buffer; size: number } | null>;
  removeTask(ownerId: string, taskId: string): Promise<void>;
  removeOwner(ownerId: string): Promise<void>;
  /**
   * Every task that has files here (staged or stored), with the last time anything of it changed:
   * what the sweep of orphaned uploads looks through.
   */
  storedTasks(): Promise<Array<{ ownerId: string; taskId: string; modifiedMs: number }>>;
  /** Readiness: the store takes files (and, for a disk, how much room is left). Never throws. */
  check(): Promise<{ ok: boolean; free_bytes: number | null; detail: string }>;
}

export interface StagedFile {
  stream: Writable;
  path: string;
  commit(): Promise<string>;
  discard(): Promise<void>;
}

/** The store is down or answers with an error of its own: nothing was stored, try again later. */
export class ImageStoreUnavailableError extends Error {
  readonly code = 'IMAGE_STORE_UNAVAILABLE';
}

/** The store refused a file as it is (Orthanc cannot parse it, or another file has its identifiers). */
export class ImageRefusedError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly status: 409 | 422 = 422,
  ) {
    super(message);
  }
}

/** Owner ids, task ids and file names are made by the server; anything else is refused. */
export const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;

export function checkNames(...parts: string[]) {
  for (const p of parts) if (!SAFE_NAME.test(p) || p.includes('..')) throw new Error(`Unsafe file path part: ${p}`);
}
