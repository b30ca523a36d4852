/** Accumulates wall time per named stage, for the bench; the analysis never reads it back. */
export class StageTimer {
  readonly totals = new Map<string, number>();

  time<T>(stage: string, fn: () => T): T {
    const t0 = performance.now();
    try {
      return fn();
    } finally {
      this.record(stage, performance.now() - t0);
    }
  }

  /** For asynchronous stages, timed by the caller. */
  record(stage: string, ms: number): void {
    this.totals.set(stage, (this.totals.get(stage) ?? 0) + ms);
  }
}

/** Runs stages without measuring. */
export const NO_TIMER: Timer = { time: <T>(_stage: string, fn: () => T): T => fn(), record: () => {} };
export type Timer = Pick<StageTimer, 'time' | 'record'>;
