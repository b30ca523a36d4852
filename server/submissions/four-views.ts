import { VIEW_KEYS, VIEW_LABELS, type ViewKey } from '../../core/contract';
import { AI_MODEL } from '../../core/decisions';
import { MESSAGES } from '../../core/validation';
import type { ValidationIssue } from '../../core/contract/common';
import { ImageRefusedError, ImageStoreUnavailableError, type ImageStore } from '../storage/image-store';
import { ApiError, validationError } from '../errors';
import { classifyUploads, type ClassifiedUpload } from './classify-upload';
import { receiveMultipart, type ReceivedFile, type UploadBody } from './multipart';

/**
 * Receiving the four views of a study as multipart (a user's submission, an administrator's demo
 * user): each file part streams to the owner's folder for `id`, only the four view fields are
 * taken (a file under another name answers 400), and the text fields come back for the caller's
 * own checks.
 */
export async function receiveFourViews(
  req: { body: UploadBody; contentType: string | undefined },
  store: { files: ImageStore; ownerId: string; id: string; maxFileBytes: number; received?: (file: ReceivedFile) => void },
): Promise<{ fields: Record<string, string>; received: ReceivedFile[]; byView: Map<string, ReceivedFile> }> {
  const { fields, files: received } = await receiveMultipart(
    req.body,
    req.contentType,
    { maxFileBytes: store.maxFileBytes, maxFiles: 4, maxFields: 4 },
    {
      fields: VIEW_KEYS,
      open: (field) => store.files.stage(store.ownerId, store.id, `${field}.dcm`),
      received: store.received,
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

export const STORE_UNAVAILABLE_MESSAGE = 'The image store is unavailable right now, so your images were not kept and nothing was counted. Please send them again in a few minutes.';

/**
 * Stores the received views for good (ImageStore.keep). A file the store refuses is the sender's
 * (422 under its field, or 409 when another image has its UIDs); a store that is down answers 503,
 * and nothing was kept or counted.
 */
export async function keepFourViews(files: ImageStore, ownerId: string, id: string): Promise<void> {
  try {
    await files.keep(ownerId, id);
  } catch (err) {
    if (err instanceof ImageRefusedError) {
      const field = err.file.replace(/\.dcm$/, '');
      if (err.status === 409) throw new ApiError(409, `${VIEW_LABELS[field as ViewKey] ?? field}: ${err.message}`);
      throw validationError([{ loc: ['body', field], msg: err.message, type: 'value_error' }]);
    }
    if (err instanceof ImageStoreUnavailableError) {
      console.error(`image store: ${err.message}`);
      throw new ApiError(503, STORE_UNAVAILABLE_MESSAGE, { 'retry-after': '60' });
    }
    throw err;
  }
}
