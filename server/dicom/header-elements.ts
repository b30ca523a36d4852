/**
 * The element count of core/dicom/header-elements.ts over a stored file, read in 1 MB windows as
 * the walk goes: the upload counts each received file this way before it is accepted
 * (server/submissions/classify-upload.ts), without reading a large file whole.
 */
import { open } from 'node:fs/promises';
import { walkHeader, type ElementCount } from '../../core/dicom/header-elements';

export { countHeaderElementsIn, type ElementCount } from '../../core/dicom/header-elements';

const CHUNK = 1 << 20;

/** Counts the elements of a stored file, reading it in 1 MB windows as the walk goes. */
export async function countHeaderElements(path: string, limit: number): Promise<ElementCount> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    let start = 0;
    let window = Buffer.alloc(0);
    const walk = walkHeader(limit, false);
    for (let step = walk.next(); ; ) {
      if (step.done) return step.value;
      const [offset, n] = step.value;
      if (offset + n > size) {
        step = walk.next(null);
        continue;
      }
      if (offset < start || offset + n > start + window.length) {
        window = Buffer.alloc(Math.min(Math.max(CHUNK, n), size - offset));
        await fh.read(window, 0, window.length, offset);
        start = offset;
      }
      step = walk.next(window.subarray(offset - start, offset - start + n));
    }
  } finally {
    await fh.close();
  }
}
