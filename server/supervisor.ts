import type { ChildProcess } from 'node:child_process';

/**
 * Keeps one child process running: when it dies (a crash, an out-of-memory kill, SIGKILL) it is
 * started again, at once the first time and then after growing pauses while it keeps dying
 * quickly, so a server that cannot start does not spin. A clean exit (code 0, as after SIGTERM)
 * is respected: the supervisor ends with it.
 */

/** The pause before the n-th restart in a row of quick deaths: 0.5 s, 1 s, 2 s, ... at most 30 s. */
export function restartDelayMs(quickDeaths: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, quickDeaths - 1));
}

export interface SuperviseOptions {
  start(): ChildProcess;
  log(message: string): void;
  /** A child that ran this long before dying starts the back-off afresh. */
  stableAfterMs?: number;
  restartDelayMs?: (quickDeaths: number) => number;
  /** After forwarding a stop signal, how long the child has before it is killed. */
  stopTimeoutMs?: number;
}

export interface Supervision {
  /** Forwards `signal` to the child and resolves with the exit code to end with. */
  stop(signal: NodeJS.Signals): Promise<number>;
  /** Resolves with the exit code once the child ended cleanly or was stopped. */
  done: Promise<number>;
  /** The running child's pid (undefined while waiting to restart). */
  pid(): number | undefined;
}

export function supervise(options: SuperviseOptions): Supervision {
  const stableAfterMs = options.stableAfterMs ?? 60_000;
  const delayOf = options.restartDelayMs ?? restartDelayMs;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  let child: ChildProcess | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  let quickDeaths = 0;
  let stopping = false;
  let finish!: (code: number) => void;
  const done = new Promise<number>((resolve) => (finish = resolve));

  function launch() {
    restartTimer = null;
    const startedAt = Date.now();
    const c = options.start();
    child = c;
    let ended = false;
    const onEnd = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      if (ended) return;
      ended = true;
      child = null;
      if (stopping) {
        finish(code ?? 1);
        return;
      }
      if (code === 0 && !error) {
        options.log(`server (pid ${c.pid}) exited cleanly; not restarting`);
        finish(0);
        return;
      }
      quickDeaths = Date.now() - startedAt < stableAfterMs ? quickDeaths + 1 : 1;
      const delay = delayOf(quickDeaths);
      const why = error ? `could not start (${error.message})` : signal ? `died (${signal})` : `died (exit code ${code})`;
      options.log(`server (pid ${c.pid ?? '-'}) ${why}; restarting in ${(delay / 1000).toFixed(1)} s`);
      restartTimer = setTimeout(launch, delay);
    };
    c.once('exit', (code, signal) => onEnd(code, signal));
    c.once('error', (err) => onEnd(null, null, err));
    if (c.pid) options.log(`server started (pid ${c.pid})`);
  }

  launch();

  return {
    done,
    pid: () => child?.pid,
    stop(signal) {
      if (!stopping) {
        stopping = true;
        if (restartTimer) {
          clearTimeout(restartTimer);
          restartTimer = null;
          finish(0);
        } else if (child) {
          const c = child;
          c.kill(signal);
          const killer = setTimeout(() => {
            options.log(`server (pid ${c.pid}) did not stop within ${stopTimeoutMs / 1000} s; killing it`);
            c.kill('SIGKILL');
          }, stopTimeoutMs);
          killer.unref();
          void done.then(() => clearTimeout(killer));
        } else {
          finish(0);
        }
      }
      return done;
    },
  };
}
