import { open } from 'node:fs/promises';
import type { ValidationIssue, ViewKey } from '../../core/contract';
import { classifyBytes, VIEW_LABELS, type HeaderInfo } from '../../core/dicom/classify';
import { unsupportedFileMessage } from '../../core/validation';
import { validationError } from '../errors';

export interface ClassifiedUpload {
  field: ViewKey;
  path: string;
  header: HeaderInfo;
}

const FIRST_WINDOW = 64 * 1024;
const MAX_WINDOW = 16 * 1024 * 1024;

/** Reads a growing prefix of the file until the header rules can decide (as the browser does). */
async function classifyFile(path: string, size: number) {
  const fh = await open(path, 'r');
  try {
    for (let window = Math.min(FIRST_WINDOW, size); ; window = Math.min(window * 4, size, MAX_WINDOW)) {
      const buf = Buffer.alloc(window);
      await fh.read(buf, 0, window, 0);
      const result = classifyBytes(new Uint8Array(buf.buffer, buf.byteOffset, window));
      if (result.ok || result.reason !== 'incomplete' || window >= size || window >= MAX_WINDOW) return result;
    }
  } finally {
    await fh.close();
  }
}

type Issue = ValidationIssue;

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
      issues.push({ loc: ['body', part.field], msg: unsupportedFileMessage(contactEmail), type: c.reason });
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
