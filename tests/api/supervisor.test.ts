/**
 * `npm start` runs the server under a supervisor (server/supervisor-main.ts): a server process that
 * dies is started again within seconds and the product answers again; SIGTERM to the supervisor
 * shuts the server down cleanly and ends both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dbLabel } from '../support/test-db';
import { productSite, spawnProduct, stopProcess, waitFor, type ProductProcess } from '../support/product-process';

const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> };

/** The pids the supervisor reported starting, in order. */
const startedPids = (output: string) => [...output.matchAll(/supervisor: server started \(pid (\d+)\)/g)].map((m) => Number(m[1]));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe(`the supervisor on ${dbLabel()}`, () => {
  let site: Awaited<ReturnType<typeof productSite>>;
  let supervisor: ProductProcess | null = null;

  beforeAll(async () => {
    site = await productSite();
  });
  afterAll(async () => {
    if (supervisor) await stopProcess(supervisor);
    for (const pid of supervisor ? startedPids(supervisor.output()) : []) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await site?.dispose();
  });

  it('is what npm start runs; npm run server is the server alone', () => {
    expect(pkg.scripts.start).toMatch(/tsx server\/supervisor-main\.ts$/);
    expect(pkg.scripts.server).toMatch(/tsx server\/main\.ts$/);
  });

  it('starts the server again within seconds when it is killed, and stops it cleanly on SIGTERM', async () => {
    const sup = spawnProduct('server/supervisor-main.ts', site.env);
    supervisor = sup;
    const fail = (err: Error) => {
      throw new Error(`${err.message}\n${sup.output()}`);
    };
    await waitFor('the server', site.healthy, 90_000, 200).catch(fail);
    const [first] = startedPids(sup.output());
    expect(first).toBeGreaterThan(0);
    expect(first).not.toBe(sup.child.pid);

    process.kill(first, 'SIGKILL');
    const killedAt = Date.now();
    const second = await waitFor('a new server process', () => startedPids(sup.output())[1], 10_000, 50).catch(fail);
    expect(second).not.toBe(first);
    await waitFor('the product to answer again', site.healthy, 60_000, 100).catch(fail);
    const downFor = Date.now() - killedAt;
    expect(downFor).toBeLessThan(30_000);
    expect(sup.output()).toMatch(new RegExp(`server \\(pid ${first}\\) died \\(SIGKILL\\); restarting in 0\\.5 s`));

    sup.child.kill('SIGTERM');
    await sup.exited();
    expect(sup.child.exitCode).toBe(0);
    expect(sup.output()).toMatch(/SIGTERM: shutting down/);
    expect(startedPids(sup.output())).toHaveLength(2);
    expect(alive(second)).toBe(false);
    expect(await site.healthy().catch(() => false)).toBe(false);
  }, 180_000);
});
