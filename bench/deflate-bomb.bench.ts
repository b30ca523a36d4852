/**
 * Issue 16, item 2: what a Deflated upload that inflates to 1 GB costs the server (server/main.ts,
 * in its own process). The server's longest event-loop delay during the upload (perf_hooks'
 * monitorEventLoopDelay, loaded into it by bench/lib/event-loop-probe.mjs) is the time the event
 * loop was held; a client asking the health check again and again meanwhile sees it from outside.
 * The server's peak resident memory during the upload (VmHWM, reset just before) less its memory
 * before is what it cost.
 * Goals: under 50 ms and under 50 MB. For comparison: a valid Deflated study of the same size, and
 * what inflating the bomb whole in one call (as the sniffing did before) costs a process.
 *
 *   npm run bench -- deflate
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { AI_MODEL } from '../core/decisions';
import { VIEW_KEYS, type ViewKey } from '../core/contract';
import { readHeader } from '../core/dicom/header';
import { deflateBomb, toDeflated } from '../tests/fixtures/deflated';
import { makeStudyFiles } from '../tests/fixtures/studies';
import { loginToken, startServerProcess } from './lib/spawn-server';

const PROBE = fileURLToPath(new URL('./lib/event-loop-probe.mjs', import.meta.url));

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;
const GOAL_HOLD_MS = 50;
const GOAL_MEMORY_MB = 50;

// The old sniffing, for comparison, in a process of its own: the whole data set inflated at once.
if (process.argv[2] === '--inflate-whole') {
  const bytes = readFileSync(process.argv[3]);
  const started = performance.now();
  const out = inflateRawSync(bytes.subarray(readHeader(bytes).deflatedAt!));
  console.log(JSON.stringify({ ms: performance.now() - started, bytes: out.length, peakMb: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}

function status(pid: number): { rssMb: number; peakMb: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Sets the process's peak resident memory back to its current one (Linux, own processes). */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

interface Measured {
  status: number;
  ms: number;
  /** The server's longest event-loop delay during the upload. */
  holdMs: number;
  /** The longest health check answer meanwhile, seen from outside. */
  probeMs: number;
  probes: number;
  memoryMb: number;
}

type Server = Awaited<ReturnType<typeof startServerProcess>>;

/** The server's longest event-loop delay since the last call. */
async function loopDelayMax(server: Server): Promise<number> {
  const seen = server.output().match(/event-loop-max-ms [\d.]+/g)?.length ?? 0;
  process.kill(server.pid, 'SIGUSR2');
  for (const deadline = Date.now() + 5000; Date.now() < deadline; ) {
    const lines = server.output().match(/event-loop-max-ms [\d.]+/g) ?? [];
    if (lines.length > seen) return Number(lines[lines.length - 1].split(' ')[1]);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the server did not report its event-loop delay');
}

async function measureUpload(server: Server, token: string, files: Record<ViewKey, Uint8Array>): Promise<Measured> {
  const { base, pid } = server;
  const form = new FormData();
  form.set('ai_model', AI_MODEL);
  for (const key of VIEW_KEYS) form.append(key, new Blob([new Uint8Array(files[key])]), `${key}.dcm`);
  const before = status(pid);
  resetPeak(pid);
  await loopDelayMax(server);
  let sending = true;
  const latencies: number[] = [];
  const probe = (async () => {
    while (sending) {
      const t0 = performance.now();
      await fetch(`${base}/api/v1/utils/health-check/`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - t0);
    }
  })();
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/tasks/`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  sending = false;
  await probe;
  const holdMs = await loopDelayMax(server);
  const after = status(pid);
  return { status: res.status, ms, holdMs, probeMs: Math.max(...latencies), probes: latencies.length, memoryMb: Math.max(0, after.peakMb - before.rssMb) };
}

async function main() {
  const study = await makeStudyFiles({ seed: 9, width: 1400, height: 1723 });
  const valid = Object.fromEntries(VIEW_KEYS.map((k) => [k, toDeflated(study[k])])) as Record<ViewKey, Uint8Array>;
  // A valid mammogram's header whose pixel data inflates to 1 GB; and 1 GB of zeros, no header.
  const withHeader = { ...valid, r_cc: deflateBomb(study.r_cc, GB, { keepHeader: true }) };
  const zeros = { ...valid, r_cc: deflateBomb(study.r_cc, GB) };

  const server = await startServerProcess({ RUN_WORKER: 'false', SEED_DEMO: 'false', NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PROBE}`.trim() });
  try {
    const token = await loginToken(server.base, 'admin@example.com', 'bench-password');
    // Warm up: the first upload loads code paths.
    await measureUpload(server, token, valid);
    await loopDelayMax(server);
    await new Promise((r) => setTimeout(r, 1000));
    const idle = await loopDelayMax(server);
    const runs: Array<[string, Record<ViewKey, Uint8Array>]> = [
      [`1 GB-inflating view (valid header), upload ${(withHeader.r_cc.length / MB).toFixed(1)} MB`, withHeader],
      [`1 GB of inflated zeros (no header), upload ${(zeros.r_cc.length / MB).toFixed(1)} MB`, zeros],
      [`valid Deflated study, 4 x ${(valid.r_cc.length / MB).toFixed(1)} MB (4.6 MB inflated each)`, valid],
    ];
    console.log(`server idle for 1 s: longest event-loop delay ${idle.toFixed(1)} ms`);
    console.log('upload                                                          answer  time      event loop held  (health check, outside)  memory (peak - before)');
    const results: Measured[] = [];
    for (const [label, files] of runs) {
      const m = await measureUpload(server, token, files);
      results.push(m);
      console.log(
        `${label.padEnd(62)}  ${m.status}     ${m.ms.toFixed(0).padStart(5)} ms  ${m.holdMs.toFixed(1).padStart(6)} ms        (${m.probeMs.toFixed(1)} ms, ${m.probes} probes)  ${m.memoryMb.toFixed(1).padStart(9)} MB`,
      );
    }
    const bomb = results[0];
    const bombZeros = results[1];
    const hold = Math.max(bomb.holdMs, bombZeros.holdMs);
    const memory = Math.max(bomb.memoryMb, bombZeros.memoryMb);
    console.log(
      `1 GB-inflating upload: event loop held at most ${hold.toFixed(1)} ms (goal < ${GOAL_HOLD_MS} ms: ${hold < GOAL_HOLD_MS ? 'met' : 'NOT met'}), ` +
        `memory ${memory.toFixed(1)} MB (goal < ${GOAL_MEMORY_MB} MB: ${memory < GOAL_MEMORY_MB ? 'met' : 'NOT met'}); answers ${bomb.status} and ${bombZeros.status}`,
    );
  } finally {
    await server.stop();
  }

  const file = `${process.env.TMPDIR ?? '/tmp'}/sd-deflate-bomb-${process.pid}.dcm`;
  writeFileSync(file, withHeader.r_cc);
  const whole = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--inflate-whole', file], { encoding: 'utf8' });
  const old = JSON.parse(whole.stdout.trim().split('\n').pop() ?? '{}') as { ms?: number; bytes?: number; peakMb?: number };
  console.log(
    `for comparison, inflating the bomb whole in one call (the old sniffing): ${old.ms?.toFixed(0)} ms on the event loop, ` +
      `${((old.bytes ?? 0) / MB).toFixed(0)} MB out, process peak ${old.peakMb?.toFixed(0)} MB`,
  );
}

await main();
