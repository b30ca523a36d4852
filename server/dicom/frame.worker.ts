/**
 * The DICOMweb image thread (server/dicom/frame-thread.ts): one job at a time, in the order they
 * came, so a burst of requests never holds more than one inflated or decoded image here.
 * Messages: DecodeRequest in; DecodeReply out.
 */
import { parentPort } from 'node:worker_threads';
import { DicomDecodeError, decodeDicom, parseDicomFile } from './decode';
import { renderDisplayPng } from './display';
import { storedFrame, uncompressedFrame } from './frames';
import { RENDERED_MAX_HEIGHT, type DecodeReply, type DecodeRequest } from './frame-thread';

async function work({ id, job, bytes, view }: DecodeRequest): Promise<{ reply: DecodeReply; transfer: ArrayBuffer[] }> {
  if (job === 'rendered') {
    const decoded = await decodeDicom(bytes, { maxHeight: RENDERED_MAX_HEIGHT });
    const png = new Uint8Array(await renderDisplayPng({ ...decoded, key: view ?? 'r_cc' }));
    return { reply: { id, ok: true, png }, transfer: [png.buffer as ArrayBuffer] };
  }
  const ds = await parseDicomFile(bytes);
  const frame = job === 'uncompressed' ? await uncompressedFrame(ds) : storedFrame(ds);
  // A stored frame may be a view into the file's bytes: sent as its own copy, never the whole file.
  const own = frame.bytes.byteOffset === 0 && frame.bytes.byteLength === frame.bytes.buffer.byteLength ? frame.bytes : frame.bytes.slice();
  return { reply: { id, ok: true, frame: { ...frame, bytes: own } }, transfer: [own.buffer as ArrayBuffer] };
}

let queue: Promise<void> = Promise.resolve();

parentPort!.on('message', (request: DecodeRequest) => {
  queue = queue.then(async () => {
    try {
      const { reply, transfer } = await work(request);
      parentPort!.postMessage(reply, transfer);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      parentPort!.postMessage({ id: request.id, ok: false, unreadable: err instanceof DicomDecodeError, message } satisfies DecodeReply);
    }
  });
});
