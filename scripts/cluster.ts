/**
 * `npm run cluster`: the product as it runs at scale, on this machine, for trying it: PostgreSQL
 * (DATABASE_URL, or a fresh database on postgres://postgres@127.0.0.1:5432, dropped at the end), an
 * Orthanc from the Debian package on a free port, two API processes behind a round-robin proxy and
 * two workers. One URL is printed; Ctrl-C stops everything and removes what it made.
 *
 * Options (environment): CLUSTER_PORT (the proxy's port, default 8000; 0 for a free one),
 * CLUSTER_APIS, CLUSTER_WORKERS, CLUSTER_QUIET=1 (no process output), FIRST_SUPERUSER_PASSWORD.
 */
import { startCluster } from './lib/cluster';

const int = (v: string | undefined, fallback: number) => (v && /^\d+$/.test(v) ? Number(v) : fallback);

const quiet = process.env.CLUSTER_QUIET === '1';
console.log('starting: PostgreSQL database, Orthanc, API processes, workers ...');
const cluster = await startCluster({
  port: int(process.env.CLUSTER_PORT, 8000),
  apis: Math.max(1, int(process.env.CLUSTER_APIS, 2)),
  workers: Math.max(1, int(process.env.CLUSTER_WORKERS, 2)),
  databaseUrl: process.env.DATABASE_URL || undefined,
  log: quiet ? undefined : (name, line) => console.log(`[${name}] ${line}`),
});

const where = (u: string) => u.replace(/\/\/[^@/]*@/, '//');
console.log(`
Smart Density cluster at ${cluster.url}
  superuser   ${cluster.superuser.email} / ${cluster.superuser.password}
  PostgreSQL  ${where(cluster.databaseUrl)}
  Orthanc     ${cluster.orthanc.url} (user ${cluster.orthanc.username}, password ${cluster.orthanc.password})
  APIs        ${cluster.apis.map((a) => `${a.name} ${a.url} pid ${a.child.pid}`).join(', ')}
  workers     ${cluster.workers.map((w) => `${w.name} pid ${w.child.pid}`).join(', ')}
Ctrl-C stops everything.`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the cluster ...`);
  await cluster.stop();
  console.log('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
for (const p of [...cluster.apis, ...cluster.workers]) {
  void p.exited.then(() => {
    if (!stopping) console.error(`${p.name} exited (${p.child.exitCode ?? p.child.signalCode}); the others keep running`);
  });
}
