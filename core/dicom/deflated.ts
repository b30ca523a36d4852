import dicomParser, { type ByteArray, type ByteArrayParser, type DataSet, type Element } from 'dicom-parser';
import { headerFromDataSet, TAGS, type HeaderRead } from './header';
import { countHeaderElementsIn, MAX_HEADER_ELEMENTS } from './header-elements';

/**
 * Deflated Explicit VR Little Endian files (1.2.840.10008.1.2.1.99): everything after the meta group
 * is one raw deflate stream, and a small file may inflate to gigabytes. Nothing here inflates more
 * than asked: the stream is inflated chunk by chunk (DecompressionStream, in the browser worker and
 * in Node alike) and stopped as soon as the caller has what it needs or the limit is passed.
 */

/** The most of a data set inflated to read its header (everything before the pixel data). */
export const HEADER_INFLATE_LIMIT = 2 * 1024 * 1024;

/** The first inflated window the header is looked for in; it grows fourfold up to the limit. */
const FIRST_WINDOW = 64 * 1024;

/**
 * The inflated chunks of a raw deflate stream, each inflated when it is asked for. Leaving the
 * loop early stops the inflation and cancels `source`. Throws when the data is not deflate or is
 * cut short (after the chunks that could be inflated).
 */
export async function* inflateRaw(source: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array, void, undefined> {
  // The DOM typings want BufferSource chunks in (ArrayBuffer-backed views); our chunks are such.
  const reader = (source as ReadableStream<Uint8Array<ArrayBuffer>>).pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } catch (err) {
    finished = true;
    throw err;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}

export interface InflatedSize {
  /** Inflated bytes seen; above the limit when the stream holds more. */
  size: number;
  /** The stream ended within the limit. */
  ended: boolean;
  /** Not deflate data, or cut short. */
  broken: boolean;
}

/** Inflates `source` only to count its bytes (nothing is kept), stopping once past `limit`. */
export async function measureInflated(source: ReadableStream<Uint8Array>, limit: number): Promise<InflatedSize> {
  let size = 0;
  try {
    for await (const chunk of inflateRaw(source)) {
      size += chunk.length;
      if (size > limit) return { size, ended: false, broken: false };
    }
    return { size, ended: true, broken: false };
  } catch {
    return { size, ended: false, broken: true };
  }
}

type DataSetConstructor = new (parser: ByteArrayParser, byteArray: ByteArray, elements: Record<string, Element>) => DataSet;
// dicom-parser exports its DataSet class; its type declarations only describe the instances.
const DataSetClass = (dicomParser as unknown as { DataSet: DataSetConstructor }).DataSet;

/**
 * Parses a Deflated file whose data set was inflated in place: `bytes` holds the file's preamble and
 * meta group, then from `dataSetOffset` the inflated data set (explicit VR little endian). Elements
 * come in ascending tag order; the parse stops at one that does not (`outOfOrder`: inflated junk,
 * which no more bytes can mend) and at `untilTag`. An element cut off at the end of `bytes` ends
 * it too; what was read stays.
 */
export function parseInflated(bytes: Uint8Array, dataSetOffset: number, options: { untilTag?: string } = {}): { dataSet: DataSet; outOfOrder: boolean; tooMany: boolean } {
  const meta = dicomParser.readPart10Header(bytes.subarray(0, dataSetOffset));
  const dataSet = new DataSetClass(dicomParser.littleEndianByteArrayParser, bytes, {});
  dataSet.warnings = [];
  // A header flooded with tiny elements (they compress well) is not parsed: counted first, it is
  // read as holding nothing but its meta group, which the rules refuse.
  if (countHeaderElementsIn(bytes, MAX_HEADER_ELEMENTS, { inflated: true }).over) {
    Object.assign(dataSet.elements, meta.elements);
    return { dataSet, outOfOrder: false, tooMany: true };
  }
  const stream = new dicomParser.ByteStream(dicomParser.littleEndianByteArrayParser, bytes, dataSetOffset);
  let lastTag = 0x0002ffff;
  let outOfOrder = false;
  try {
    while (stream.position < bytes.length) {
      const el = dicomParser.readDicomElementExplicit(stream, dataSet.warnings, options.untilTag);
      const tag = parseInt(el.tag.slice(1), 16);
      if (!(tag > lastTag)) {
        outOfOrder = true;
        break;
      }
      lastTag = tag;
      dataSet.elements[el.tag] = el;
      if (el.tag === options.untilTag) break;
    }
  } catch {
    // Cut off: the elements before stay.
  }
  Object.assign(dataSet.elements, meta.elements);
  return { dataSet, outOfOrder, tooMany: false };
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    if (at >= length) break;
    const take = Math.min(p.length, length - at);
    out.set(take === p.length ? p : p.subarray(0, take), at);
    at += take;
  }
  return out;
}

export interface DeflatedHeader {
  header: HeaderRead;
  /** The parsed header (meta group and data set up to the pixel data), for a caller that needs more tags. */
  dataSet: DataSet | undefined;
  /** Bytes inflated to read it. */
  inflated: number;
}

/**
 * The header of a Deflated file: `prefix` holds the file through its meta group (readHeader's
 * `deflatedAt` is where the data set starts), `deflated` streams the file from there. The data set
 * is inflated in growing windows only as far as the header needs, never beyond `limit`; a data set
 * whose header does not end within the limit is read as far as it got (the rules then refuse it).
 */
export async function readDeflatedHeader(
  prefix: Uint8Array,
  dataSetOffset: number,
  deflated: ReadableStream<Uint8Array>,
  limit = HEADER_INFLATE_LIMIT,
): Promise<DeflatedHeader> {
  const chunks: Uint8Array[] = [prefix.subarray(0, dataSetOffset)];
  let size = 0;
  let ended = false;
  const inflating = inflateRaw(deflated);
  try {
    for (let window = Math.min(FIRST_WINDOW, limit); ; window = Math.min(window * 4, limit)) {
      while (size < window && !ended) {
        const next = await inflating.next().catch(() => ({ done: true as const, value: undefined }));
        if (next.done) ended = true;
        else {
          chunks.push(next.value);
          size += next.value.length;
        }
      }
      const bytes = concat(chunks, dataSetOffset + Math.min(size, limit));
      let parsed: ReturnType<typeof parseInflated> | null = null;
      try {
        parsed = parseInflated(bytes, dataSetOffset, { untilTag: TAGS.pixelData });
      } catch {
        // An unreadable meta group: no window will do better.
      }
      const final = ended || size >= limit || !parsed || parsed.outOfOrder || parsed.tooMany;
      const dataSet = parsed?.dataSet;
      const header = headerFromDataSet(dataSet, bytes.length, final);
      if (header.complete) return { header, dataSet, inflated: size };
    }
  } finally {
    await inflating.return(undefined);
  }
}
