/**
 * Counts the data elements of a stored DICOM file before its pixel data, without building them,
 * and stops as soon as the count passes a limit. dicom-parser spends time and memory on every
 * element it builds (a 50 MB file of five million tiny private elements held the API's event loop
 * for seconds on every DICOMweb request for it), so the upload refuses such a file before it is
 * stored (server/submissions/classify-upload.ts).
 *
 * The walk follows the encoding as dicom-parser does: the meta group in Explicit VR Little Endian,
 * then the data set in the transfer syntax's VR form and byte order; sequences and items are walked into (their
 * elements count), other values are stepped over by their length, so a single large private value
 * costs nothing. Nested sequences of unknown VR (UN) are read as Implicit VR, as the standard
 * says. A file whose structure cannot be followed is not this check's to refuse: decoding says
 * what is wrong with it. Isomorphic (no Node API): the server counts stored files with it
 * (server/dicom/header-elements.ts), and a Deflated header is counted before it is parsed
 * (core/dicom/deflated.ts).
 */

import { DEFLATED_TRANSFER_SYNTAX } from './header';

const IMPLICIT_LITTLE = '1.2.840.10008.1.2';
const BIG_ENDIAN = '1.2.840.10008.1.2.2';
/** Explicit VRs with a 2-byte reserved field and a 4-byte length. */
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'SV', 'UC', 'UN', 'UR', 'UT', 'UV']);
const UNDEFINED = 0xffffffff;

/**
 * Data elements a header may hold before its pixel data (sequences' items and their contents
 * counted): a vendor's holds a few hundred (the exams in ../shared/data/mammograms hold 74), and
 * parsing costs time and memory per element.
 */
export const MAX_HEADER_ELEMENTS = 10_000;

export interface ElementCount {
  /** Elements seen (items and delimiters included), up to just past the limit. */
  count: number;
  /** The count passed the limit. */
  over: boolean;
  /** Not walked: a Deflated data set not yet inflated (its own path bounds it). */
  skipped?: boolean;
}

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 2 ** 24;
const latin1 = (b: Uint8Array) => String.fromCharCode(...b);

/** A sequence being walked: how its contents are encoded and where it ends (undefined length: at its delimiter). */
interface Level {
  explicit: boolean;
  end: number | null;
  /** Encapsulated pixel data (an icon's): its items are compressed fragments, not elements. */
  fragments?: boolean;
}

/** The walk asks for `n` bytes at an offset and is given them, or null past the end of the file. */
export type Walk = Generator<[offset: number, n: number], ElementCount, Uint8Array | null>;

/**
 * Counts the elements of a file held in memory (the pipeline's, DICOMweb's). `inflated`: a
 * Deflated file whose data set has been inflated in place after its meta group.
 */
export function countHeaderElementsIn(bytes: Uint8Array, limit: number, options: { inflated?: boolean } = {}): ElementCount {
  const walk = walkHeader(limit, options.inflated === true);
  for (let step = walk.next(); ; ) {
    if (step.done) return step.value;
    const [offset, n] = step.value;
    step = walk.next(offset + n <= bytes.length ? bytes.subarray(offset, offset + n) : null);
  }
}

export function* walkHeader(limit: number, inflated: boolean): Walk {
  let count = 0;
  let p = 132;
  let syntax: string | null = null;
  let inMeta = true;
  // The meta group is little endian; the data set is big endian only in its retired syntax.
  let little = true;
  const r16 = (b: Uint8Array, o: number) => (little ? u16(b, o) : (b[o] << 8) | b[o + 1]);
  const r32 = (b: Uint8Array, o: number) => (little ? u32(b, o) : b[o] * 2 ** 24 + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]));
  const stack: Level[] = [{ explicit: true, end: null }];
  for (;;) {
    const top = stack[stack.length - 1];
    if (top.end !== null && p >= top.end) {
      stack.pop();
      continue;
    }
    const head = yield [p, 12];
    if (!head) return { count, over: false };
    const group = r16(head, 0);
    const element = r16(head, 2);
    if (inMeta && group !== 0x0002) {
      inMeta = false;
      if (syntax === DEFLATED_TRANSFER_SYNTAX && !inflated) return { count, over: false, skipped: true };
      little = syntax !== BIG_ENDIAN;
      stack[0] = { explicit: syntax !== IMPLICIT_LITTLE, end: null };
      continue;
    }
    if (group === 0x7fe0 && element === 0x0010 && stack.length === 1) return { count, over: false };
    if (++count > limit) return { count, over: true };
    if (group === 0xfffe) {
      // An item's contents are elements (walked on), a sequence's delimiter ends an undefined length.
      if (element === 0xe0dd && stack.length > 1 && top.end === null) stack.pop();
      p += element === 0xe000 && top.fragments ? 8 + r32(head, 4) : 8;
      continue;
    }
    const level = stack[stack.length - 1];
    let headerLength: number;
    let length: number;
    let sequence: Level | null = null;
    if (level.explicit) {
      const vr = latin1(head.subarray(4, 6));
      const long = LONG_VRS.has(vr);
      headerLength = long ? 12 : 8;
      length = long ? r32(head, 8) : r16(head, 6);
      if (vr === 'SQ' || (long && length === UNDEFINED)) sequence = { explicit: vr === 'SQ', end: null, fragments: group === 0x7fe0 && element === 0x0010 };
    } else {
      headerLength = 8;
      length = r32(head, 4);
      if (length === UNDEFINED) sequence = { explicit: false, end: null, fragments: group === 0x7fe0 && element === 0x0010 };
      else if (length >= 8) {
        // dicom-parser takes a defined-length value that starts with an item as a sequence.
        const first = yield [p + 8, 4];
        if (first && r16(first, 0) === 0xfffe && r16(first, 2) === 0xe000) sequence = { explicit: false, end: null };
      }
    }
    if (inMeta && group === 0x0002 && element === 0x0010) {
      const value = yield [p + headerLength, Math.min(length, 64)];
      syntax = value ? latin1(value).replace(/[\0 ]+$/, '') : null;
    }
    if (sequence) {
      if (stack.length > 64) return { count, over: true };
      if (length !== UNDEFINED) sequence.end = p + headerLength + length;
      stack.push(sequence);
      p += headerLength;
      continue;
    }
    p += headerLength + length;
  }
}
