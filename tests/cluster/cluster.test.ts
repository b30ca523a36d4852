/**
 * Issue 21, item 4: npm run cluster's topology (scripts/lib/cluster.ts: PostgreSQL, Orthanc, two
 * API processes behind the round-robin proxy, two workers) behaves as one product. 20 studies are
 * sent at once through the proxy (so through both APIs) and one worker is killed with SIGKILL while
 * they are processed: every study completes, counted once, its instances are in Orthanc, its frames
 * are read through DICOMweb from either API, and no file of it is left on either API's disk. A
 * login limit reached through one API holds on the other; a token revoked on one is refused by the
 * other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { orthancMissing, orthancRest } from '../support/orthanc';
import { TEST_POSTGRES_ADMIN_URL } from '../support/test-db';
import { requestApp } from '../support/api-harness';
import { startCluster, type Cluster } from '../../scripts/lib/cluster';
import { openPostgres } from '../../server/db/client';
import { AI_MODEL } from '../../core/decisions';
import { VIEW_KEYS, type ViewKey } from '../../core/contract';
import { makeStudyWithFiles } from '../fixtures/studies';
import type { PhantomStudy } from '../../server/phantom/types';

const STUDIES = 20;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe.skipIf(orthancMissing)(`the cluster: two APIs, two workers, PostgreSQL and Orthanc${orthancMissing ? ` - skipped: ${orthancMissing}` : ''}`, () => {
  let cluster: Cluster;
  const lines: string[] = [];
  /** The studies each worker has taken and not finished, from its own log lines. */
  const holding = new Map<string, Set<string>>();

  /** A request through the cluster's own HTTP: to one API, or to the proxy in front of both. */
  function call(base: string, method: string, route: string, opts: Parameters<typeof requestApp>[3] = {}) {
    return requestApp({ request: (url, init) => fetch(`${base}${url}`, init) }, method, route, opts);
  }

  async function login(base: string, email: string, password: string, client = '198.51.100.1') {
    return call(base, 'POST', '/login/access-token', { form: { username: email, password }, headers: { 'x-forwarded-for': client } });
  }

  async function createUser(superToken: string, limit: number) {
    const email = `cluster-${Math.random().toString(36).slice(2, 10)}@example.org`;
    const password = `password-${Math.random().toString(36).slice(2, 8)}`;
    const res = await call(cluster.url, 'POST', '/users/', { token: superToken, json: { email, password, full_name: 'Cluster Person', birthdate: '1968-02-03', submission_limit: limit } });
    expect(res.status).toBe(200);
    const token = (await login(cluster.url, email, password)).data.access_token as string;
    return { id: res.data.id as string, email, password, token };
  }

  beforeAll(async () => {
    cluster = await startCluster({
      postgresAdminUrl: TEST_POSTGRES_ADMIN_URL,
      env: {
        SEED_DEMO: 'false',
        // A killed worker's job is taken back within seconds, not the default five minutes.
        JOB_EXPIRE_SECONDS: '30',
        JOB_MAINTENANCE_SECONDS: '5',
        JOB_RETRY_DELAY_SECONDS: '1',
        PIPELINE_THREADS: '1',
        LOGIN_FREE_FAILURES: '3',
        // Each person sends her ten studies at once.
        UPLOADS_PER_USER: '20',
      },
      log: (name, line) => {
        lines.push(`[${name}] ${line}`);
        // worker.ts says "task <id>: taken (attempt n)" and then "task <id>: <outcome> in <ms> ms".
        const taken = /^task (\S+): taken/.exec(line);
        const ended = /^task (\S+): \w+ in \d+ ms/.exec(line);
        if (!holding.has(name)) holding.set(name, new Set());
        if (taken) holding.get(name)!.add(taken[1]);
        if (ended) holding.get(name)!.delete(ended[1]);
      },
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('20 studies through both APIs, a worker killed midway: each completes once, in Orthanc, readable from either API, nothing left on disk', async () => {
    const superToken = (await login(cluster.url, cluster.superuser.email, cluster.superuser.password)).data.access_token as string;
    const people = [await createUser(superToken, STUDIES / 2), await createUser(superToken, STUDIES / 2)];
    const studies: Array<{ study: PhantomStudy; files: Record<ViewKey, Uint8Array>; owner: (typeof people)[number] }> = [];
    for (let i = 0; i < STUDIES; i++) studies.push({ ...(await makeStudyWithFiles({ seed: 2400 + i })), owner: people[i % 2] });

    const sent = await Promise.all(
      studies.map(async (s) => {
        const form = new FormData();
        form.set('ai_model', AI_MODEL);
        for (const key of VIEW_KEYS) form.append(key, new Blob([new Uint8Array(s.files[key])]), `${key}.dcm`);
        return call(cluster.url, 'POST', '/tasks/', { token: s.owner.token, body: form }).catch((err) => ({ status: 0, data: String(err.cause ?? err) }));
      }),
    );
    expect(sent.map((r) => r.status), lines.slice(-40).join('\n')).toEqual(sent.map(() => 200));
    const ids = sent.map((r) => r.data.id as string);

    // Midway: once a few are done, the first worker dies without a chance to clean up.
    const completed = async () => {
      const list = await call(cluster.url, 'GET', '/tasks/?limit=100', { token: superToken });
      return (list.data.data as Array<{ id: string; status: string }>).filter((t) => ids.includes(t.id));
    };
    for (let deadline = Date.now() + 90_000; ; ) {
      if ((await completed()).filter((t) => t.status === 'completed').length >= 3) break;
      if (Date.now() > deadline) throw new Error(`no progress:\n${lines.slice(-30).join('\n')}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    // The victim is a worker in the middle of a study (its log says it took one and has not said
    // how it ended), while the other is alive to take the study back.
    const alive = (w: (typeof cluster.workers)[number]) => w.child.exitCode === null && w.child.signalCode === null;
    let victim: (typeof cluster.workers)[number] | undefined;
    for (let deadline = Date.now() + 60_000; !victim; ) {
      if (!cluster.workers.every(alive)) throw new Error(`a worker stopped on its own:\n${lines.slice(-40).join('\n')}`);
      victim = cluster.workers.find((w) => (holding.get(w.name)?.size ?? 0) > 0);
      if (!victim && Date.now() > deadline) throw new Error(`no worker took a study within 60 s:\n${lines.slice(-40).join('\n')}`);
      if (!victim) await new Promise((r) => setTimeout(r, 25));
    }
    victim.child.kill('SIGKILL');
    await victim.exited;
    const db = await openPostgres(cluster.databaseUrl);

    for (let deadline = Date.now() + 150_000; ; ) {
      const tasks = await completed();
      if (tasks.length === STUDIES && tasks.every((t) => t.status === 'completed' || t.status === 'failed')) {
        expect(tasks.filter((t) => t.status !== 'completed')).toEqual([]);
        break;
      }
      if (Date.now() > deadline) throw new Error(`not all completed: ${JSON.stringify(tasks.map((t) => t.status))}\n${lines.slice(-30).join('\n')}`);
      await new Promise((r) => setTimeout(r, 1000));
    }

    // The study the killed worker was running ran again on the other (its second attempt).
    const [rerun] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tasks WHERE attempts > 1');
    await db.close();
    expect(rerun.n).toBeGreaterThanOrEqual(1);

    // Counted once: each person used exactly her ten submissions.
    for (const p of people) {
      const me = await call(cluster.url, 'GET', '/users/me', { token: p.token });
      expect(me.data.submission_count).toBe(STUDIES / 2);
    }

    const rest = orthancRest(cluster.orthanc);
    const [api1, api2] = cluster.apis.map((a) => a.url!);
    for (const [i, s] of studies.entries()) {
      const instances = await rest.instancesOfStudy(s.study.studyInstanceUid);
      expect(instances).toHaveLength(4);
      // One view from each API process, straight, not through the proxy.
      for (const [base, key] of [[api1, VIEW_KEYS[i % 4]], [api2, VIEW_KEYS[(i + 1) % 4]]] as const) {
        const res = await fetch(
          `${base}/api/v1/dicomweb/studies/${s.study.studyInstanceUid}/series/${s.study.seriesInstanceUids[key]}/instances/${s.study.sopInstanceUids[key]}/frames/1`,
          { headers: { authorization: `Bearer ${s.owner.token}` } },
        );
        expect(res.status).toBe(200);
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(s.study.views[key].width * s.study.views[key].height);
      }
    }
    for (const api of cluster.apis) {
      expect(filesUnder(path.join(api.dataDir, 'files'))).toEqual([]);
      expect(filesUnder(api.dataDir).filter((f) => /\.(dcm|png|part)$/.test(f))).toEqual([]);
    }
  }, 240_000);

  it('a login limit reached through one API holds on the other; a token revoked on one is refused by the other', async () => {
    const [api1, api2] = cluster.apis.map((a) => a.url!);
    const superToken = (await login(cluster.url, cluster.superuser.email, cluster.superuser.password)).data.access_token as string;
    const person = await createUser(superToken, 1);
    // LOGIN_FREE_FAILURES=3: three free failures and one that starts the delays, all on the first
    // API; then the second refuses to check even the right password.
    for (let i = 0; i < 4; i++) expect((await login(api1, person.email, `wrong-${i}`, '203.0.113.9')).status).toBe(400);
    const limited = await login(api2, person.email, person.password, '203.0.113.9');
    expect(limited.status).toBe(429);

    const token = person.token;
    expect((await call(api2, 'GET', '/users/me', { token })).status).toBe(200);
    expect((await call(api1, 'GET', '/users/me', { token })).status).toBe(200);
    expect((await call(api1, 'POST', '/login/logout', { token })).status).toBe(200);
    expect((await call(api2, 'GET', '/users/me', { token })).status).toBe(401);
  });
});
