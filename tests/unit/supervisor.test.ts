import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { restartDelayMs, supervise } from '../../server/supervisor';

/** A child Node process running `code`. */
const node = (code: string) => () => spawn(process.execPath, ['-e', code], { stdio: 'ignore' });

describe('the supervisor', () => {
  it('backs off while the server keeps dying: 0.5 s, 1 s, 2 s, ... at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('restarts a child that dies, counting quick deaths in a row, until it is stopped', async () => {
    const asked: number[] = [];
    const logs: string[] = [];
    let starts = 0;
    const sup = supervise({
      start: () => {
        starts++;
        return node('process.exit(3)')();
      },
      log: (m) => logs.push(m),
      restartDelayMs: (n) => {
        asked.push(n);
        return 10;
      },
    });
    while (starts < 4) await new Promise((r) => setTimeout(r, 10));
    await sup.stop('SIGTERM');
    expect(asked.slice(0, 3)).toEqual([1, 2, 3]);
    expect(logs.some((l) => /died \(exit code 3\); restarting in/.test(l))).toBe(true);
  });

  it('starts the back-off afresh after a child that ran long enough', async () => {
    const asked: number[] = [];
    let starts = 0;
    const sup = supervise({
      start: () => {
        starts++;
        return node('setTimeout(() => process.exit(1), 60)')();
      },
      log: () => undefined,
      stableAfterMs: 30,
      restartDelayMs: (n) => {
        asked.push(n);
        return 5;
      },
    });
    while (starts < 3) await new Promise((r) => setTimeout(r, 10));
    await sup.stop('SIGTERM');
    expect(asked.slice(0, 2)).toEqual([1, 1]);
  });

  it('ends with the child when it exits cleanly, without a restart', async () => {
    let starts = 0;
    const sup = supervise({
      start: () => {
        starts++;
        return node('process.exit(0)')();
      },
      log: () => undefined,
    });
    expect(await sup.done).toBe(0);
    expect(starts).toBe(1);
  });

  it('forwards SIGTERM and SIGINT to the child and ends with its exit code', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      let starts = 0;
      let ready!: () => void;
      const listening = new Promise<void>((r) => (ready = r));
      // Exits 0 on the signal, as the server does after its clean shutdown; says when it can.
      const sup = supervise({
        start: () => {
          starts++;
          const c = spawn(process.execPath, ['-e', `process.on('${signal}', () => process.exit(0)); console.log('ready'); setInterval(() => {}, 1000);`], {
            stdio: ['ignore', 'pipe', 'ignore'],
          });
          c.stdout.once('data', () => ready());
          return c;
        },
        log: () => undefined,
      });
      await listening;
      const pid = sup.pid()!;
      expect(await sup.stop(signal)).toBe(0);
      expect(starts).toBe(1);
      expect(() => process.kill(pid, 0)).toThrow();
    }
  });
});
