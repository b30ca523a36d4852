import { submissionFormData, TaskPublic } from '../../core/contract';
import { ApiError } from '../api/client';
import type { OutboxItem } from './db';

/**
 * What the page and the service worker share about sending one outbox submission: the form, and
 * what a send's outcome does to the item. Both send under the same Web Lock, so a submission is
 * never in flight twice; its Idempotency-Key makes even that harmless.
 */

/** The Web Lock, the BroadcastChannel and the Background Sync tag of the outbox. */
export const OUTBOX_NAME = 'smart-density-outbox';

/** Messages on the outbox channel: something changed, or one submission was created or refused. */
export type OutboxMessage = { type: 'changed' } | { type: 'sent' | 'failed'; id: string };

export function submissionForm(item: OutboxItem): FormData {
  return submissionFormData(item.files);
}

export function submissionHeaders(item: OutboxItem, token: string | null): Record<string, string> {
  return { 'Idempotency-Key': item.key, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

/** The server created the task (or had already: the key answers with the same task). */
export function sentItem(item: OutboxItem, body: unknown): OutboxItem {
  const task = TaskPublic.parse(body);
  return { ...item, state: 'sent', taskId: task.id, sentAt: Date.now(), attempts: item.attempts + 1 };
}

/**
 * After a failed send: no answer, a server fault, too many requests or a lapsed session leave the
 * submission waiting (sending again may work); any other refusal is final and kept with its reason.
 */
export function afterFailure(item: OutboxItem, error: unknown): { item: OutboxItem; retry: boolean } {
  const attempts = item.attempts + 1;
  const retry = !(error instanceof ApiError) || error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500;
  if (retry) return { item: { ...item, attempts }, retry };
  return { item: { ...item, state: 'failed', attempts, error: (error as ApiError).detailText() }, retry };
}
