/**
 * Issue 21's figures, on npm run cluster's topology (scripts/lib/cluster.ts: PostgreSQL, Orthanc,
 * two API processes behind the round-robin proxy, worker processes) with full-field four-view
 * studies (4 x 3328x4096, 16-bit, as uploaded by the pipeline bench):
 *  1. studies per minute with one worker process, then with two (N studies sent at once through
 *     the proxy, upload included; BENCH_STUDIES, default 6);
 *  2. upload-to-completed of one study at a time through the cluster (proxy, API, Orthanc, a
 *     worker reading it back from Orthanc) against the embedded default (one process, PGlite,
 *     worker inside, the local folder), median of 3;
 *  3. Orthanc's storage per study (its /statistics, beside the bytes uploaded).
 * Prints figures, asserts nothing. Needs PostgreSQL (TEST_POSTGRES_URL or the local one) and the
 * Debian orthanc package; says so and stops without them.
 * Run: npm run bench -- cluster   (or: npx tsx bench/cluster.bench.ts)
 */
import { availableParallelism } from 'node:os';
import { VIEW_KEYS, type ViewKey } from '../core/contract';
import { generateStudy } from '../server/phantom/generate';
import { writeStudy } from '../server/phantom/write';
import { deterministicUid } from '../server/dicom/writer';
import type { PhantomStudy } from '../server/phantom/types';
import { startCluster, LOCAL_POSTGRES, type Cluster } from '../scripts/lib/cluster';
import { ORTHANC_MISSING, orthancBinary } from '../scripts/lib/orthanc-process';
import { loginToken, startServerProcess } from './lib/spawn-server';
import { submit, waitCompleted } from './lib/tasks';

const STUDIES = Math.max(2, Number(process.env.BENCH_STUDIES) || 6);
const fmt = (n: number, d = 1) => n.toFixed(d);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
type Files = Record<ViewKey, Uint8Array>;

/** The same phantom under new UIDs: a study of its own for Orthanc, without generating it again. */
function renamed(study: PhantomStudy, n: number): PhantomStudy {
  const uid = (label: string) => deterministicUid(9000 + n, label);
  return {
    ...study,
    studyInstanceUid: uid('study'),
    seriesInstanceUids: Object.fromEntries(VIEW_KEYS.map((k) => [k, uid(`series-${k}`)])) as Record<ViewKey, string>,
    sopInstanceUids: Object.fromEntries(VIEW_KEYS.map((k) => [k, uid(`sop-${k}`)])) as Record<ViewKey, string>,
  };
}

/** N studies sent at once; studies per minute from the first byte sent to the last result. */
async function throughput(base: string, token: string, studies: Files[]): Promise<{ perMinute: number; seconds: number }> {
  const t0 = performance.now();
  const ids = await Promise.all(studies.map((f) => submit(base, token, f)));
  await Promise.all(ids.map((id) => waitCompleted(base, token, id, 250)));
  const seconds = (performance.now() - t0) / 1000;
  return { perMinute: (studies.length / seconds) * 60, seconds };
}

async function latency(base: string, token: string, studies: Files[]): Promise<number[]> {
  const out: number[] = [];
  for (const f of studies) {
    const t0 = performance.now();
    await waitCompleted(base, token, await submit(base, token, f));
    out.push((performance.now() - t0) / 1000);
  }
  return out;
}

async function orthancStatistics(cluster: Cluster) {
  const auth = `Basic ${Buffer.from(`${cluster.orthanc.username}:${cluster.orthanc.password}`).toString('base64')}`;
  const res = await fetch(`${cluster.orthanc.url}/statistics`, { headers: { authorization: auth } });
  return (await res.json()) as { CountStudies: number; TotalDiskSize: string };
}

async function main() {
  if (!orthancBinary()) {
    console.log(`cluster bench: skipped, ${ORTHANC_MISSING}`);
    return;
  }
  const admin = process.env.TEST_POSTGRES_URL || LOCAL_POSTGRES;
  console.log(`${STUDIES} studies per throughput run, full-field 4 x 3328x4096 16-bit, uncompressed; ${availableParallelism()} cores`);
  const base = generateStudy({ seed: 42, width: 3328, height: 4096, density: 0.3, mass: { breast: 'right' }, bitsStored: 16 });
  // Written as they are needed (each is about 100 MB), each under UIDs of its own.
  let made = 0;
  const take = async (n: number) => {
    const out: Files[] = [];
    for (let i = 0; i < n; i++) out.push(await writeStudy(renamed(base, made++)));
    return out;
  };
  const t0 = performance.now();
  const [first] = await take(1);
  const uploadMb = VIEW_KEYS.reduce((s, k) => s + first[k].length, 0) / 2 ** 20;
  console.log(`(one study of ${fmt(uploadMb)} MB written in ${fmt((performance.now() - t0) / 1000)} s)`);

  let cluster: Cluster;
  try {
    cluster = await startCluster({ workers: 1, postgresAdminUrl: admin, env: { SEED_DEMO: 'false', JOB_POLL_SECONDS: '0.5' } });
  } catch (err) {
    console.log(`cluster bench: skipped, the cluster did not start (${(err as Error).message})`);
    return;
  }
  // Stopped from outside (Ctrl-C): the cluster's processes, Orthanc and database go too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cluster.stop().finally(() => process.exit(130)));
  try {
    const token = await loginToken(cluster.url, cluster.superuser.email, cluster.superuser.password);
    // One study first: the worker's threads and the APIs are warm before the clock runs.
    await waitCompleted(cluster.url, token, await submit(cluster.url, token, first));
    const one = await throughput(cluster.url, token, await take(STUDIES));
    console.log(`studies per minute, cluster, 1 worker:  ${fmt(one.perMinute)} (${STUDIES} studies in ${fmt(one.seconds)} s)`);
    await cluster.addWorker();
    await new Promise((r) => setTimeout(r, 5000));
    const two = await throughput(cluster.url, token, await take(STUDIES));
    console.log(`studies per minute, cluster, 2 workers: ${fmt(two.perMinute)} (${STUDIES} studies in ${fmt(two.seconds)} s)`);
    const viaCluster = await latency(cluster.url, token, await take(3));
    console.log(`upload to completed, cluster (proxy, API, Orthanc, worker): median ${fmt(median(viaCluster))} s (${viaCluster.map((s) => fmt(s)).join(', ')})`);
    const stats = await orthancStatistics(cluster);
    const perStudy = Number(stats.TotalDiskSize) / stats.CountStudies;
    console.log(`Orthanc storage: ${fmt(perStudy / 2 ** 20)} MB per study (${stats.CountStudies} studies, ${fmt(Number(stats.TotalDiskSize) / 2 ** 20)} MB; uploaded ${fmt(uploadMb)} MB per study)`);
  } finally {
    await cluster.stop();
  }

  const server = await startServerProcess({ SEED_DEMO: 'false', JOB_POLL_SECONDS: '0.5' });
  try {
    const token = await loginToken(server.base, 'admin@example.com', 'bench-password');
    await waitCompleted(server.base, token, await submit(server.base, token, first));
    const embedded = await latency(server.base, token, await take(3));
    console.log(`upload to completed, embedded default (one process, PGlite, local folder): median ${fmt(median(embedded))} s (${embedded.map((s) => fmt(s)).join(', ')})`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
