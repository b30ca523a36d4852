import { afterAll, describe, expect, it, vi } from 'vitest';
import { VIEW_KEYS, type ViewKey } from '../../core/contract';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import { createPipeline } from '../../server/jobs/pipeline';
import { createThreadedPipeline } from '../../server/jobs/pipeline-thread';
import { PermanentJobError, type Pipeline } from '../../server/jobs/process-task';
import dicomParser from 'dicom-parser';
import { TRANSFER_SYNTAXES } from '../../server/dicom/writer';
import { WARM_UP_ENCODINGS, WARM_UP_STEPS, warmUp } from '../../server/jobs/warm-up';
import type { PreparedView } from '../../server/analysis/image/study';
import { makeStudyFiles, truncate } from '../fixtures/studies';

describe('the pipeline in a worker thread', () => {
  const threaded = createThreadedPipeline();
  afterAll(() => threaded.close());

  it('gives the same view analyses, display images and scores as the pipeline run in this thread', async () => {
    const files = await makeStudyFiles({ seed: 9 });
    const direct = createPipeline();
    const ctx = { age: 52, ageSource: 'birthdate' as const, riskFactors: EMPTY_RISK_FACTORS };
    const a = {} as Record<ViewKey, PreparedView>;
    const b = {} as Record<ViewKey, PreparedView>;
    for (const key of VIEW_KEYS) {
      const direct1 = await direct.prepare(files[key], key);
      // A copy: the threaded pipeline moves the bytes it is given to its thread.
      const copy = files[key].slice();
      const threaded1 = await threaded.prepare(copy, key);
      expect(copy.byteLength, 'the file bytes were moved to the thread, not copied').toBe(0);
      a[key] = direct1.view;
      b[key] = threaded1.view;
      expect(b[key]).toEqual(a[key]);
      expect(b[key].analysis?.density?.percentDensity).toBeGreaterThan(0);
      expect(Buffer.isBuffer(threaded1.png)).toBe(true);
      expect(threaded1.png.equals(direct1.png)).toBe(true);
    }
    const x = await direct.score(a, ctx);
    const y = await threaded.score(b, ctx);
    expect(y.result).toEqual(x.result);
    expect(y.overlays.r_cc.density?.equals(x.overlays.r_cc.density!)).toBe(true);
  });

  it('keeps its threads for a study right behind, renews them once idle, and gives the same result on fresh threads', async () => {
    // Every process is "heavy" above 0 MB; renewal after 300 ms without work.
    const pool = createThreadedPipeline(2, { renewAboveMb: 0, renewAfterIdleMs: 300 });
    try {
      const files = await makeStudyFiles({ seed: 11 });
      const ctx = { age: 60, ageSource: 'birthdate' as const, riskFactors: EMPTY_RISK_FACTORS };
      const run = async () => {
        const decoded = await Promise.all(VIEW_KEYS.map((key) => pool.prepare(files[key].slice(), key)));
        const views = Object.fromEntries(decoded.map((d, i) => [VIEW_KEYS[i], d.view])) as Record<ViewKey, PreparedView>;
        return (await pool.score(views, ctx)).result;
      };
      const first = await run();
      expect(first.study.detection.score).not.toBeNull();
      const warm = pool.threadIds();
      expect(warm).toHaveLength(2);
      // A study right behind runs on the same, warm threads.
      expect(await run()).toEqual(first);
      expect(pool.threadIds()).toEqual(warm);
      // Idle past the delay: both threads replaced, and the fresh ones give the same result.
      await new Promise((r) => setTimeout(r, 900));
      const fresh = pool.threadIds();
      expect(fresh).toHaveLength(2);
      expect(fresh.some((id) => warm.includes(id))).toBe(false);
      expect(await run()).toEqual(first);
    } finally {
      await pool.close();
    }
  });

  it('keeps a file that cannot be read a permanent failure with its plain reason', async () => {
    const files = await makeStudyFiles({ seed: 9 });
    const err = await threaded.prepare(truncate(files.l_cc, 0.5), 'l_cc').catch((e) => e);
    expect(err).toBeInstanceOf(PermanentJobError);
    expect(err.message).toMatch(/L-CC image could not be read: .*cut short/);
  });

  it('carries on when the process cannot read its own size (every file descriptor taken by idle connections)', async () => {
    const files = await makeStudyFiles({ seed: 9 });
    const pool = createThreadedPipeline(1, { renewAboveMb: 0 });
    const uncaught: unknown[] = [];
    const record = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', record);
    const rss = vi.spyOn(process.memoryUsage, 'rss').mockImplementation(() => {
      throw Object.assign(new Error('EMFILE: too many open files, uv_resident_set_memory'), { code: 'EMFILE' });
    });
    try {
      // Its answer makes the pool idle, which asks the process's size.
      expect(await pool.prepare(truncate(files.l_cc, 0.5), 'l_cc').catch((e) => e)).toBeInstanceOf(PermanentJobError);
      expect(rss).toHaveBeenCalled();
      await new Promise((r) => setImmediate(r));
      expect(uncaught).toEqual([]);
      expect((await pool.prepare(files.r_cc.slice(), 'r_cc')).view.analysis?.density?.percentDensity).toBeGreaterThan(0);
    } finally {
      rss.mockRestore();
      process.off('uncaughtException', record);
      await pool.close();
    }
  });

  it('says it is idle only while no view or study is being worked on (a head start waits for that)', async () => {
    const files = await makeStudyFiles({ seed: 9 });
    expect(threaded.idle()).toBe(true);
    const running = threaded.prepare(files.r_cc.slice(), 'r_cc');
    expect(threaded.idle()).toBe(false);
    await running;
    expect(threaded.idle()).toBe(true);
  });

  it('warms a new thread with a whole phantom study: four views analysed, then scored', async () => {
    const direct = createPipeline();
    const calls: string[] = [];
    const syntaxes: Record<string, string | undefined> = {};
    const counting: Pipeline = {
      async prepare(bytes, key) {
        syntaxes[key] = dicomParser.parseDicom(bytes, { untilTag: 'x00020010' }).string('x00020010');
        const out = await direct.prepare(bytes, key);
        calls.push(`prepare ${key}: ${out.view.analysis?.density ? 'analysed' : 'not analysed'}`);
        return out;
      },
      async score(views, ctx) {
        const out = await direct.score(views, ctx);
        calls.push(`score: ${out.result.density.study.percent === null ? 'no density' : 'density'}`);
        return out;
      },
    };
    expect(await warmUp(counting)).toEqual({ steps: WARM_UP_STEPS, finished: true });
    expect(calls).toEqual([...VIEW_KEYS.map((k) => `prepare ${k}: analysed`), 'score: density']);
    // The compressed encodings' decoders warm up too: uncompressed, JPEG 2000 and JPEG-LS views.
    expect(syntaxes).toEqual(Object.fromEntries(VIEW_KEYS.map((k) => [k, TRANSFER_SYNTAXES[WARM_UP_ENCODINGS[k]]])));
    expect(new Set(Object.values(WARM_UP_ENCODINGS))).toEqual(new Set(['explicit-le', 'jpeg2000', 'jpeg-ls']));
  });

  it('stops warming up at its next step once real work has come', async () => {
    const direct = createPipeline();
    const steps: string[] = [];
    let requested = false;
    const counting: Pipeline = {
      async prepare(bytes, key) {
        steps.push(`prepare ${key}`);
        // A study arrives while the first view is being warmed on.
        if (steps.length === 1) requested = true;
        return direct.prepare(bytes, key);
      },
      async score(views, ctx) {
        steps.push('score');
        return direct.score(views, ctx);
      },
    };
    // The phantom made and the first view warmed on: two steps of the whole.
    expect(await warmUp(counting, () => requested)).toEqual({ steps: 2, finished: false });
    expect(steps).toEqual([`prepare ${VIEW_KEYS[0]}`]);
    steps.length = 0;
    expect(await warmUp(counting, () => true)).toEqual({ steps: 0, finished: false });
    expect(steps, 'work already waiting: no warm-up at all').toEqual([]);
  });

  it('stops its threads\' warm-up as soon as a study is announced, before any of its views arrives', async () => {
    const warming = createThreadedPipeline(2, { warmUp: true });
    try {
      expect(warming.warmUps()).toEqual([null, null]);
      // What the intake does when an upload begins (server/main.ts).
      warming.expectWork();
      await vi.waitFor(() => expect(warming.warmUps().every((w) => w !== null)).toBe(true), { timeout: 60_000, interval: 50 });
      for (const outcome of warming.warmUps()) {
        expect(outcome?.finished).toBe(false);
        expect(outcome?.steps).toBeLessThanOrEqual(1);
      }
    } finally {
      await warming.close();
    }
  });

  it('answers a request that comes during the warm-up with the same result as on cold threads', async () => {
    const warming = createThreadedPipeline(1, { warmUp: true });
    const direct = createPipeline();
    try {
      const files = await makeStudyFiles({ seed: 5 });
      const [a, b] = await Promise.all([warming.prepare(files.l_cc.slice(), 'l_cc'), direct.prepare(files.l_cc.slice(), 'l_cc')]);
      expect(a.view).toEqual(b.view);
      expect(a.png.equals(b.png)).toBe(true);
    } finally {
      await warming.close();
    }
  });

  it('gives the same results on threads that warmed up first', async () => {
    const warmed = createThreadedPipeline(2, { warmUp: true });
    try {
      const files = await makeStudyFiles({ seed: 13 });
      const direct = createPipeline();
      const ctx = { age: 48, ageSource: 'birthdate' as const, riskFactors: EMPTY_RISK_FACTORS };
      const a = {} as Record<ViewKey, PreparedView>;
      const b = {} as Record<ViewKey, PreparedView>;
      for (const key of VIEW_KEYS) a[key] = (await direct.prepare(files[key].slice(), key)).view;
      const decoded = await Promise.all(VIEW_KEYS.map((key) => warmed.prepare(files[key].slice(), key)));
      VIEW_KEYS.forEach((key, i) => (b[key] = decoded[i].view));
      expect(b).toEqual(a);
      expect((await warmed.score(b, ctx)).result).toEqual((await direct.score(a, ctx)).result);
    } finally {
      await warmed.close();
    }
  });
});
