import { openAsBlob } from 'node:fs';
import { open } from 'node:fs/promises';
import type { ValidationIssue, ViewKey } from '../../core/contract';
import { classifyHeader, readHeader, VIEW_LABELS, type Classification, type HeaderInfo } from '../../core/dicom/classify';
import { measureInflated, readDeflatedHeader } from '../../core/dicom/deflated';
import { unsupportedFileMessage } from '../../core/validation';
import { inflateCapOf } from '../dicom/deflated';
import { countHeaderElements } from '../dicom/header-elements';
import { MAX_HEADER_ELEMENTS } from '../dicom/limits';
import { validationError } from '../errors';

export interface ClassifiedUpload {
  field: ViewKey;
  path: string;
  header: HeaderInfo;
}

const FIRST_WINDOW = 64 * 1024;
const MAX_WINDOW = 16 * 1024 * 1024;

/** A Deflated file refused for its compressed data, with the reason in plain words. */
interface DeflateRefusal {
  ok: false;
  reason: 'inflates_too_far' | 'deflate_broken';
  message: string;
}

/**
 * A Deflated file: its header is inflated only as far as it needs (at most 2 MB), then the whole
 * data set is inflated once, counted and dropped, and refused as soon as it passes what its image
 * needs. Everything streams from the file (nothing held but the header), and the inflating runs
 * off the event loop.
 */
async function classifyDeflated(path: string, prefix: Uint8Array, dataSetOffset: number): Promise<Classification | DeflateRefusal> {
  const file = await openAsBlob(path);
  const { header, dataSet } = await readDeflatedHeader(prefix, dataSetOffset, file.slice(dataSetOffset).stream());
  const result = classifyHeader(header);
  if (!result.ok || !dataSet) return result;
  const cap = inflateCapOf(dataSet);
  const inflated = await measureInflated(file.slice(dataSetOffset).stream(), cap.bytes);
  if (inflated.broken) return { ok: false, reason: 'deflate_broken', message: 'The compressed data of this file is damaged or cut short.' };
  if (!inflated.ended) return { ok: false, reason: 'inflates_too_far', message: `The compressed data of this file inflates to more than its ${cap.image} image needs.` };
  return result;
}

/** Reads a growing prefix of the file until the header rules can decide (as the browser does). */
async function classifyFile(path: string, size: number): Promise<Classification | DeflateRefusal> {
  const fh = await open(path, 'r');
  try {
    for (let window = Math.min(FIRST_WINDOW, size); ; window = Math.min(window * 4, size, MAX_WINDOW)) {
      const buf = Buffer.alloc(window);
      await fh.read(buf, 0, window, 0);
      const bytes = new Uint8Array(buf.buffer, buf.byteOffset, window);
      const header = readHeader(bytes, { final: window >= size });
      if (header.deflatedAt !== undefined) return await classifyDeflated(path, bytes, header.deflatedAt);
      const result = classifyHeader(header);
      if (result.ok || result.reason !== 'incomplete' || window >= size || window >= MAX_WINDOW) return result;
    }
  } finally {
    await fh.close();
  }
}

type Issue = ValidationIssue;

/** A header flooded with elements (server/dicom/header-elements.ts); translated in src/lib/messages.ts. */
export const headerTooLargeMessage = () =>
  `The header of this file holds more than ${MAX_HEADER_ELEMENTS.toLocaleString('en-US')} data elements; a mammogram's holds a few hundred. Please send the file as the scanner or archive exported it.`;

/**
 * The server never trusts the client: every part is sniffed and classified from its own header,
 * must sit under the key it claims, and all four must belong to one study.
 */
export async function classifyUploads(parts: Array<{ field: ViewKey; path: string; size: number }>, contactEmail: string): Promise<Record<ViewKey, ClassifiedUpload>> {
  const issues: Issue[] = [];
  const out = {} as Record<ViewKey, ClassifiedUpload>;
  for (const part of parts) {
    const c = await classifyFile(part.path, part.size);
    if (!c.ok) {
      const msg = c.reason === 'inflates_too_far' || c.reason === 'deflate_broken' ? c.message : unsupportedFileMessage(contactEmail);
      issues.push({ loc: ['body', part.field], msg, type: c.reason });
      continue;
    }
    if ((await countHeaderElements(part.path, MAX_HEADER_ELEMENTS)).over) {
      issues.push({ loc: ['body', part.field], msg: headerTooLargeMessage(), type: 'header_too_large' });
      continue;
    }
    if (c.key !== part.field) {
      issues.push({ loc: ['body', part.field], msg: `The file sent as ${VIEW_LABELS[part.field]} is an ${VIEW_LABELS[c.key]} view.`, type: 'wrong_view' });
      continue;
    }
    out[part.field] = { field: part.field, path: part.path, header: c.info };
  }
  if (issues.length === 0) {
    const studies = new Set(Object.values(out).map((u) => u.header.studyInstanceUid ?? ''));
    if (studies.size > 1) issues.push({ loc: ['body'], msg: 'The four files come from different studies. Please send the four views of one mammogram.', type: 'mixed_studies' });
  }
  if (issues.length > 0) throw validationError(issues);
  return out;
}
