/**
 * The frame decoder's thread: decoding a compressed full-field view takes seconds of CPU (JPEG 2000
 * above all), so WADO-RS's uncompressed frames are decoded here while the API keeps answering.
 * Messages: { id, bytes } in (a whole DICOM file); { id, ok, frame } or { id, ok: false, unreadable, message } out.
 */
import { parentPort } from 'node:worker_threads';
import { DicomDecodeError, parseDicomFile } from './decode';
import { uncompressedFrame } from './frames';

parentPort!.on('message', async ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  try {
    const frame = await uncompressedFrame(await parseDicomFile(bytes));
    parentPort!.postMessage({ id, ok: true, frame }, [frame.bytes.buffer as ArrayBuffer]);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    parentPort!.postMessage({ id, ok: false, unreadable: err instanceof DicomDecodeError, message });
  }
});
