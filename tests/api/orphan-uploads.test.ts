/**
 * Upload folders that belong to no task (a process died mid-upload) are swept at start and now
 * and then after that; the folders of tasks and demo profiles, and any folder written to lately,
 * are not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { AI_MODEL } from '../../core/decisions';
import { VIEW_KEYS } from '../../core/contract';
import { ORPHAN_GRACE_MS, scheduleOrphanSweeps, sweepOrphanUploads } from '../../server/submissions/orphan-uploads';
import type { ImageStore } from '../../server/storage/image-store';
import { makeStudyFiles } from '../fixtures/studies';

describe(`sweeping orphan upload folders on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());

  /** A folder under files/ with one file, last changed `ageMs` ago. */
  function folder(owner: string, id: string, ageMs: number): string {
    const dir = path.join(api.dataDir, 'files', owner, id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'r_cc.dcm.part'), 'partial');
    const then = new Date(Date.now() - ageMs);
    utimesSync(path.join(dir, 'r_cc.dcm.part'), then, then);
    utimesSync(dir, then, then);
    return dir;
  }

  it('removes old folders of no task, keeps tasks, demo profiles, fresh folders and strangers', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const study = await makeStudyFiles({ seed: 4 });
    const form = new FormData();
    form.set('ai_model', AI_MODEL);
    for (const key of VIEW_KEYS) form.append(key, new Blob([new Uint8Array(study[key])]), `${key}.dcm`);
    const task = (await api.request('POST', '/tasks/', { token: user.token, body: form })).data as { id: string };
    const demo = (await api.request('POST', '/demo/user', {
      token: api.superToken,
      body: (() => {
        const f = new FormData();
        f.set('name', 'Sweep Test');
        f.set('data', JSON.stringify({ age: 50, description: 'Kept by the sweep.', screening_location: 'skanes' }));
        f.set('ai_model', AI_MODEL);
        for (const key of VIEW_KEYS) f.append(key, new Blob([new Uint8Array(study[key])]), `${key}.dcm`);
        return f;
      })(),
    })).data as { id: string };
    const hour = 60 * 60 * 1000;
    const taskDir = path.join(api.dataDir, 'files', user.id, task.id);
    const demoDir = path.join(api.dataDir, 'files', 'demo', demo.id);
    const anHourAgo = new Date(Date.now() - hour);
    for (const dir of [taskDir, demoDir]) {
      for (const f of readdirSync(dir)) utimesSync(path.join(dir, f), anHourAgo, anHourAgo);
      utimesSync(dir, anHourAgo, anHourAgo);
    }
    const orphan = folder(user.id, randomUUID(), hour);
    const otherOwners = folder(randomUUID(), task.id, hour); // the task's id under someone else
    const demoOrphan = folder('demo', randomUUID(), hour);
    const fresh = folder(user.id, randomUUID(), ORPHAN_GRACE_MS / 3);
    const stranger = folder('backups', 'not-a-task', hour);

    expect(await sweepOrphanUploads({ db: api.db, files: api.services.files })).toBe(3);
    for (const gone of [orphan, otherOwners, demoOrphan]) expect(existsSync(gone)).toBe(false);
    for (const kept of [taskDir, demoDir, fresh, stranger]) expect(existsSync(kept)).toBe(true);
    // An owner folder left empty goes too.
    expect(existsSync(path.dirname(otherOwners))).toBe(false);
  });

  it('sweeps again while the server runs: an orphan left after start goes without a restart, and a failed sweep is retried', async () => {
    const user = await api.createUser();
    const hour = 60 * 60 * 1000;
    const log: string[] = [];
    // The first look at the stored uploads fails, as when the store does not answer.
    let failures = 1;
    const files = new Proxy(api.services.files, {
      get(target, prop, receiver) {
        if (prop === 'storedTasks' && failures > 0) {
          failures--;
          return async () => {
            throw new Error('store not answering');
          };
        }
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) as ImageStore;
    const stop = scheduleOrphanSweeps({ db: api.db, files, everyMs: 50, log: (m) => log.push(m) });
    try {
      const orphan = folder(user.id, randomUUID(), hour);
      const deadline = Date.now() + 10_000;
      while (existsSync(orphan) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(existsSync(orphan)).toBe(false);
      expect(log[0]).toBe('upload folders could not be swept: store not answering');
      expect(log).toContain('removed 1 upload folder(s) that belong to no task');
    } finally {
      stop();
    }
    // Stopped: nothing more is swept.
    const later = folder(user.id, randomUUID(), hour);
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(later)).toBe(true);
  });
});
