import { z } from 'zod';
import { AI_MODEL } from '../decisions';
import { VIEW_KEYS, type ViewKey } from './scores';

/**
 * The multipart body of a submission (POST /tasks/, and the four optional views of a demo profile):
 * the model option and one file per view, under the view's key. The server streams the parts as
 * they come (server/submissions/multipart.ts) rather than validating a parsed body, so this schema
 * documents the form in the OpenAPI document; the app builds it with `submissionFormData`.
 */
export const SubmissionForm = z
  .object({
    ai_model: z.literal(AI_MODEL),
    ...(Object.fromEntries(VIEW_KEYS.map((key) => [key, z.string().meta({ format: 'binary' })])) as Record<ViewKey, z.ZodString>),
  })
  .meta({ id: 'SubmissionForm' });

/** The name a view's part is sent under: the picked file's own name, else `<view>.dcm`. */
export function viewFileName(key: ViewKey, blob: Blob): string {
  return (typeof File !== 'undefined' && blob instanceof File && blob.name) || `${key}.dcm`;
}

/** Adds the views that are given to a form, in view order. */
export function appendViews(form: FormData, files: Partial<Record<ViewKey, Blob>>): FormData {
  for (const key of VIEW_KEYS) {
    const blob = files[key];
    if (blob) form.append(key, blob, viewFileName(key, blob));
  }
  return form;
}

/** A whole submission's form: the model option, then the four views. */
export function submissionFormData(files: Record<ViewKey, Blob>): FormData {
  const form = new FormData();
  form.set('ai_model', AI_MODEL);
  return appendViews(form, files);
}
