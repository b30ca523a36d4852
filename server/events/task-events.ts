/**
 * Who is watching which task, and telling them when it changed. The database announces every
 * change of a task's status or result (migration 008: NOTIFY sd_task_changed with the task id),
 * whichever process made it; this listens once per process, from the first watcher on, and calls
 * the watchers of that task. After a reconnection (notifications may have been lost) every
 * watcher is called, so each looks at its task again.
 */
import type { Db } from '../db/client';
import type { Listener } from '../db/listen';

export const TASK_CHANGED_CHANNEL = 'sd_task_changed';

export interface TaskEvents {
  /** Calls `onChange` whenever the task may have changed; returns the way to stop. */
  watch(taskId: string, onChange: () => void): Promise<() => void>;
  close(): Promise<void>;
}

export function taskEvents(db: Db, log: (msg: string) => void = console.error): TaskEvents {
  const watchers = new Map<string, Set<() => void>>();
  let listening: Promise<Listener> | null = null;
  const call = (fns: Iterable<() => void>) => {
    for (const fn of [...fns]) fn();
  };
  function listen(): Promise<Listener> {
    listening ??= db.listen(TASK_CHANGED_CHANNEL, (taskId) => {
      if (taskId === null) call([...watchers.values()].flatMap((s) => [...s]));
      else call(watchers.get(taskId) ?? []);
    });
    listening.catch((err) => {
      log(`task changes cannot be watched (${(err as Error).message}); pages fall back to polling`);
      listening = null;
    });
    return listening;
  }
  return {
    async watch(taskId, onChange) {
      await listen();
      const set = watchers.get(taskId) ?? new Set();
      set.add(onChange);
      watchers.set(taskId, set);
      return () => {
        set.delete(onChange);
        if (set.size === 0) watchers.delete(taskId);
      };
    },
    async close() {
      const l = listening;
      listening = null;
      watchers.clear();
      if (l) await (await l).close();
    },
  };
}
