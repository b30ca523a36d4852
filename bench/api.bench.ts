/**
 * Issue 2's figures: throughput and latency of GET /api/v1/users/me with a valid token at 32
 * concurrent connections, next to a bare node:http hello-world measured in the same run; and
 * login latency, which argon2id dominates.
 */
import { spawn } from 'node:child_process';
import { load, type LoadResult } from './lib/load';
import { median } from './lib/stats';
import { freePort, loginToken, startServerProcess } from './lib/spawn-server';
import { PASSWORD_HASH_PARAMS } from '../server/auth/passwords';

const SECONDS = Number(process.env.BENCH_SECONDS || 3);
const ROUNDS = 3;
const CONNECTIONS = 32;

/** The bare server answers like ours does (a Content-Length, not chunked), so the ratio compares like with like. */
async function bareServer() {
  const port = await freePort();
  const code = `require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json','content-length':17});s.end('{"hello":"world"}')}).listen(${port},'127.0.0.1',()=>console.log('up'))`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => child.stdout!.once('data', r));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

const fmt = (n: number, d = 1) => n.toFixed(d);

async function main() {
  const bare = await bareServer();
  // A first start seeds the demo profiles in a thread; measure the server as it runs after that.
  const server = await startServerProcess({ RUN_WORKER: 'false' });
  try {
    const seededBy = Date.now() + 120_000;
    while (!/demo profiles seeded|demo profiles could not be seeded/.test(server.output()) && Date.now() < seededBy) await new Promise((r) => setTimeout(r, 200));
    const token = await loginToken(server.base, 'admin@example.com', 'bench-password');
    const headers = { authorization: `Bearer ${token}` };
    const me = `${server.base}/api/v1/users/me`;
    await load(bare.url, { connections: CONNECTIONS, seconds: 1 });
    await load(me, { connections: CONNECTIONS, seconds: 1, headers });
    // Rounds alternate between the two servers so that a machine that speeds up or slows down
    // during the run (a shared VM does) moves both figures alike; the medians are reported.
    const bares: LoadResult[] = [];
    const ours: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bares.push(await load(bare.url, { connections: CONNECTIONS, seconds: SECONDS }));
      ours.push(await load(me, { connections: CONNECTIONS, seconds: SECONDS, headers }));
    }
    const pick = (rs: LoadResult[]) => ({
      rps: median(rs.map((r) => r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      errors: rs.reduce((n, r) => n + r.errors, 0),
      generator: rs[0].generator,
    });
    const b = pick(bares);
    const m = pick(ours);
    const ratios = ours.map((r, i) => r.rps / bares[i].rps);

    const logins: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await loginToken(server.base, 'admin@example.com', 'bench-password');
      logins.push(performance.now() - t0);
    }
    logins.sort((x, y) => x - y);

    console.log(`api: GET /users/me at ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS}s, medians (database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, load from ${m.generator === 'wrk' ? 'wrk' : "Node's HTTP client: install wrk for figures the client does not cap"})`);
    console.log(`  bare node:http    ${fmt(b.rps, 0)} req/s  p50 ${fmt(b.p50, 2)} ms  p99 ${fmt(b.p99, 2)} ms  errors ${b.errors}`);
    console.log(`  GET /users/me     ${fmt(m.rps, 0)} req/s  p50 ${fmt(m.p50, 2)} ms  p99 ${fmt(m.p99, 2)} ms  errors ${m.errors}`);
    console.log(`  ratio             ${fmt(median(ratios), 2)} of the bare server's throughput (rounds ${ratios.map((r) => fmt(r, 2)).join(', ')}; goal >= 0.4; p99 goal < 20 ms)`);
    console.log(
      `  login (argon2id m=${PASSWORD_HASH_PARAMS.memoryCost} KiB t=${PASSWORD_HASH_PARAMS.timeCost} p=${PASSWORD_HASH_PARAMS.parallelism}): ` +
        `median ${fmt(logins[10])} ms, max ${fmt(logins[19])} ms over 20 logins`,
    );
  } finally {
    bare.stop();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
