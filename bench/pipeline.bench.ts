/**
 * Issue 5's figures, for one full-field four-view study (4 x 3328x4096, 16-bit):
 *  1. decode, display PNG and per-view analysis of the four views per encoding, as the worker does
 *     it (the views side by side on the pipeline's threads) and one after another in one thread;
 *  2. upload-to-completed through the real server (its own process, embedded PGlite) per
 *     encoding (the median of BENCH_PIPELINE_RUNS studies, default 3), beside the floor measured
 *     in the same run (bench/lib/floor.ts: decoding on all cores plus the analysis's CPU time
 *     divided by the cores; goals: under 3 s, at most 1.3 times the floor), and the server's peak
 *     memory (goal: < 1 GB);
 *  3. memory during a 190 MB upload (streamed to disk: the peak must not follow the file size);
 *  4. the first study after a server starts, its pipeline threads warmed up at start and not;
 *  5. upload to completed over a slower connection (20 MB/s), with the views begun as they arrive
 *     (PIPELINE_HEAD_START, server/jobs/head-start.ts) and without;
 *  6. studies per minute with two `npm run worker` processes on PostgreSQL (TEST_POSTGRES_URL or
 *     postgres://postgres@127.0.0.1:5432/postgres; skipped with a message when it is not reachable).
 * Run: npm run bench -- pipeline   (or: npx tsx bench/pipeline.bench.ts)
 * BENCH_ENCODINGS=jpeg2000,jpeg-ls times only those encodings; BENCH_PIPELINE_QUICK=1 runs only
 * part 2 (the floors and upload to completed: a few minutes instead of about ten), for comparing
 * two builds of the pipeline on a noisy machine, where one study varies by 0.5-1 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AI_MODEL } from '../core/decisions';
import { VIEW_KEYS, type ViewKey } from '../core/contract';
import { decodeDicom } from '../server/dicom/decode';
import { renderDisplayPng } from '../server/dicom/display';
import { prepareView } from '../server/analysis/image/study';
import { loadCodecs } from '../server/dicom/codecs';
import { DECODE_MAX_HEIGHT } from '../server/jobs/pipeline';
import { defaultPipelineThreads } from '../server/config';
import { createThreadedPipeline } from '../server/jobs/pipeline-thread';
import { generateStudy } from '../server/phantom/generate';
import { writeStudy } from '../server/phantom/write';
import type { TransferSyntaxName } from '../server/dicom/writer';
import { openPostgres } from '../server/db/client';
import { PRODUCT_ENV, loginToken, startServerProcess } from './lib/spawn-server';
import { submit, submitMetered, waitCompleted } from './lib/tasks';
import { measureFloor, ownCpuMs, type Floor } from './lib/floor';
import { median } from './lib/stats';
import { availableParallelism } from 'node:os';

const ALL_ENCODINGS: TransferSyntaxName[] = ['explicit-le', 'jpeg2000', 'jpeg-ls'];
const ENCODINGS = process.env.BENCH_ENCODINGS ? ALL_ENCODINGS.filter((e) => process.env.BENCH_ENCODINGS!.split(',').includes(e)) : ALL_ENCODINGS;
const QUICK = process.env.BENCH_PIPELINE_QUICK === '1';
if (ENCODINGS.length === 0) {
  console.error(`BENCH_ENCODINGS names none of ${ALL_ENCODINGS.join(', ')}`);
  process.exit(2);
}
const PASSWORD = 'bench-password';
const ADMIN = 'admin@example.com';
const fmt = (n: number, d = 0) => n.toFixed(d);

function memoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** CPU time a process has used so far (all its threads), ms: /proc's clock ticks, 100 a second on Linux. */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The four views one after the other in this thread: the cost of the work itself. */
async function decodeAndDisplay(files: Record<ViewKey, Uint8Array>) {
  const t0 = performance.now();
  for (const key of VIEW_KEYS) {
    const view = { ...(await decodeDicom(files[key], { maxHeight: DECODE_MAX_HEIGHT })), key };
    await renderDisplayPng(view);
    prepareView(view);
  }
  return performance.now() - t0;
}

