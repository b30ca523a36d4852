/**
 * What the page and the service worker agree on when they send an outbox submission: the form
 * the API expects, which failures leave it waiting and which are final, and whose session the
 * service worker may send it with.
 */
import { describe, expect, it } from 'vitest';
import { VIEW_KEYS, type ViewKey } from '../../core/contract';
import { AI_MODEL } from '../../core/decisions';
import { accessTokens } from '../../server/auth/access-tokens';
import { ApiError } from '../../src/api/client';
import type { OutboxItem } from '../../src/offline/db';
import { tokenSubject } from '../../src/offline/session-mirror';
import { afterFailure, sentItem, submissionForm, submissionHeaders } from '../../src/offline/submission';

function waitingItem(): OutboxItem {
  const files = Object.fromEntries(VIEW_KEYS.map((k) => [k, new File([new Uint8Array(8)], k === 'r_cc' ? '' : `${k}.dcm`)])) as Record<ViewKey, File>;
  return { id: 'item-1', key: 'key-1', userId: 'user-1', createdAt: 1, files, state: 'waiting', attempts: 2, totalBytes: 32 };
}

describe('an outbox submission', () => {
  it('is sent as the four views and the model, under its own idempotency key', () => {
    const item = waitingItem();
    const form = submissionForm(item);
    expect(form.get('ai_model')).toBe(AI_MODEL);
    for (const k of VIEW_KEYS) expect((form.get(k) as File).name).toBe(`${k}.dcm`);
    expect(submissionHeaders(item, 'tok')).toEqual({ 'Idempotency-Key': 'key-1', Authorization: 'Bearer tok' });
    expect(submissionHeaders(item, null)).toEqual({ 'Idempotency-Key': 'key-1' });
  });

  it('keeps waiting after no answer, a server fault, too many requests or a lapsed session', () => {
    for (const error of [new ApiError(0, 'Network Error', null), new ApiError(503, 'Unavailable', null), new ApiError(429, 'Too Many', null), new ApiError(401, 'Unauthorized', null), new TypeError('x')]) {
      const next = afterFailure(waitingItem(), error);
      expect(next.retry).toBe(true);
      expect(next.item.state).toBe('waiting');
      expect(next.item.attempts).toBe(3);
    }
  });

  it('is refused for good, with the reason in words, when the server says the request is wrong', () => {
    const next = afterFailure(waitingItem(), new ApiError(400, 'Bad Request', { detail: 'Submission limit reached' }));
    expect(next.retry).toBe(false);
    expect(next.item).toMatchObject({ state: 'failed', attempts: 3, error: 'Submission limit reached' });
  });

  it('records the task the server created, and refuses an answer that is not a task', () => {
    const task = {
      id: '7b0c9a52-5a3e-4d5a-9d5e-2f1f1f1f1f1f',
      status: 'queued',
      created_at: '2026-11-25T09:00:00',
      owner_id: '8c1d0b63-6b4f-4e6b-8e6f-3a2a2a2a2a2a',
      ai_model: AI_MODEL,
      dcm_patient_id: null,
      dcm_study_date: null,
      dcm_study_instance_uid: null,
      result: null,
    };
    expect(() => sentItem(waitingItem(), { nonsense: true })).toThrow();
    expect(sentItem(waitingItem(), task)).toMatchObject({ state: 'sent', taskId: task.id, attempts: 3 });
  });
});

describe('the mirrored session', () => {
  it('names the user its token was issued to, and nobody for a malformed token', async () => {
    const token = await accessTokens('a-test-secret-of-a-reasonable-length-0123456789', 60).issue('user-42');
    expect(tokenSubject(token)).toBe('user-42');
    expect(tokenSubject('not-a-token')).toBeNull();
    expect(tokenSubject('a.b.c')).toBeNull();
  });
});
