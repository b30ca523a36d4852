/**
 * Issue 20, item 1: WADO-RS frame throughput of the real server (server/main.ts in its own process)
 * for a full-field JPEG 2000 study, against reading the same files from disk. Prints MB/s of the
 * frames as stored (the JPEG 2000 code streams) and decoded (uncompressed 16-bit values), the time
 * per uncompressed frame (decoded in a worker thread), the slowest answer meanwhile and the study metadata's time.
 *
 *   npm run bench -- dicomweb        (DICOMWEB_BENCH_WIDTH / _HEIGHT for another size)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AI_MODEL } from '../core/decisions';
import { VIEW_KEYS } from '../core/contract';
import { makeStudyWithFiles } from '../tests/fixtures/studies';
import { loginToken, startServerProcess } from './lib/spawn-server';
import { median } from './lib/stats';

const WIDTH = Number(process.env.DICOMWEB_BENCH_WIDTH ?? 2560);
const HEIGHT = Number(process.env.DICOMWEB_BENCH_HEIGHT ?? 3328);
const ROUNDS = 3;
const MB = 1024 * 1024;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

const { study, files } = await makeStudyWithFiles({ seed: 3, width: WIDTH, height: HEIGHT, transferSyntax: 'jpeg2000' });
const server = await startServerProcess({ RUN_WORKER: 'false', SEED_DEMO: 'false' });
try {
  const token = await loginToken(server.base, 'admin@example.com', 'bench-password');
  const form = new FormData();
  form.set('ai_model', AI_MODEL);
  for (const key of VIEW_KEYS) form.append(key, new Blob([new Uint8Array(files[key])]), `${key}.dcm`);
  const task = (await (await fetch(`${server.base}/api/v1/tasks/`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as { id: string; owner_id: string };
  const root = `${server.base}/api/v1/dicomweb/studies/${study.studyInstanceUid}`;
  const auth = { authorization: `Bearer ${token}` };
  const frameUrl = (key: (typeof VIEW_KEYS)[number]) => `${root}/series/${study.seriesInstanceUids[key]}/instances/${study.sopInstanceUids[key]}/frames/1`;
  const fetchAll = async (accept: string) => {
    let bytes = 0;
    for (const key of VIEW_KEYS) bytes += (await (await fetch(frameUrl(key), { headers: { ...auth, accept } })).arrayBuffer()).byteLength;
    return bytes;
  };
  const dir = path.join(server.dataDir, 'files', task.owner_id, task.id);
  const disk = async () => {
    let bytes = 0;
    for (const key of VIEW_KEYS) bytes += (await readFile(path.join(dir, `${key}.dcm`))).byteLength;
    return bytes;
  };

  const metadataMs: number[] = [];
  const healthMs: number[] = [];
  const rounds = { disk: [] as number[], stored: [] as number[], uncompressed: [] as number[] };
  let sizes = { disk: 0, stored: 0, uncompressed: 0 };
  for (let i = 0; i < ROUNDS; i++) {
    metadataMs.push((await timed(() => fetch(`${root}/metadata`, { headers: auth }).then((r) => r.arrayBuffer()))).ms);
    const d = await timed(disk);
    const s = await timed(() => fetchAll('multipart/related; type="application/octet-stream"; transfer-syntax=*'));
    // While frames decode, the API must keep answering: the slowest health check meanwhile.
    let decoding = true;
    const probe = (async () => {
      let worst = 0;
      while (decoding) {
        worst = Math.max(worst, (await timed(() => fetch(`${server.base}/api/v1/utils/health-check/`).then((r) => r.text()))).ms);
        await new Promise((r) => setTimeout(r, 20));
      }
      return worst;
    })();
    const u = await timed(() => fetchAll('multipart/related; type="application/octet-stream"; transfer-syntax=1.2.840.10008.1.2.1'));
    decoding = false;
    healthMs.push(await probe);
    rounds.disk.push(d.ms);
    rounds.stored.push(s.ms);
    rounds.uncompressed.push(u.ms);
    sizes = { disk: d.value, stored: s.value, uncompressed: u.value };
  }
  const rate = (bytes: number, ms: number) => `${(bytes / MB / (ms / 1000)).toFixed(0)} MB/s`;
  console.log(`study: 4 views ${WIDTH}x${HEIGHT}, JPEG 2000 lossless, ${(sizes.disk / MB).toFixed(1)} MB on disk; medians of ${ROUNDS} rounds`);
  console.log(`read from disk: ${rate(sizes.disk, median(rounds.disk))} (${median(rounds.disk).toFixed(0)} ms for the four files)`);
  console.log(`WADO-RS frames as stored: ${rate(sizes.stored, median(rounds.stored))} (${median(rounds.stored).toFixed(0)} ms for four frames, ${(sizes.stored / MB).toFixed(1)} MB)`);
  console.log(
    `WADO-RS frames uncompressed: ${rate(sizes.uncompressed, median(rounds.uncompressed))} of pixel values (${(median(rounds.uncompressed) / 4).toFixed(0)} ms a frame, decoded in a worker thread; ${(sizes.uncompressed / MB).toFixed(1)} MB)`,
  );
  console.log(`slowest health check while frames decode: ${healthMs.map((m) => m.toFixed(0)).join(', ')} ms`);
  console.log(`study metadata (four instances, cached headers after the first): ${metadataMs.map((m) => m.toFixed(0)).join(', ')} ms`);
} finally {
  await server.stop();
}
