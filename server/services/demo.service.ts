import { createHash, randomUUID } from 'node:crypto';
import {
  DemoName,
  VIEW_KEYS,
  isFailed,
  parseDemoData,
  readDemoProfile,
  type DemoImages,
  type DemoTaskPublic,
  type DemoTasks,
  type DemoUserPublic,
  type DemoUsersPublic,
  type OverlayLayer,
  type TaskImage,
  type ValidationIssue,
  type ViewKey,
} from '../../core/contract';
import { AI_MODEL } from '../../core/decisions';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { DEMO_FILES_OWNER, DEMO_OWNER_ID, filesOwnerOf } from '../db/repositories/demo-owner';
import { demoUsersRepository, toDemoUserPublic, type DemoUserRow } from '../db/repositories/demo-users.repository';
import { tasksRepository, type TaskRow } from '../db/repositories/tasks.repository';
import { ApiError, validationError } from '../errors';
import { writePhantomStudiesInThread, type WrittenStudy } from '../phantom/study-thread';
import type { ImageStore } from '../storage/image-store';
import { classifyFourViews, fourViewIssues, keepFourViews, receiveFourViews } from '../submissions/four-views';
import { BUILT_IN_DEMO_PROFILES, DEMO_PHANTOM_SIZE, type BuiltInDemoProfile } from './demo-profiles';
import { imageFileName } from './tasks.service';
import type { UploadBody } from '../submissions/multipart';

export interface DemoServiceDeps {
  config: Config;
  db: Db;
  files: ImageStore;
  /** Hands a task id to the job queue. */
  enqueue(taskId: string): Promise<void>;
}

const DEMO_USER_NOT_FOUND = 'Demo user not found';
const NO_STUDY = 'This demo profile has no study.';
const STILL_PROCESSING = 'The demo study is still being processed.';
const IMAGE_NOT_AVAILABLE = 'Image not available';

/**
 * The data text as it is stored: the profile it was read as, written out again. What was sent is
 * never kept as sent: its limits are checked on trimmed values and a key may come twice, so 800 KB
 * of padding around a 500-character description reached every visitor's list (found by an audit).
 */
function storedData(text: string | undefined): { data: string; issues: [] } | { data: null; issues: ValidationIssue[] } {
  const r = parseDemoData(text);
  if (!r.ok) return { data: null, issues: r.issues.map((i) => ({ loc: ['body', 'data', ...i.path], msg: i.message, type: 'value_error' })) };
  return { data: JSON.stringify(r.profile), issues: [] };
}

/** The header values a profile's study is stored with, as its task. */
type StudyHeader = Pick<TaskRow, 'dcm_patient_id' | 'dcm_study_date' | 'dcm_study_instance_uid'>;

/** The profile's study shaped as the demo API has always sent it. */
function toDemoTaskPublic(row: DemoUserRow, task: TaskRow): DemoTaskPublic {
  const { status, created_at, dcm_patient_id, dcm_study_date, dcm_study_instance_uid, result } = task;
  return { id: task.id, demo_user_id: row.id, status, created_at, dcm_patient_id, dcm_study_date, dcm_study_instance_uid, result };
}

/**
 * Demo profiles: open reads for anyone (demo mode needs no account), writes for superusers (the
 * routes check that). A profile's study is an ordinary task owned by the demo owner
 * (demo-owner.ts), scored by the one task processor; the routes here are lookups by profile.
 */
