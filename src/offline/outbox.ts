import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { apiPath, PATHS, VIEW_KEYS, type ViewKey } from '../../core/contract';
import { queryKeys } from '../api/queries';
import { getToken } from '../session/token';
import { offlineDb, type OutboxItem } from './db';
import { requestBackgroundSend } from './background-sync';
import { mirrorToken, tokenSubject } from './session-mirror';
import { afterFailure, OUTBOX_NAME, sentItem, submissionForm, submissionHeaders, type OutboxMessage } from './submission';
import { postMultipart, type UploadProgress } from './upload';

/**
 * The submission outbox. A submission is written to IndexedDB first and sent from there, so one
 * made offline, or cut off by the network, waits and goes out when the network is back, also
 * after a reload or in a later visit. Each carries its own Idempotency-Key: however often it is
 * sent (a retry after a cut, two tabs at once), the server creates and counts one task. What is
 * still waiting when the tab closes is sent by the service worker when the connection returns
 * (Background Sync, where the browser has it: see background-sync.ts).
 */

export type { OutboxItem } from './db';

type Snapshot = { items: OutboxItem[]; progress: Record<string, UploadProgress> };

let snapshot: Snapshot = { items: [], progress: {} };
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_NAME);
channel?.addEventListener('message', (event: MessageEvent<OutboxMessage>) => void onMessage(event.data));

/** Another tab or the service worker changed the outbox; what the service worker sent is announced here. */
async function onMessage(message: OutboxMessage) {
  await reload(false);
  if (message.type === 'changed') return;
  const item = snapshot.items.find((i) => i.id === message.id);
  if (item && message.type === 'sent') hooks?.onSent(item);
  if (item && message.type === 'failed') hooks?.onFailed(item);
}

function emit(next: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...next };
  listeners.forEach((l) => l());
}

async function reload(broadcast = true) {
  const items = await (await offlineDb()).getAll('outbox');
  items.sort((a, b) => a.createdAt - b.createdAt);
  emit({ items });
  if (broadcast) channel?.postMessage({ type: 'changed' } satisfies OutboxMessage);
}

async function save(item: OutboxItem) {
  await (await offlineDb()).put('outbox', item);
  await reload();
}

type Hooks = {
  userId(): string | null;
  onSent(item: OutboxItem): void;
  onFailed(item: OutboxItem): void;
};
let hooks: Hooks | null = null;
let flushing = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
const RETRY_MAX_MS = 60_000;

/** Puts a submission in the outbox and tries to send it at once. */
export async function enqueueSubmission(userId: string, files: Record<ViewKey, File>): Promise<OutboxItem> {
  const item: OutboxItem = {
    id: crypto.randomUUID(),
    key: crypto.randomUUID(),
    userId,
    createdAt: Date.now(),
    files,
    state: 'waiting',
    attempts: 0,
    totalBytes: VIEW_KEYS.reduce((n, k) => n + files[k].size, 0),
  };
  await save(item);
  if (!navigator.onLine) void requestBackgroundSend();
  void flushOutbox();
  return item;
}

/** Sends every waiting submission of the signed-in user, one at a time, one tab at a time. */
export async function flushOutbox(): Promise<void> {
  if (flushing || !hooks || !navigator.onLine) return;
  const userId = hooks.userId();
  if (!userId || !isTokenOf(userId)) return;
  flushing = true;
  try {
    const run = async () => {
      const items = await (await offlineDb()).getAllFromIndex('outbox', 'byUser', userId);
      for (const item of items.filter((i) => i.state === 'waiting').sort((a, b) => a.createdAt - b.createdAt)) {
        if (!(await send(item))) break;
      }
    };
    // Web Locks keep two open tabs, or a tab and the service worker, from sending at the same moment
    // (the key would make it harmless, but not free).
    if (navigator.locks) await navigator.locks.request(OUTBOX_NAME, run);
    else await run();
  } finally {
    flushing = false;
  }
}

