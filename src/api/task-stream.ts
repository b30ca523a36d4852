/**
 * A task's state as the server pushes it (GET /tasks/{id}/events, Server-Sent Events), read with
 * fetch so that the token travels in the Authorization header, never in a URL (EventSource cannot
 * send headers). Polling stays as the fallback: a stream that cannot open or breaks only means the
 * page learns of the result at its next poll.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiPath, PATHS, TaskPublic } from '../../core/contract';
import { getToken } from '../session/token';
import { API_BASE } from './client';
import { queryKeys } from './queries';
import { settled } from './tasks';

/** The `data` of each `task` event in an SSE text, and the unfinished rest. */
export function parseTaskEvents(text: string): { tasks: unknown[]; rest: string } {
  const tasks: unknown[] = [];
  const blocks = text.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const lines = block.split('\n');
    if (!lines.includes('event: task')) continue;
    const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, '')).join('\n');
    try {
      tasks.push(JSON.parse(data));
    } catch {
      /* a damaged event: the next one, or the poll, brings the state */
    }
  }
  return { tasks, rest };
}

/** Reads the stream until it ends, calling `onTask` with each pushed task. */
export async function followTask(id: string, onTask: (task: TaskPublic) => void, signal: AbortSignal): Promise<void> {
  const token = getToken();
  const res = await fetch(`${API_BASE}${apiPath(PATHS.taskEvents, { task_id: id })}`, {
    headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
    signal,
  });
  if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const { tasks, rest } = parseTaskEvents(buffer + value);
    buffer = rest;
    for (const t of tasks) {
      const parsed = TaskPublic.safeParse(t);
      if (parsed.success) onTask(parsed.data);
    }
  }
}

/**
 * While the task is neither completed nor failed, follows its pushed state and puts it into the
 * query cache (the task itself and, when it is the last task, the last task), so the page shows
 * each change, the result included, without waiting for its next poll or another request.
 */
export function useTaskStream(task: Pick<TaskPublic, 'id' | 'status'> | undefined) {
  const client = useQueryClient();
  const id = task && !settled(task.status) ? task.id : null;
  useEffect(() => {
    if (!id) return;
    const abort = new AbortController();
    const put = (t: TaskPublic) => {
      client.setQueryData(queryKeys.task(t.id), t);
      const last = client.getQueryData<TaskPublic>(queryKeys.lastTask);
      if (last?.id === t.id) client.setQueryData(queryKeys.lastTask, t);
      // The list pages and the user's status (submission count) change with the task too.
      if (settled(t.status)) {
        void client.invalidateQueries({ queryKey: queryKeys.tasks });
        void client.invalidateQueries({ queryKey: queryKeys.currentUser });
      }
    };
    followTask(id, put, abort.signal).catch(() => {
      /* offline, or the stream broke: polling carries on */
    });
    return () => abort.abort();
  }, [id, client]);
}
