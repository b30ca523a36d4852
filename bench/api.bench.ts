/**
 * Issue 2's figures: throughput and latency of GET /api/v1/users/me with a valid token at 32
 * concurrent connections, next to a bare node:http hello-world measured in the same run; and
 * login latency, which argon2id dominates.
 */
import { spawn } from 'node:child_process';
import { load } from './lib/load';
import { freePort, loginToken, startServerProcess } from './lib/spawn-server';
import { PASSWORD_HASH_PARAMS } from '../server/auth/passwords';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = 32;

async function bareServer() {
  const port = await freePort();
  const code = `require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json'});s.end('{"hello":"world"}')}).listen(${port},'127.0.0.1',()=>console.log('up'))`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => child.stdout!.once('data', r));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

const fmt = (n: number, d = 1) => n.toFixed(d);

async function main() {
  const bare = await bareServer();
  await load(bare.url, { connections: CONNECTIONS, seconds: 1 });
  const b = await load(bare.url, { connections: CONNECTIONS, seconds: SECONDS });
  bare.stop();

  const server = await startServerProcess({ RUN_WORKER: 'false' });
  try {
    const token = await loginToken(server.base, 'admin@example.com', 'bench-password');
    const headers = { authorization: `Bearer ${token}` };
    await load(`${server.base}/api/v1/users/me`, { connections: CONNECTIONS, seconds: 1, headers });
    const m = await load(`${server.base}/api/v1/users/me`, { connections: CONNECTIONS, seconds: SECONDS, headers });

    const logins: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await loginToken(server.base, 'admin@example.com', 'bench-password');
      logins.push(performance.now() - t0);
    }
    logins.sort((x, y) => x - y);

    console.log(`api: GET /users/me at ${CONNECTIONS} connections for ${SECONDS}s (database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
    console.log(`  bare node:http    ${fmt(b.rps, 0)} req/s  p50 ${fmt(b.p50, 2)} ms  p99 ${fmt(b.p99, 2)} ms  errors ${b.errors}`);
    console.log(`  GET /users/me     ${fmt(m.rps, 0)} req/s  p50 ${fmt(m.p50, 2)} ms  p99 ${fmt(m.p99, 2)} ms  errors ${m.errors}`);
    console.log(`  ratio             ${fmt(m.rps / b.rps, 2)} of the bare server's throughput (goal >= 0.4; p99 goal < 20 ms)`);
    console.log(
      `  login (argon2id m=${PASSWORD_HASH_PARAMS.memoryCost} KiB t=${PASSWORD_HASH_PARAMS.timeCost} p=${PASSWORD_HASH_PARAMS.parallelism}): ` +
        `median ${fmt(logins[10])} ms, max ${fmt(logins[19])} ms over 20 logins`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
