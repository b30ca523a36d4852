import { VIEW_KEYS, type ViewKey } from '../../core/contract';
import { AI_MODEL } from '../../core/decisions';
import { MESSAGES } from '../../core/validation';
import type { ValidationIssue } from '../../core/contract/common';
import type { FileStore } from '../storage/files';
import { classifyUploads, type ClassifiedUpload } from './classify-upload';
import { receiveMultipart, type ReceivedFile } from './multipart';

/**
 * Receiving the four views of a study as multipart (a user's submission, an administrator's demo
 * user): each file part streams to the owner's folder for `id`, only the four view fields are
 * taken (a file under another name answers 400), and the text fields come back for the caller's
 * own checks.
 */
export async function receiveFourViews(
  req: { body: ReadableStream<Uint8Array> | null; contentType: string | undefined },
  store: { files: FileStore; ownerId: string; id: string; maxFileBytes: number },
): Promise<{ fields: Record<string, string>; received: ReceivedFile[]; byView: Map<string, ReceivedFile> }> {
  const { fields, files: received } = await receiveMultipart(
    req.body,
    req.contentType,
    { maxFileBytes: store.maxFileBytes, maxFiles: 4, maxFields: 4 },
    {
      fields: VIEW_KEYS,
      open: (field) => store.files.createTemp(store.ownerId, store.id, `${field}.dcm`),
    },
  );
  return { fields, received, byView: new Map(received.map((f) => [f.field, f])) };
}

/**
 * What is wrong with the received views and the model field: a view sent twice, and the views
 * missing (all four are needed, or with `optional` none at all).
 */
export function fourViewIssues(fields: Record<string, string>, received: ReceivedFile[], byView: Map<string, ReceivedFile>, optional = false): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (fields.ai_model !== AI_MODEL) issues.push({ loc: ['body', 'ai_model'], msg: `ai_model must be ${AI_MODEL}`, type: 'literal_error' });
  if (received.length !== byView.size) issues.push({ loc: ['body'], msg: 'Each view may be sent only once.', type: 'value_error' });
  if (!(optional && byView.size === 0)) {
    for (const k of VIEW_KEYS.filter((v) => !byView.has(v))) issues.push({ loc: ['body', k], msg: MESSAGES.allFourFiles, type: 'missing' });
  }
  return issues;
}

/** Classifies the four received views by content (the same rules as the browser). */
export function classifyFourViews(byView: Map<string, ReceivedFile>, contactEmail: string): Promise<Record<ViewKey, ClassifiedUpload>> {
  return classifyUploads(
    VIEW_KEYS.map((k) => ({ field: k, path: byView.get(k)!.path, size: byView.get(k)!.size })),
    contactEmail,
  );
}