/** One attempt; false when the network (or the server) failed and the rest should wait too. */
async function send(item: OutboxItem): Promise<boolean> {
  // The token is read once, and must be the item's own user's: another tab may have logged her out
  // and someone else in since this tab learned who was signed in, and a retry sent with that token
  // put her study in the other person's account (found by an audit). It waits for her instead.
  const token = getToken();
  if (!token || !isTokenOf(item.userId, token)) return false;
  emit({ progress: { ...snapshot.progress, [item.id]: { sent: 0, total: item.totalBytes } } });
  try {
    const body = await postMultipart(apiPath(PATHS.tasks), submissionForm(item), submissionHeaders(item, token), (p) =>
      emit({ progress: { ...snapshot.progress, [item.id]: p } }),
    );
    const sent = sentItem(item, body);
    await save(sent);
    hooks?.onSent(sent);
    return true;
  } catch (error) {
    const next = afterFailure(item, error);
    await save(next.item);
    if (next.retry) {
      scheduleRetry(next.item.attempts);
      // Should the tab be closed before the retry, the service worker sends it when the network is back.
      void requestBackgroundSend();
      return false;
    }
    hooks?.onFailed(next.item);
    return true;
  } finally {
    const { [item.id]: _done, ...rest } = snapshot.progress;
    emit({ progress: rest });
  }
}

/** Whether the token this browser holds now (or `token`) was issued to `userId`. */
function isTokenOf(userId: string, token: string | null = getToken()): boolean {
  return token !== null && tokenSubject(token) === userId;
}

function scheduleRetry(attempts: number) {
  if (retryTimer) clearTimeout(retryTimer);
  const delay = Math.min(RETRY_MAX_MS, 2000 * 2 ** Math.min(attempts, 5));
  retryTimer = setTimeout(() => void flushOutbox(), delay);
}

/**
 * At logout: the files of her sent and refused submissions and the files she picked but did not
 * submit leave this device (they are her mammograms; the privacy policy says logging out deletes
 * the device's copy). A submission still waiting stays, to be sent when she logs in again.
 */
export async function forgetSentFilesOf(userId: string): Promise<void> {
  const db = await offlineDb();
  for (const item of await db.getAllFromIndex('outbox', 'byUser', userId)) {
    if (item.state === 'sent' || item.state === 'failed') await db.delete('outbox', item.id);
  }
  await db.delete('staged', userId);
  await reload();
}

/** Removes a submission the person gave up on (a refused one, before choosing new images). */
export async function discardSubmission(id: string): Promise<void> {
  await (await offlineDb()).delete('outbox', id);
  await reload();
}

/**
 * Starts the outbox for the page: sends when the app opens, when the network returns and when the
 * signed-in user becomes known; refreshes the task queries after a submission went out.
 */
export function startOutbox(queryClient: QueryClient, callbacks: { sent?: (item: OutboxItem) => void; failed?: (item: OutboxItem) => void } = {}): Promise<void> {
  hooks = {
    userId: () => queryClient.getQueryData<{ id: string }>(queryKeys.currentUser)?.id ?? null,
    onSent(item) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.lastTask });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      callbacks.sent?.(item);
    },
    onFailed: (item) => callbacks.failed?.(item),
  };
  // Sessions begun before the token was mirrored (or set by hand) get their mirror here.
  void mirrorToken(getToken());
  window.addEventListener('online', () => void flushOutbox());
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryKey[0] === queryKeys.currentUser[0] && event.action.type === 'success') void flushOutbox();
  });
  // Resolves once the saved submissions are known, so the first render can show them.
  const loaded = pruneSent().then(() => reload(false));
  void loaded.then(flushOutbox);
  return loaded.catch(() => undefined);
}

const KEEP_SENT_MS = 7 * 24 * 3600_000;

async function pruneSent() {
  const db = await offlineDb();
  for (const item of await db.getAll('outbox')) {
    if (item.state === 'sent' && Date.now() - (item.sentAt ?? 0) > KEEP_SENT_MS) await db.delete('outbox', item.id);
  }
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The user's most recent submission in the outbox (waiting, sent or refused) and its upload progress. */
export function useLatestSubmission(userId: string | null): { item: OutboxItem | null; progress: UploadProgress | null } {
  const snap = useSyncExternalStore(subscribe, () => snapshot);
  const mine = userId ? snap.items.filter((i) => i.userId === userId) : [];
  const item = mine.length ? mine[mine.length - 1] : null;
  return { item, progress: item ? (snap.progress[item.id] ?? null) : null };
}
