/**
 * A task's state pushed as Server-Sent Events: the task as it is now (`event: task`, the same
 * TaskPublic JSON as GET /tasks/{id}), then again whenever it changes, until it is completed or
 * failed; then the stream ends. A comment line every HEARTBEAT_MS keeps proxies from closing an
 * idle stream, and a stream lasts at most MAX_STREAM_MS (the client opens another, or polls).
 * `read` decides what the reader may see at each moment: when it refuses (a task deleted, a
 * session ended, a right lost), at a change or at a heartbeat, the stream ends.
 */
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { TaskPublic } from '../../core/contract';
import type { TaskEvents } from '../events/task-events';

export const HEARTBEAT_MS = 15_000;
export const MAX_STREAM_MS = 10 * 60_000;
/** The 429 when a person has TASK_STREAMS_PER_USER streams open already (the app polls then). */
export const TASK_STREAMS_BUSY_MESSAGE = 'Too many live updates are open for this account. Please close some pages; this one checks for changes every few seconds instead.';
export const TASK_STREAMS_RETRY_SECONDS = 30;

const settled = (t: TaskPublic) => t.status === 'completed' || t.status === 'failed';

/** `ended` is called once when the stream ends, however it ends. */
export function streamTask(c: Context, taskId: string, read: () => Promise<TaskPublic>, events: TaskEvents, ended: () => void = () => {}): Response {
  return streamSSE(c, async (stream) => {
    try {
      await follow(stream);
    } finally {
      ended();
    }
  });

  async function follow(stream: SSEStreamingApi) {
    let changed = true;
    let aborted = false;
    let wake = () => {};
    const stop = await events.watch(taskId, () => {
      changed = true;
      wake();
    });
    stream.onAbort(() => {
      aborted = true;
      wake();
    });
    const deadline = Date.now() + MAX_STREAM_MS;
    let sent = '';
    try {
      while (!aborted && Date.now() < deadline) {
        if (changed) {
          changed = false;
          // A task deleted meanwhile ends the stream; the page's next read says it is gone.
          const task = await read().catch(() => null);
          if (!task) break;
          const json = JSON.stringify(task);
          if (json !== sent) {
            sent = json;
            await stream.writeSSE({ event: 'task', data: json });
          }
          if (settled(task)) break;
        }
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(HEARTBEAT_MS, Math.max(0, deadline - Date.now())));
          wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
        if (!changed && !aborted) {
          // Nothing changed, but the reader may have lost the right to see it (read refuses then).
          if (!(await read().then(() => true, () => false))) break;
          await stream.write(': still processing\n\n');
        }
      }
    } finally {
      stop();
    }
  }
}