/** The four views as the worker handles them: side by side on the pipeline's threads. */
async function decodeAndDisplayThreaded(pipeline: ReturnType<typeof createThreadedPipeline>, files: Record<ViewKey, Uint8Array>) {
  const t0 = performance.now();
  // A copy of each file: the pipeline moves the bytes it is given to its thread.
  await Promise.all(VIEW_KEYS.map((key) => pipeline.prepare(files[key].slice(), key)));
  return performance.now() - t0;
}

/** A multipart body of `size` bytes of junk under r_cc, streamed: the server must not hold it. */
async function bigUpload(base: string, token: string, size: number): Promise<number> {
  const boundary = '----sd-bench';
  const enc = new TextEncoder();
  const chunk = new Uint8Array(1 << 20);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="ai_model"\r\n\r\n${AI_MODEL}\r\n`));
      c.enqueue(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="r_cc"; filename="r_cc.dcm"\r\n\r\n`));
    },
    pull(c) {
      if (sent >= size) {
        c.enqueue(enc.encode(`\r\n--${boundary}--\r\n`));
        c.close();
        return;
      }
      c.enqueue(chunk);
      sent += chunk.length;
    },
  });
  const res = await fetch(`${base}/api/v1/tasks/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
  await res.arrayBuffer();
  return res.status;
}

function startWorkerProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/worker-main.ts'], { env: { ...process.env, ...PRODUCT_ENV, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function studiesPerMinute(files: Record<ViewKey, Uint8Array>, count: number) {
  const adminUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  let admin;
  try {
    admin = await openPostgres(adminUrl);
  } catch (err) {
    console.log(`studies per minute: skipped, PostgreSQL not reachable at ${adminUrl} (${(err as Error).message})`);
    return;
  }
  const name = `sd_bench_${randomBytes(4).toString('hex')}`;
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const env = { DATABASE_URL: url, RUN_WORKER: 'false', SEED_DEMO: 'false', JOB_POLL_SECONDS: '0.5' };
  const server = await startServerProcess(env);
  const workers: ChildProcess[] = [];
  try {
    const dataEnv = { ...env, DATA_DIR: server.dataDir, FIRST_SUPERUSER_PASSWORD: PASSWORD };
    workers.push(startWorkerProcess(dataEnv), startWorkerProcess(dataEnv));
    const token = await loginToken(server.base, ADMIN, PASSWORD);
    // One study first, so both workers have started and warmed up before the clock runs.
    await waitCompleted(server.base, token, await submit(server.base, token, files), 200);
    const t0 = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await submit(server.base, token, files));
    for (const id of ids) await waitCompleted(server.base, token, id, 200);
    const minutes = (performance.now() - t0) / 60_000;
    console.log(`studies per minute, 2 worker processes on PostgreSQL: ${fmt(count / minutes, 1)} (${count} full-field studies in ${fmt(minutes * 60, 1)} s, upload included)`);
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await server.stop();
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.close();
  }
}

async function main() {
  const width = 3328;
  const height = 4096;
  const study = generateStudy({ seed: 42, width, height, density: 0.3, mass: { breast: 'right' }, bitsStored: 16 });
  const encoded = {} as Record<TransferSyntaxName, Record<ViewKey, Uint8Array>>;
  // Every encoding is written: the warm-up study and parts 4-6 use their own.
  for (const syntax of ALL_ENCODINGS) encoded[syntax] = await writeStudy(study, { transferSyntax: syntax });
  const mb = (files: Record<ViewKey, Uint8Array>) => VIEW_KEYS.reduce((s, k) => s + files[k].length, 0) / 2 ** 20;

  console.log(`one four-view study, 4 x ${width}x${height}, 16 bits stored`);
  await loadCodecs();
  const threads = defaultPipelineThreads();
  const pipeline = createThreadedPipeline(threads);
  for (const syntax of QUICK ? [] : ENCODINGS) {
    await decodeAndDisplay(encoded[syntax]);
    const runs = [await decodeAndDisplay(encoded[syntax]), await decodeAndDisplay(encoded[syntax])];
    await decodeAndDisplayThreaded(pipeline, encoded[syntax]);
    const threaded = [await decodeAndDisplayThreaded(pipeline, encoded[syntax]), await decodeAndDisplayThreaded(pipeline, encoded[syntax])];
    console.log(
      `decode + display PNG + view analysis, four views, ${syntax.padEnd(11)} (${fmt(mb(encoded[syntax]))} MB): ${fmt(Math.min(...threaded))} ms as the worker does it ` +
        `(${threads} pipeline threads), ${fmt(Math.min(...runs))} ms one view after another in one thread (best of 2)`,
    );
  }
  await pipeline.close();

  const cores = availableParallelism();
  const floors = {} as Record<TransferSyntaxName, Floor>;
  for (const syntax of ENCODINGS) {
    const f = (floors[syntax] = await measureFloor(encoded[syntax], cores));
    console.log(`floor, ${syntax.padEnd(11)}: ${fmt(f.floorMs)} ms (decoding the four views on ${cores} cores ${fmt(f.decodeMs)} ms + analysis CPU ${fmt(f.analysisCpuMs)} ms / ${cores})`);
  }

  // The first start creates the embedded database (initdb), whose memory the WASM heap keeps; a
  // running product has started before, so measure a second start on the same data folder.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-pipeline-'));
  await (await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false' })).stop();
  const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false', JOB_POLL_SECONDS: '0.5' });
  try {
    const token = await loginToken(server.base, ADMIN, PASSWORD);
    if (!QUICK) {
      const rss0 = memoryMb(server.pid, 'VmRSS');
      const status = await bigUpload(server.base, token, 190 * 2 ** 20);
      console.log(`190 MB upload (answered ${status}): server peak ${fmt(memoryMb(server.pid, 'VmHWM'))} MB, resident before ${fmt(rss0)} MB`);
    }
    // One study first: a running server's processing threads have started and loaded their code.
    await waitCompleted(server.base, token, await submit(server.base, token, encoded['explicit-le']));
    // Several studies per encoding, the median printed: one study varies by about 0.5 s here.
    const RUNS = Number(process.env.BENCH_PIPELINE_RUNS || 3);
    for (const syntax of ENCODINGS) {
      const runs: Array<{ id: string; upload: number; total: number; serverCpu: number; clientCpu: number }> = [];
      for (let run = 0; run < RUNS; run++) {
        const s0 = processCpuMs(server.pid);
        const c0 = ownCpuMs();
        const t0 = performance.now();
        const id = await submit(server.base, token, encoded[syntax]);
        const t1 = performance.now();
        await waitCompleted(server.base, token, id);
        runs.push({ id, upload: t1 - t0, total: performance.now() - t0, serverCpu: processCpuMs(server.pid) - s0, clientCpu: ownCpuMs() - c0 });
      }
      const mid = [...runs].sort((a, b) => a.total - b.total)[Math.floor(runs.length / 2)];
      const floor = floors[syntax].floorMs;
      console.log(
        `upload to completed, ${syntax.padEnd(11)}: ${fmt(mid.total)} ms (median of ${RUNS}: ${runs.map((r) => fmt(r.total)).join(', ')}; ` +
          `its upload ${fmt(mid.upload)} ms, processing ${fmt(mid.total - mid.upload)} ms); floor ${fmt(floor)} ms, ${fmt(mid.total / floor, 2)} x the floor (goals: < 3000 ms, <= 1.3 x)`,
      );
      // Work or waiting: the CPU the study cost (the server's every thread, and this process as its
      // client, which shares the cores) against the floor's, and what share of the cores it kept busy.
      const f = floors[syntax];
      console.log(
        `  CPU: server ${fmt(mid.serverCpu)} ms + this bench as the client ${fmt(mid.clientCpu)} ms, against the floor's ${fmt(f.cpuMs)} ms of work; ` +
          `${fmt((100 * (mid.serverCpu + mid.clientCpu)) / (mid.total * cores))} % of ${cores} cores busy from upload to completed`,
      );
      // The worker's own account of the median study's processing (process-task.ts logs it): what the rest is.
      const account = server.output().match(new RegExp(`task ${mid.id} completed in .*`));
      if (account) console.log(`  server: ${account[0]}`);
    }
    console.log(`server peak memory (VmHWM) over all of the above: ${fmt(memoryMb(server.pid, 'VmHWM'))} MB`);
  } catch (err) {
    console.error(`server output:\n${server.output()}`);
    throw err;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (QUICK) return;
  await firstStudyAfterStart(encoded.jpeg2000);
  await headStartOnSlowUpload(encoded.jpeg2000);
  await studiesPerMinute(encoded['explicit-le'], Number(process.env.BENCH_STUDIES || 6));
}

