import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_RISK_FACTORS } from '../../core/contract';
import { AI_MODEL } from '../../core/decisions';
import { assembleResult, type ViewMeasurement } from '../../server/analysis/assemble';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { DEMO_OWNER_ID } from '../../server/db/repositories/demo-owner';
import { tasksRepository } from '../../server/db/repositories/tasks.repository';
import { usersRepository } from '../../server/db/repositories/users.repository';
import { demoService } from '../../server/services/demo.service';
import { createImageStore } from '../../server/storage/create';
import { dbLabel, freshDatabase } from '../support/test-db';

const MIGRATIONS = path.join(import.meta.dirname, '../../server/db/migrations');

/** The schema as an install had it before demo studies became tasks: migrations 001 to 012, recorded as migrate() records them. */
async function migrateTo012(db: Db) {
  await db.exec('CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < '013').sort()) {
    await db.exec(readFileSync(path.join(MIGRATIONS, file), 'utf8'));
    await db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [file.replace(/\.sql$/, '')]);
  }
}

const view = (key: ViewMeasurement['regions'][number]['view']): ViewMeasurement => ({
  percentDensity: 28,
  denseAreaCm2: 35,
  detectionScore: 0.3,
  regions: [{ view: key, kind: 'mass', x: 0.4, y: 0.5, width: 0.05, height: 0.05, score: 0.3 }],
  pixelSpacingMm: 0.1,
});

describe(`migration 013 carries demo profiles' studies over to tasks (${dbLabel()})`, () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-demo-migration-'));
  const completedId = '5f0c1d52-8a4e-4c1b-9d7e-0a1b2c3d4e5f';
  const bareId = '6a1d2e63-9b5f-4d2c-8e8f-1b2c3d4e5f60';
  const result = assembleResult({
    views: { r_cc: view('r_cc'), l_cc: view('l_cc'), r_mlo: view('r_mlo'), l_mlo: view('l_mlo') },
    ageYears: 57,
    ageSource: 'demo_profile',
    riskFactors: EMPTY_RISK_FACTORS,
  });

  beforeAll(async () => {
    database = await freshDatabase();
    await migrateTo012(database.db);
    await database.db.query(
      `INSERT INTO demo_users (id, name, data, status, ai_model, dcm_patient_id, dcm_study_date, dcm_study_instance_uid, result, attempts, created_at, started_at, finished_at)
       VALUES ($1, 'Old Profile', $2, 'completed', $3, 'DEMO-OLD', '20240115', '1.2.826.0.1.3680043.8.498.1', $4, 2,
               '2025-01-02T03:04:05Z', '2025-01-02T03:05:00Z', '2025-01-02T03:06:00Z')`,
      [completedId, JSON.stringify({ age: 57, description: 'Migrated.', screening_location: 'skanes' }), AI_MODEL, JSON.stringify(result)],
    );
    await database.db.query(`INSERT INTO demo_users (id, name, data) VALUES ($1, 'No Images', $2)`, [
      bareId,
      JSON.stringify({ age: 40, description: 'No study.', screening_location: 'karolinska' }),
    ]);
    // Its stored display image, where the demo files owner kept it.
    mkdirSync(path.join(dataDir, 'files', 'demo', completedId), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'demo', completedId, 'r_cc.png'), Buffer.from('\x89PNG-r_cc'));
    expect(await migrate(database.db)).toEqual(readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f >= '013').sort().map((f) => f.replace(/\.sql$/, '')));
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a completed study: status, result, header fields, attempts, times and its files, as a task of the demo owner', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, RUN_WORKER: 'false' });
    const files = createImageStore(config, database.db);
    const demo = demoService({ config, db: database.db, files, enqueue: async () => undefined });

    const task = await tasksRepository(database.db).find(completedId);
    expect(task).toMatchObject({ owner_id: DEMO_OWNER_ID, status: 'completed', ai_model: AI_MODEL, attempts: 2, counted: false, created_at: '2025-01-02T03:04:05.000000' });
    expect(task!.result).toEqual(result);
    const times = await database.db.query<{ started: string; finished: string }>(
      `SELECT to_char(started_at AT TIME ZONE 'UTC', 'HH24:MI') AS started, to_char(finished_at AT TIME ZONE 'UTC', 'HH24:MI') AS finished FROM tasks WHERE id = $1`,
      [completedId],
    );
    expect(times[0]).toEqual({ started: '03:05', finished: '03:06' });

    expect(await demo.task(completedId)).toEqual({
      id: completedId,
      demo_user_id: completedId,
      status: 'completed',
      created_at: '2025-01-02T03:04:05.000000',
      dcm_patient_id: 'DEMO-OLD',
      dcm_study_date: '20240115',
      dcm_study_instance_uid: '1.2.826.0.1.3680043.8.498.1',
      result,
    });
    expect(Buffer.from((await demo.image(completedId, 'r_cc', 'image')).img_b64, 'base64').toString()).toBe('\x89PNG-r_cc');
    expect((await demo.tasks(0, 10, true))[completedId]).toEqual({ status: 'completed', result });
    expect(await demo.get(bareId, true)).toMatchObject({ name: 'No Images', status: null });
    await expect(demo.task(bareId)).rejects.toMatchObject({ status: 404 });

    // The demo owner is no person, and its tasks are nobody's to list.
    expect((await usersRepository(database.db).list(0, 100)).data.map((u) => u.id)).not.toContain(DEMO_OWNER_ID);
    expect(await usersRepository(database.db).findById(DEMO_OWNER_ID)).toBeNull();
    expect((await tasksRepository(database.db).list({ skip: 0, limit: 100 })).data.map((t) => t.id)).not.toContain(completedId);

    // Deleting the profile still deletes its study and files.
    await demo.delete(completedId);
    expect(await tasksRepository(database.db).find(completedId)).toBeNull();
    expect(existsSync(path.join(dataDir, 'files', 'demo', completedId))).toBe(false);
  });
});
