import { apiPath, PATHS, TaskPublic } from '../../core/contract';
import { ApiError, request } from '../api/client';
import { offlineDb, type OutboxItem } from './db';
import { mirroredToken, tokenSubject } from './session-mirror';
import { afterFailure, OUTBOX_NAME, sentItem, submissionForm, submissionHeaders, type OutboxMessage } from './submission';

/**
 * The service worker's half of the outbox: on a Background Sync event it sends the signed-in
 * person's waiting submissions, with the same form, key and outcome rules as the page, and tells
 * any open tab what happened. It throws while the network is still failing, so that the browser
 * schedules the sync again; a lapsed session is left for the page (the person signs in again).
 */
export async function sendWaitingSubmissions(): Promise<void> {
  const token = await mirroredToken();
  const userId = token ? tokenSubject(token) : null;
  if (!token || !userId) return;
  const channel = new BroadcastChannel(OUTBOX_NAME);
  const announce = (message: OutboxMessage) => channel.postMessage(message);
  try {
    await navigator.locks.request(OUTBOX_NAME, async () => {
      const db = await offlineDb();
      const waiting = (await db.getAllFromIndex('outbox', 'byUser', userId)).filter((i) => i.state === 'waiting').sort((a, b) => a.createdAt - b.createdAt);
      for (const item of waiting) {
        const outcome = await sendOne(item, token);
        await db.put('outbox', outcome.item);
        announce(outcome.kind === 'waiting' ? { type: 'changed' } : { type: outcome.kind, id: item.id });
        if (outcome.kind === 'waiting') {
          if (outcome.sessionLapsed) return;
          throw new Error('The network is still failing; the browser will try again.');
        }
      }
    });
  } finally {
    channel.close();
  }
}

type Outcome = { kind: 'sent' | 'failed'; item: OutboxItem } | { kind: 'waiting'; item: OutboxItem; sessionLapsed: boolean };

async function sendOne(item: OutboxItem, token: string): Promise<Outcome> {
  try {
    const task = await request(apiPath(PATHS.tasks), TaskPublic, { method: 'POST', body: { multipart: submissionForm(item) }, headers: submissionHeaders(item, null), token });
    return { kind: 'sent', item: sentItem(item, task) };
  } catch (error) {
    const next = afterFailure(item, error);
    if (!next.retry) return { kind: 'failed', item: next.item };
    return { kind: 'waiting', item: next.item, sessionLapsed: error instanceof ApiError && error.status === 401 };
  }
}
