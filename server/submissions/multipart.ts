import Busboy from 'busboy';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ApiError } from '../errors';

export interface ReceivedFile {
  field: string;
  filename: string;
  size: number;
  path: string;
}

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
}

export interface FileSink {
  /** Where the part of `field` goes; `commit` makes the file final, `discard` removes it. */
  open(field: string): Promise<{ stream: NodeJS.WritableStream; path: string; commit(): Promise<string>; discard(): Promise<void> }>;
}

/**
 * Streams a multipart body: every file part goes straight to disk through `sink`, never whole into
 * memory; fields are kept as text. A file over the size cap answers 413, too many parts 413.
 */
export async function receiveMultipart(
  body: WebReadableStream<Uint8Array> | ReadableStream<Uint8Array> | null,
  contentType: string | undefined,
  limits: UploadLimits,
  sink: FileSink,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  if (!body || !contentType || !/^multipart\/form-data/i.test(contentType)) {
    throw new ApiError(415, 'The request must be multipart/form-data with the four DICOM files.');
  }
  let bb: ReturnType<typeof Busboy>;
  try {
    bb = Busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: limits.maxFields, fieldSize: 64 * 1024, parts: limits.maxFiles + limits.maxFields },
    });
  } catch {
    throw new ApiError(400, 'The multipart body has no boundary.');
  }
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const writes: Promise<void>[] = [];
  const opened: Array<{ discard(): Promise<void> }> = [];
  let failure: ApiError | null = null;
  const fail = (err: ApiError) => {
    failure ??= err;
  };

  bb.on('field', (name, value) => {
    fields[name] = value;
  });
  bb.on('file', (field, stream, info) => {
    if (failure) {
      stream.resume();
      return;
    }
    writes.push(
      (async () => {
        const target = await sink.open(field);
        opened.push(target);
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        stream.on('limit', () => {
          fail(new ApiError(413, `The file for ${field} is larger than ${limits.maxFileBytes} bytes.`));
        });
        await pipeline(stream, target.stream);
        if (failure) return;
        files.push({ field, filename: info.filename ?? field, size, path: await target.commit() });
      })().catch((err) => {
        fail(err instanceof ApiError ? err : new ApiError(400, 'The upload was interrupted.'));
      }),
    );
  });
  bb.on('filesLimit', () => fail(new ApiError(413, `Too many files: at most ${limits.maxFiles}.`)));
  bb.on('fieldsLimit', () => fail(new ApiError(413, 'Too many form fields.')));
  bb.on('partsLimit', () => fail(new ApiError(413, 'Too many parts in the upload.')));

  try {
    await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), bb);
  } catch {
    fail(new ApiError(400, 'The multipart body is malformed or was cut off.'));
  }
  await Promise.all(writes);
  if (failure) {
    await Promise.all(opened.map((o) => o.discard()));
    throw failure;
  }
  return { fields, files };
}
