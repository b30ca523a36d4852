/**
 * The floor of a study's processing on this machine (issue 19): decoding the four views at the
 * working resolution on all cores (measured: the views decoded side by side, one after another on
 * each of `cores` threads, as soon as a thread is free), plus the analysis's CPU time divided by
 * the cores (measured in this thread: every view's own analysis, then the study step with its
 * overlay PNGs). What processing costs above it is waiting, copying and bookkeeping.
 */
import { Worker } from 'node:worker_threads';
import { VIEW_KEYS, type ViewKey } from '../../core/contract';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import { scorePreparedStudy } from '../../server/analysis/engine';
import { prepareView, type PreparedView } from '../../server/analysis/image/study';
import { decodeDicom } from '../../server/dicom/decode';
import { DECODE_MAX_HEIGHT } from '../../server/jobs/pipeline';

export interface Floor {
  decodeMs: number;
  analysisCpuMs: number;
  cores: number;
  floorMs: number;
  /** CPU time of the floor's work: the decoding (the fastest run's) plus the analysis. */
  cpuMs: number;
}

/** CPU time this process has used (every thread), ms. */
export function ownCpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

async function decodeOnThreads(files: Record<ViewKey, Uint8Array>, cores: number): Promise<{ wallMs: number; cpuMs: number }> {
  const pool = Array.from({ length: cores }, () => new Worker(new URL('./decode.worker.mjs', import.meta.url)));
  try {
    const run = async () => {
      const queue = [...VIEW_KEYS];
      let id = 0;
      const c0 = ownCpuMs();
      const t0 = performance.now();
      await Promise.all(
        pool.map(async (w) => {
          for (let key = queue.shift(); key; key = queue.shift()) {
            const bytes = files[key].slice();
            const my = ++id;
            await new Promise<void>((resolve) => {
              const on = (m: { id: number }) => {
                if (m.id !== my) return;
                w.off('message', on);
                resolve();
              };
              w.on('message', on);
              w.postMessage({ id: my, bytes }, [bytes.buffer]);
            });
          }
        }),
      );
      return { wallMs: performance.now() - t0, cpuMs: ownCpuMs() - c0 };
    };
    await run(); // warm-up: module loading and the codecs' WASM start
    const runs = [await run(), await run()];
    return runs[0].wallMs <= runs[1].wallMs ? runs[0] : runs[1];
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}

async function analysisCpu(files: Record<ViewKey, Uint8Array>): Promise<number> {
  const decoded = await Promise.all(VIEW_KEYS.map(async (key) => ({ ...(await decodeDicom(files[key], { maxHeight: DECODE_MAX_HEIGHT })), key })));
  const once = async () => {
    const c0 = process.cpuUsage();
    const prepared = Object.fromEntries(decoded.map((v) => [v.key, prepareView(v)])) as Record<ViewKey, PreparedView>;
    await scorePreparedStudy(prepared, { age: 55, ageSource: 'birthdate', riskFactors: EMPTY_RISK_FACTORS });
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  await once();
  return Math.min(await once(), await once());
}

export async function measureFloor(files: Record<ViewKey, Uint8Array>, cores: number): Promise<Floor> {
  const decode = await decodeOnThreads(files, cores);
  const analysisCpuMs = await analysisCpu(files);
  return { decodeMs: decode.wallMs, analysisCpuMs, cores, floorMs: decode.wallMs + analysisCpuMs / cores, cpuMs: decode.cpuMs + analysisCpuMs };
}
