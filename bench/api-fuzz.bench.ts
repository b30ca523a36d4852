/**
 * Issue 16, item 4: the fuzz test's generated requests (tests/support/openapi-fuzz.ts), over
 * 10,000 of them, against the real server (server/main.ts) in its own process, eight at a time.
 * Prints the requests sent, the 5xx answers, the requests left unanswered (no answer in 15 s or
 * a dropped connection) and the server's resident memory before and after.
 *
 *   npm run bench -- fuzz            (FUZZ_REQUESTS=20000 for more)
 */
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FuzzCounts, operationsOf, requestsFor, send, type FuzzRequest } from '../tests/support/openapi-fuzz';
import { loginToken, startServerProcess } from './lib/spawn-server';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = 8;
const ADMIN = { email: 'admin@example.com', password: 'bench-password' };

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

const site = mkdtempSync(path.join(tmpdir(), 'sd-fuzz-site-'));
mkdirSync(path.join(site, 'assets'));
writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(path.join(site, 'assets', 'app.js'), 'export {};');
const server = await startServerProcess({ STATIC_DIR: site });
try {
  const superToken = await loginToken(server.base, ADMIN.email, ADMIN.password);
  const users: string[] = [];
  const tokens = [superToken];
  for (let i = 0; i < 2; i++) {
    const user = { email: `fuzz-${i}-${Date.now()}@example.org`, password: 'fuzz-password-1' };
    const res = await fetch(`${server.base}/api/v1/users/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${superToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...user, full_name: 'Fuzz Person', birthdate: '1970-05-17', submission_limit: 3 }),
    });
    users.push(((await res.json()) as { id: string }).id);
    tokens.push(await loginToken(server.base, user.email, user.password));
  }
  const doc = await (await fetch(`${server.base}/api/v1/openapi.json`)).json();
  const demo = (await (await fetch(`${server.base}/api/v1/demo/users`)).json()) as { data: Array<{ id: string }> };
  const ctx = { ids: { user_id: users, demo_user_id: demo.data.map((d) => d.id) }, tokens };
  const ops = operationsOf(doc);
  const perOp = Math.ceil(TOTAL / ops.length);
  const requests: FuzzRequest[] = ops.flatMap((op) => fc.sample(requestsFor(op, doc, ctx), { numRuns: perOp, seed: 16 }));

  const before = rssMb(server.pid);
  const counts = new FuzzCounts();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const req = requests[next++];
        counts.add(req, await send(server.base, req));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = rssMb(server.pid);
  const health = await fetch(`${server.base}/api/v1/utils/health-check/`).then((r) => r.status, () => 'no answer');

  console.log(`operations: ${ops.length} (${perOp} requests each), ${CONCURRENCY} at a time, ${seconds.toFixed(1)} s`);
  console.log(`requests: ${counts.requests}`);
  console.log(`5xx: ${counts.serverErrors}`);
  console.log(`unanswered: ${counts.unanswered}`);
  console.log(`statuses: ${JSON.stringify(Object.fromEntries([...counts.byStatus].sort(([a], [b]) => a - b)))}`);
  console.log(`server memory (RSS): ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after`);
  console.log(`health check after: ${health}`);
  for (const s of counts.samples) console.log(`  ${s}`);
  if (counts.serverErrors || counts.unanswered || health !== 200) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(site, { recursive: true, force: true });
}