export function demoService({ config, db, files, enqueue }: DemoServiceDeps) {
  const repo = demoUsersRepository(db);
  const tasks = tasksRepository(db);

  /**
   * Inserts the profile with its study's task in one transaction. The task takes the profile's id,
   * so its files are received under DATA_DIR/files/demo/<profile id> before either row exists.
   */
  async function insertProfile(tx: Db, p: { id: string; name: string; data: string; study: StudyHeader | null }): Promise<DemoUserRow> {
    if (p.study) {
      await tasksRepository(tx).insert({
        id: p.id, owner_id: DEMO_OWNER_ID, ai_model: AI_MODEL, ...p.study, dcm_patient_birth_date: null, idempotency_key: null, counted: false,
      });
    }
    return demoUsersRepository(tx).insert({ id: p.id, name: p.name, data: p.data, task_id: p.study ? p.id : null });
  }

  async function studyOf(row: DemoUserRow): Promise<TaskRow | null> {
    return row.task_id ? tasks.find(row.task_id) : null;
  }

  async function found(id: string): Promise<DemoUserRow> {
    const row = await repo.find(id);
    if (!row) throw new ApiError(404, DEMO_USER_NOT_FOUND);
    return row;
  }

  /** A profile a visitor may see: one without a study is listed for superusers (`all`) only, and read as missing. */
  async function visible(id: string, all: boolean): Promise<DemoUserRow> {
    const row = await found(id);
    if (!all && row.status === null) throw new ApiError(404, DEMO_USER_NOT_FOUND);
    return row;
  }

  async function image(row: DemoUserRow, view: ViewKey, layer: OverlayLayer): Promise<TaskImage> {
    const task = await studyOf(row);
    if (!task) throw new ApiError(404, NO_STUDY);
    const png = await files.read(filesOwnerOf(task.owner_id), task.id, imageFileName(view, layer));
    if (!png) throw new ApiError(404, IMAGE_NOT_AVAILABLE);
    return { patient_id: task.dcm_patient_id, study_date: task.dcm_study_date, study_instance_uid: task.dcm_study_instance_uid, img_b64: png.toString('base64') };
  }

  /** Answers of images() kept, by the state they were built for (each a few megabytes). */
  const KEPT_IMAGE_ANSWERS = 4;
  const imagesByState = new Map<string, { images: DemoImages; etag: string }>();

  async function buildImages(data: DemoUserRow[]): Promise<DemoImages> {
    const out: DemoImages = {};
    for (const row of data) {
      try {
        const img_b64 = {} as Record<ViewKey, string>;
        for (const view of VIEW_KEYS) img_b64[view] = (await image(row, view, 'image')).img_b64;
        out[row.id] = { img_b64 };
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        out[row.id] = { error: row.status === 'queued' || row.status === 'running' ? STILL_PROCESSING : err.detail };
      }
    }
    return out;
  }

  /** Writes the profile's files first, then its row; the study is queued once both exist. */
  async function seedOne(p: BuiltInDemoProfile, study: WrittenStudy): Promise<boolean> {
    const id = randomUUID();
    const { dicoms } = study;
    for (const key of VIEW_KEYS) await files.write(DEMO_FILES_OWNER, id, `${key}.dcm`, dicoms[key]);
    const created = await db.transaction(async (tx) => {
      if (!(await demoUsersRepository(tx).claimSeed(p.key, id))) return false;
      await insertProfile(tx, {
        id,
        name: p.name,
        data: JSON.stringify(p.profile),
        study: { dcm_patient_id: study.patientId, dcm_study_date: study.studyDate, dcm_study_instance_uid: study.studyInstanceUid },
      });
      return true;
    });
    if (!created) {
      await files.removeTask(DEMO_FILES_OWNER, id);
      return false;
    }
    await enqueue(id);
    return true;
  }

  return {
    /** Visitors see only the profiles with images (a study); a superuser (`all`) sees every one. */
    async list(skip: number, limit: number, all = false): Promise<DemoUsersPublic> {
      const { data, count } = await repo.list(skip, limit, all);
      return { data: data.map(toDemoUserPublic), count };
    },

    async get(id: string, all = false): Promise<DemoUserPublic> {
      return toDemoUserPublic(await visible(id, all));
    },

    /** Multipart: name, data, ai_model and optionally the four views (all four or none). */
    async create(req: { body: UploadBody; contentType: string | undefined }): Promise<DemoUserPublic> {
      const id = randomUUID();
      try {
        const { fields, received, byView } = await receiveFourViews(req, { files, ownerId: DEMO_FILES_OWNER, id, maxFileBytes: config.maxUploadBytes });
        const issues: ValidationIssue[] = [];
        const name = DemoName.safeParse(fields.name ?? '');
        if (!name.success) issues.push({ loc: ['body', 'name'], msg: name.error.issues[0].message, type: 'value_error' });
        const { data, issues: dataIssues } = storedData(fields.data);
        issues.push(...dataIssues);
        // The views are optional for a demo user: all four or none.
        issues.push(...fourViewIssues(fields, received, byView, true));
        if (issues.length > 0) throw validationError(issues);

        let study: StudyHeader | null = null;
        if (byView.size === VIEW_KEYS.length) {
          const classified = await classifyFourViews(byView, config.contactEmail);
          const h = classified.r_cc.header;
          study = { dcm_patient_id: h.patientId, dcm_study_date: h.studyDate, dcm_study_instance_uid: h.studyInstanceUid };
          await keepFourViews(files, DEMO_FILES_OWNER, id);
        }
        const row = await db.transaction((tx) => insertProfile(tx, { id, name: name.data!, data: data!, study }));
        if (row.task_id) await enqueue(row.task_id);
        return toDemoUserPublic(row);
      } catch (err) {
        await files.removeTask(DEMO_FILES_OWNER, id);
        throw err;
      }
    },

    /** New data; when the age changes, the study is scored again with the new age. */
    async update(id: string, sent: string): Promise<DemoUserPublic> {
      const before = await found(id);
      const { data, issues } = storedData(sent);
      if (data === null) throw validationError(issues);
      const row = await repo.updateData(id, data);
      if (!row) throw new ApiError(404, DEMO_USER_NOT_FOUND);
      const ageChanged = readDemoProfile(before.data)?.age !== readDemoProfile(data)?.age;
      if (ageChanged && row.task_id && (await tasks.requeue(row.task_id))) {
        await enqueue(row.task_id);
        return toDemoUserPublic((await repo.find(id)) ?? row);
      }
      return toDemoUserPublic(row);
    },

    async delete(id: string): Promise<void> {
      const deleted = await repo.delete(id);
      if (!deleted) throw new ApiError(404, DEMO_USER_NOT_FOUND);
      if (deleted.task_id) await files.removeTask(DEMO_FILES_OWNER, deleted.task_id);
    },

    /** The profile's study, shaped like a task; 404 when the profile has none. */
    async task(id: string, all = false): Promise<DemoTaskPublic> {
      const row = await visible(id, all);
      const task = await studyOf(row);
      if (!task) throw new ApiError(404, NO_STUDY);
      return toDemoTaskPublic(row, task);
    },

    /** Per demo user id: the scores, or why there are none. */
    async tasks(skip: number, limit: number, all = false): Promise<DemoTasks> {
      const { data } = await repo.list(skip, limit, all);
      const out: DemoTasks = {};
      for (const row of data) {
        const task = await studyOf(row);
        const result = task?.result ?? null;
        if (task?.status === 'completed' && result && !isFailed(result)) out[row.id] = { status: task.status, result };
        else if (result && isFailed(result)) out[row.id] = { status: row.status, error: result.error };
        else out[row.id] = { status: row.status, error: row.status === null ? NO_STUDY : STILL_PROCESSING };
      }
      return out;
    },

    async image(id: string, view: ViewKey, layer: OverlayLayer, all = false): Promise<TaskImage> {
      return image(await visible(id, all), view, layer);
    },

    /**
     * Per demo user id: all four display images, or why they are not there; with a validator for
     * the answer. Built once per state of the profiles listed (which ones, their studies' states):
     * the answer is megabytes of base64 read from files, asked by every visitor of the demo, and a
     * display image changes only with its study's files (found by an audit: each request rebuilt it).
     */
    async images(skip: number, limit: number, all = false): Promise<{ images: DemoImages; etag: string }> {
      const { data } = await repo.list(skip, limit, all);
      const key = JSON.stringify([skip, limit, all, data.map((r) => [r.id, r.task_id, r.status])]);
      const known = imagesByState.get(key);
      if (known) return known;
      const built = { images: await buildImages(data), etag: `"demo-images-${createHash('sha1').update(key).digest('hex')}"` };
      if (imagesByState.size >= KEPT_IMAGE_ANSWERS) imagesByState.delete(imagesByState.keys().next().value!);
      imagesByState.set(key, built);
      return built;
    },

    /**
     * Seeds the built-in profiles not seeded before (first start); a second start changes nothing,
     * and a profile an administrator deleted stays deleted.
     */

    async seed(log: (msg: string) => void = () => undefined): Promise<number> {
      const done = await repo.seeded(BUILT_IN_DEMO_PROFILES.map((p) => p.key));
      const todo = BUILT_IN_DEMO_PROFILES.filter((p) => !done.has(p.key));
      const studies = await writePhantomStudiesInThread(todo.map((p) => ({ ...p.phantom, ...DEMO_PHANTOM_SIZE })));
      let created = 0;
      for (const [i, p] of todo.entries()) {
        if (await seedOne(p, studies[i])) created++;
      }
      if (created) log(`demo profiles seeded: ${created}`);
      return created;
    },
  };
}
export type DemoService = ReturnType<typeof demoService>;
