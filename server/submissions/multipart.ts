import Busboy from 'busboy';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ApiError } from '../errors';

export interface ReceivedFile {
  field: string;
  filename: string;
  size: number;
  path: string;
}

/**
 * An upload's body: the Node server's own request stream when it came through it (read as it is,
 * server/http/request-body.ts), else a web stream.
 */
export type UploadBody = ReadableStream<Uint8Array> | Readable | null;

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
}

export interface OpenedFile {
  stream: Writable;
  /** Makes the file final and says where it is. */
  commit(): Promise<string>;
  /** Removes whatever was written, committed or not. */
  discard(): Promise<void>;
}

export interface FileSink {
  /** The file fields the upload takes; a file part under any other name (or none) answers 400. */
  fields: readonly string[];
  /** Where the part of `field` goes. */
  open(field: string): Promise<OpenedFile>;
  /** A part is complete on disk (the upload may still fail on a later part). */
  received?(file: ReceivedFile): void;
}

/**
 * How much of an upload each stage (the request, the parse, a file's write) may hold before it
 * asks the one before it to wait. At Node's 16-64 KB every 64 KB chunk of the socket waited for
 * its own write to the disk (1,069 pauses for a 75 MB study, 360 of its 460 ms spent paused); at
 * 1 MB the disk takes about 60 larger writes and the study arrived in 810-830 ms instead of
 * 950-1140 ms (bench/pipeline.bench.ts, jpeg2000). A few MB per upload at most, whatever its size.
 */
export const UPLOAD_BUFFER_BYTES = 1 << 20;

export const CUT_OFF_MESSAGE = 'The multipart body is malformed or was cut off.';

function listFields(fields: readonly string[]): string {
  return fields.length > 1 ? `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}` : (fields[0] ?? '');
}

/** The 400 for a file part the upload does not take. */
export function unexpectedFileFieldMessage(field: string | undefined, fields: readonly string[]): string {
  const expected = `the files go under ${listFields(fields)}`;
  return field ? `Unexpected file field "${field}": ${expected}.` : `A file part has no field name: ${expected}.`;
}

/**
 * Streams a multipart body: every file part goes straight to disk through `sink`, never whole into
 * memory; fields are kept as text. A file over the size cap or too many parts answer 413, a file
 * part under a name the sink does not take 400, a body that ends early or breaks off 400.
 *
 * Busboy reports a body cut off inside a file part as an 'error' on that part's stream, so each
 * stream gets its listeners in the 'file' event itself, before anything is awaited (an 'error'
 * with no listener ends the process). The first failure stops the parse at once; the call settles
 * only after every file it opened is closed and removed, so nothing is written after it throws.
 */
export async function receiveMultipart(
  body: UploadBody | WebReadableStream<Uint8Array>,
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
      highWaterMark: UPLOAD_BUFFER_BYTES,
      fileHwm: UPLOAD_BUFFER_BYTES,
      limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: limits.maxFields, fieldSize: 64 * 1024, parts: limits.maxFiles + limits.maxFields },
    });
  } catch {
    throw new ApiError(400, 'The multipart body has no boundary.');
  }
  const input = body instanceof Readable ? borrowed(body) : Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  // The pipeline below reports their errors; these keep one that comes after it (a destroy once
  // the parse is over) from being an unhandled 'error' event.
  input.on('error', () => undefined);
  bb.on('error', () => undefined);
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const writes: Promise<void>[] = [];
  const opened: OpenedFile[] = [];
  const seen = new Set<string>();
  let failure: unknown = null;
  const fail = (err: unknown) => {
    if (failure) return;
    failure = err;
    // Not from inside busboy's own callbacks (it still touches the part after emitting 'limit').
    process.nextTick(() => bb.destroy(new Error('upload refused')));
  };

  async function receiveFile(field: string, stream: Readable, filename: string, sourceFailed: () => boolean) {
    try {
      const target = await sink.open(field);
      opened.push(target);
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      await pipeline(stream, target.stream);
      if (failure) return;
      const file = { field, filename, size, path: await target.commit() };
      files.push(file);
      sink.received?.(file);
    } catch (err) {
      // The body's fault (cut off, refused) is the client's; the disk's is ours (a 500).
      if (err instanceof ApiError) fail(err);
      else fail(sourceFailed() ? new ApiError(400, CUT_OFF_MESSAGE) : err);
    }
  }

  bb.on('field', (name, value) => {
    fields[name] = value;
  });
  bb.on('file', (field: string | undefined, stream, info) => {
    let streamFailed = false;
    stream.on('error', () => {
      streamFailed = true;
      fail(new ApiError(400, CUT_OFF_MESSAGE));
    });
    stream.on('limit', () => fail(new ApiError(413, `The file for ${field} is larger than ${limits.maxFileBytes} bytes.`)));
    if (failure) {
      stream.resume();
      return;
    }
    if (!field || !sink.fields.includes(field)) {
      stream.resume();
      fail(new ApiError(400, unexpectedFileFieldMessage(field, sink.fields)));
      return;
    }
    // A second part under the same name would write to the first one's file.
    if (seen.has(field)) {
      stream.resume();
      fail(new ApiError(400, `The file for ${field} was sent twice: one file per field.`));
      return;
    }
    seen.add(field);
    writes.push(receiveFile(field, stream, info.filename ?? field, () => streamFailed));
  });
  bb.on('filesLimit', () => fail(new ApiError(413, `Too many files: at most ${limits.maxFiles}.`)));
  bb.on('fieldsLimit', () => fail(new ApiError(413, 'Too many form fields.')));
  bb.on('partsLimit', () => fail(new ApiError(413, 'Too many parts in the upload.')));

  try {
    await pipeline(input, bb);
  } catch {
    fail(new ApiError(400, CUT_OFF_MESSAGE));
  }
  await Promise.all(writes);
  if (failure) {
    await Promise.all(opened.map((o) => o.discard()));
    throw failure;
  }
  return { fields, files };
}

/**
 * A stream of what `source` (the server's request) sends, which the parse may destroy without
 * destroying the request: a refused upload (413, 400) stops reading it, and the HTTP server still
 * answers on its connection and drains the rest (as it does for a web stream cancelled). The
 * source's failure or a close before its end (the client gone, also before the parse began)
 * fails this stream, so the parse sees a body cut off.
 */
function borrowed(source: Readable): Readable {
  const detach = () => {
    source.off('data', onData);
    source.off('end', onEnd);
    source.off('error', onError);
    source.off('close', onClose);
  };
  const out = new Readable({
    highWaterMark: UPLOAD_BUFFER_BYTES,
    read: () => void source.resume(),
    destroy(err, callback) {
      detach();
      callback(err);
    },
  });
  const onData = (chunk: Buffer) => {
    if (!out.push(chunk)) source.pause();
  };
  const onEnd = () => {
    detach();
    out.push(null);
  };
  const onError = (err: Error) => out.destroy(err);
  const onClose = () => {
    if (!source.readableEnded) out.destroy(new Error('the request was closed before its end'));
  };
  source.on('data', onData);
  source.on('end', onEnd);
  source.on('error', onError);
  source.on('close', onClose);
  // A request whose client went away before the parse began (while it was signed in, say) has
  // already closed, and one read by something else has already ended: neither says so again, and
  // the parse would wait for them forever.
  if (source.destroyed) process.nextTick(() => out.destroy(new Error('the request was closed before the parse began')));
  else if (source.readableEnded) onEnd();
  return out;
}
