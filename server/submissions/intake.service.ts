import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { ApiError, validationError } from '../errors';
import { AI_MODEL } from '../../core/decisions';
import type { TaskPublic, ViewKey } from '../../core/contract';
import { usersRepository, type UserRow } from '../db/repositories/users.repository';
import { tasksRepository, submissionsRepository, toTaskPublic, type TaskRow } from '../db/repositories/tasks.repository';
import type { ImageStore } from '../storage/image-store';
import type { ClassifiedUpload } from './classify-upload';
import { classifyFourViews, fourViewIssues, keepFourViews, receiveFourViews } from './four-views';
import { submissionVerdict, type SubmissionVerdict } from '../../core/submission-rule';
import type { UploadBody } from './multipart';
import { isUniqueViolation } from '../db/unique-violation';
import { perUserSlots } from '../limits/per-user-slots';

export type UploadWatcher = Pick<IntakeDeps, 'uploadStarting' | 'viewReceived' | 'uploadEnded'>;

export interface IntakeDeps {
  config: Config;
  db: Db;
  files: ImageStore;
  enqueue(taskId: string): Promise<void>;
  /**
   * What an in-process worker is told of a study on its way (server/jobs/head-start.ts): a user
   * who may submit starts sending it, before its bytes are read (the threads stop warming up and
   * may begin its views); each of its files is complete on disk; and the upload ended, accepted
   * (the worker will take what was begun) or not (it is dropped).
   */
  uploadStarting?(taskId: string, ownerId: string): void;
  viewReceived?(taskId: string, key: ViewKey, path: string): void;
  uploadEnded?(taskId: string, accepted: boolean): void;
  /** The user's row changed (count and status): drop any cached copy. */
  userChanged?(userId: string): void;
}

export const limitReachedMessage = (email: string) =>
  `You've reached the maximum number of submissions. If you would like to submit more images, please contact us at ${email}.`;
export const UPLOAD_BUSY_MESSAGE = 'Another study of yours is still being sent. Please wait until it has arrived, then try again.';
/** Seconds a client refused for an upload already on its way is asked to wait. */
const UPLOAD_BUSY_RETRY_SECONDS = 10;
export const notOpenMessage = (email: string) =>
  `Submissions are currently not open to the public. If you would like to try the service, send us an email to ${email}.`;

/** The refusal a person who may not submit gets (core/submission-rule.ts says who may). */
function refusal(verdict: Exclude<SubmissionVerdict, 'allowed'>, contactEmail: string): ApiError {
  return new ApiError(403, verdict === 'not-open' ? notOpenMessage(contactEmail) : limitReachedMessage(contactEmail));
}

function assertMaySubmit(user: UserRow, contactEmail: string) {
  const verdict = submissionVerdict(user);
  if (verdict !== 'allowed') throw refusal(verdict, contactEmail);
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/**
 * A submission: four DICOM files streamed to storage, checked by content (never by the client's
 * word), then one task created and one submission counted, atomically, and the job queued.
 */
export function intakeService({ config, db, files, enqueue, uploadStarting, viewReceived, uploadEnded, userChanged }: IntakeDeps) {
  const tasks = tasksRepository(db);
  const sending = perUserSlots(config.uploadsPerUser);

  return {
    async submit(
      user: UserRow,
      req: { body: UploadBody; contentType: string | undefined; idempotencyKey: string | undefined },
    ): Promise<{ task: TaskPublic; replayed: boolean }> {
      const key = req.idempotencyKey?.trim() || null;
      if (key && !IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, 'The Idempotency-Key header must be 8 to 128 letters, digits or -_.:');
      if (key) {
        const first = await tasks.findByIdempotencyKey(user.id, key);
        if (first) return { task: toTaskPublic(first), replayed: true };
      }
      assertMaySubmit(user, config.contactEmail);
      // Refused before a byte is read: the uploads one person streams to disk at once are few.
      const release = sending.take(user.id);
      if (!release) throw new ApiError(429, UPLOAD_BUSY_MESSAGE, { 'Retry-After': String(UPLOAD_BUSY_RETRY_SECONDS) });

      const taskId = randomUUID();
      uploadStarting?.(taskId, user.id);
      try {
        const { fields, received, byView } = await receiveFourViews(req, {
          files,
          ownerId: user.id,
          id: taskId,
          maxFileBytes: config.maxUploadBytes,
          received: (file) => viewReceived?.(taskId, file.field as ViewKey, file.path),
        });
        const issues = fourViewIssues(fields, received, byView);
        if (issues.length > 0) throw validationError(issues);
        const classified = await classifyFourViews(byView, config.contactEmail);
        // Stored before the task exists: a store that refuses them or is down costs no submission.
        await keepFourViews(files, user.id, taskId);
        const task = await createTask(user, taskId, key, classified);
        userChanged?.(user.id);
        if (task.replayed) {
          uploadEnded?.(taskId, false);
          await files.removeTask(user.id, taskId);
        } else {
          uploadEnded?.(taskId, true);
          await enqueue(taskId);
        }
        return { task: toTaskPublic(task.row), replayed: task.replayed };
      } catch (err) {
        uploadEnded?.(taskId, false);
        await files.removeTask(user.id, taskId);
        throw err;
      } finally {
        release();
      }
    },
  };

  async function createTask(user: UserRow, taskId: string, key: string | null, views: Record<ViewKey, ClassifiedUpload>) {
    const header = views.r_cc.header;
    try {
      return await db.transaction(async (tx) => {
        const txTasks = tasksRepository(tx);
        if (!(await submissionsRepository(tx).take(user.id))) {
          // The same submission sent again while its first request was still uploading: that
          // request's task took the last submission, and it is the answer.
          const first = key ? await txTasks.findByIdempotencyKey(user.id, key) : null;
          if (first) return { row: first, replayed: true };
          const fresh = await usersRepository(tx).findById(user.id);
          const verdict = fresh ? submissionVerdict(fresh) : 'not-open';
          throw refusal(verdict === 'allowed' ? 'limit-reached' : verdict, config.contactEmail);
        }
        const row = await txTasks.insert({
          id: taskId,
          owner_id: user.id,
          ai_model: AI_MODEL,
          dcm_patient_id: header.patientId,
          dcm_study_date: header.studyDate,
          dcm_study_instance_uid: header.studyInstanceUid,
          dcm_patient_birth_date: header.patientBirthDate,
          idempotency_key: key,
          counted: true,
        });
        return { row, replayed: false };
      });
    } catch (err) {
      // Two replays racing: the unique key lets one in; the other answers with its task.
      if (key && isUniqueViolation(err)) {
        const first = await tasks.findByIdempotencyKey(user.id, key);
        if (first) return { row: first as TaskRow, replayed: true };
      }
      throw err;
    }
  }
}

export type IntakeService = ReturnType<typeof intakeService>;
