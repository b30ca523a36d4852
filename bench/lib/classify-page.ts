/**
 * The page side of bench/classify.bench.ts (bundled by esbuild, run in Chromium): classifies the
 * picked files in the DICOM worker as the app does, then parses the whole files with dicom-parser
 * on the main thread, watching how long the main thread is blocked during each.
 */
import * as Comlink from 'comlink';
import * as dicomParser from 'dicom-parser';
import type { DicomWorkerApi } from '../../workers/dicom.worker';

const api = Comlink.wrap<DicomWorkerApi>(new Worker('/worker.js', { type: 'module' }));

/** The longest gap between animation-free timer ticks: how long the main thread was blocked. */
function blockWatcher() {
  let last = performance.now();
  let longest = 0;
  let stop = false;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (!stop) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  const longTasks: number[] = [];
  const obs = new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration)));
  obs.observe({ type: 'longtask' });
  return {
    async end() {
      await new Promise((r) => setTimeout(r, 20));
      stop = true;
      obs.disconnect();
      return { longestGapMs: longest, longTasks };
    },
  };
}

async function run(files: File[]) {
  // Start the worker and load its code first: the app starts it once per page.
  await api.readHeader(new Blob([new Uint8Array(200)]));

  const runs: number[] = [];
  let last: Awaited<ReturnType<DicomWorkerApi['classify']>> | null = null;
  let watch = blockWatcher();
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    last = await api.classify(files.map((f) => ({ name: f.name, blob: f })), { requireDcmExtension: true });
    runs.push(performance.now() - t0);
  }
  const workerBlock = await watch.end();

  watch = blockWatcher();
  const whole: number[] = [];
  const wholeKeys: string[] = [];
  const t0 = performance.now();
  for (const f of files) {
    const s = performance.now();
    const bytes = new Uint8Array(await f.arrayBuffer());
    const ds = dicomParser.parseDicom(bytes);
    wholeKeys.push(`${ds.string('x00200062') ?? ds.string('x00200060')}-${ds.string('x00185101')}`);
    whole.push(performance.now() - s);
  }
  const wholeTotal = performance.now() - t0;
  const wholeBlock = await watch.end();

  return {
    sizes: files.map((f) => f.size),
    classify: {
      runsMs: runs,
      keys: last!.files.map((f) => (f.result.ok ? f.result.key : f.result.reason)),
      bytesRead: last!.files.map((f) => f.bytesRead),
      reads: last!.files.map((f) => f.reads),
      perFileMs: last!.files.map((f) => f.ms),
      ready: last!.study.ready,
      mainThread: workerBlock,
    },
    wholeFile: { totalMs: wholeTotal, perFileMs: whole, keys: wholeKeys, mainThread: wholeBlock },
  };
}

const input = document.querySelector('input')!;
input.addEventListener('change', () => {
  void run([...input.files!]).then(
    (r) => ((window as unknown as { benchResult: unknown }).benchResult = r),
    (e) => ((window as unknown as { benchResult: unknown }).benchResult = { error: String(e) }),
  );
});
