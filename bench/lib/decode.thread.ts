/** The thread of decode.worker.mjs: { id, bytes } in, { id } out once the file is decoded for analysis. */
import { parentPort } from 'node:worker_threads';
import { decodeDicom } from '../../server/dicom/decode';
import { DECODE_MAX_HEIGHT } from '../../server/jobs/pipeline';

parentPort!.on('message', async ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  await decodeDicom(bytes, { maxHeight: DECODE_MAX_HEIGHT });
  parentPort!.postMessage({ id });
});
