import { inflateRawSync } from 'node:zlib';
import type { DataSet } from 'dicom-parser';
import { parseInflated, readDeflatedHeader, HEADER_INFLATE_LIMIT } from '../../core/dicom/deflated';
import { TOO_MANY_ELEMENTS } from './limits';

/**
 * The server's side of Deflated files: how far a data set may inflate, and inflating one for the
 * decoder (in the pipeline thread) within that.
 */

/** No data set inflates beyond this, whatever its header claims (a 4096 x 6144 16-bit view is 48 MB). */
export const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

export interface InflateCap {
  bytes: number;
  /** For messages: the image the header describes. */
  image: string;
}

/**
 * What the data set of `header` (parsed up to its pixel data) may inflate to: its image, rows x
 * columns x bytes per sample x samples x frames, plus the header's own allowance.
 */
export function inflateCapOf(header: DataSet): InflateCap {
  const rows = header.uint16('x00280010') ?? 0;
  const columns = header.uint16('x00280011') ?? 0;
  const samples = header.uint16('x00280002') ?? 1;
  const bytesPerSample = Math.ceil((header.uint16('x00280100') ?? 16) / 8);
  const frames = Math.max(1, parseInt(header.string('x00280008') ?? '1', 10) || 1);
  const image = rows * columns * bytesPerSample * samples * frames;
  return {
    bytes: Math.min(MAX_INFLATED_BYTES, image + HEADER_INFLATE_LIMIT),
    image: `${columns} x ${rows}${frames > 1 ? ` x ${frames} frames` : ''}`,
  };
}

export class InflateError extends Error {}

/** A stream of `bytes` without copying them. */
export function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * Inflates the data set of a Deflated file, `bytes`, for decoding: the header first (as far as it
 * needs), then the whole data set within the cap its image allows, else InflateError. Returns the
 * parsed data set over the meta group and the inflated bytes.
 */
export async function inflateForDecoding(bytes: Uint8Array, dataSetOffset: number): Promise<DataSet> {
  const deflated = bytes.subarray(dataSetOffset);
  const { dataSet: header } = await readDeflatedHeader(bytes, dataSetOffset, streamOf(deflated));
  if (!header) throw new InflateError('The compressed data set has no readable header.');
  const cap = inflateCapOf(header);
  let inflated: Buffer;
  try {
    inflated = inflateRawSync(deflated, { maxOutputLength: cap.bytes });
  } catch (err) {
    if (err instanceof RangeError) throw new InflateError(`The compressed data inflates to more than its ${cap.image} image needs.`);
    throw new InflateError('The compressed data set is damaged or cut short.');
  }
  const whole = new Uint8Array(dataSetOffset + inflated.length);
  whole.set(bytes.subarray(0, dataSetOffset));
  whole.set(inflated, dataSetOffset);
  // parseInflated counts the elements before dicom-parser builds them: tiny elements compress well.
  const parsed = parseInflated(whole, dataSetOffset);
  if (parsed.tooMany) throw new InflateError(TOO_MANY_ELEMENTS);
  return parsed.dataSet;
}