/**
 * The first study a freshly started server processes, with its pipeline threads warmed up at start
 * (PIPELINE_WARM_UP, server/jobs/warm-up.ts) and without: the timed studies above all run on
 * threads that have processed a study before, so they cannot show what the warm-up is for. Each
 * server is given SETTLE_MS after it answers, as a product that started a little before its first
 * study is; runs alternate between the two, three of each, and the median is printed.
 */
async function firstStudyAfterStart(files: Record<ViewKey, Uint8Array>) {
  const SETTLE_MS = 12_000;
  const RUNS = Number(process.env.BENCH_FIRST_RUNS || 3);
  // As above: the database is created by a first start, so the timed starts are restarts.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-first-'));
  await (await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false' })).stop();
  const times: Record<'warm' | 'cold', number[]> = { warm: [], cold: [] };
  try {
    for (let run = 0; run < 2 * RUNS; run++) {
      const mode = run % 2 === 0 ? 'warm' : 'cold';
      const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false', JOB_POLL_SECONDS: '0.5', PIPELINE_WARM_UP: String(mode === 'warm') });
      try {
        const token = await loginToken(server.base, ADMIN, PASSWORD);
        await new Promise((r) => setTimeout(r, SETTLE_MS));
        const t0 = performance.now();
        await waitCompleted(server.base, token, await submit(server.base, token, files));
        times[mode].push(performance.now() - t0);
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const list = (v: number[]) => v.map((t) => fmt(t)).join(', ');
  console.log(
    `first study after a start, jpeg2000, upload to completed (${SETTLE_MS / 1000} s after the server answered, median of ${RUNS}): ` +
      `${fmt(median(times.warm))} ms with its threads warmed up at start (${list(times.warm)}), ${fmt(median(times.cold))} ms without (${list(times.cold)})`,
  );
}

/**
 * Upload to completed when the upload takes seconds, as over a patient's connection (the body sent
 * at SLOW_MB_PER_S), with the views decoded and analysed as they arrive (PIPELINE_HEAD_START) and
 * without: on the loopback above the upload is too short for the head start to show. One server
 * each; a first study warms its threads, then the median of RUNS.
 */
async function headStartOnSlowUpload(files: Record<ViewKey, Uint8Array>) {
  const SLOW_MB_PER_S = 20;
  const RUNS = Number(process.env.BENCH_SLOW_RUNS || 3);
  const times: Record<'with' | 'without', number[]> = { with: [], without: [] };
  for (const mode of ['with', 'without'] as const) {
    const server = await startServerProcess({ SEED_DEMO: 'false', JOB_POLL_SECONDS: '0.5', PIPELINE_HEAD_START: String(mode === 'with') });
    try {
      const token = await loginToken(server.base, ADMIN, PASSWORD);
      await waitCompleted(server.base, token, await submit(server.base, token, files));
      for (let run = 0; run < RUNS; run++) {
        const t0 = performance.now();
        await waitCompleted(server.base, token, await submitMetered(server.base, token, files, SLOW_MB_PER_S));
        times[mode].push(performance.now() - t0);
      }
    } finally {
      await server.stop();
    }
  }
  const uploadMs = (VIEW_KEYS.reduce((sum, k) => sum + files[k].length, 0) / (SLOW_MB_PER_S * 1e6)) * 1000;
  const list = (v: number[]) => v.map((t) => fmt(t)).join(', ');
  console.log(
    `upload to completed at ${SLOW_MB_PER_S} MB/s, jpeg2000 (the upload alone about ${fmt(uploadMs)} ms; median of ${RUNS}): ` +
      `${fmt(median(times.with))} ms with the views begun as they arrive (${list(times.with)}), ${fmt(median(times.without))} ms without (${list(times.without)})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
