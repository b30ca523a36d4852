import type { LastTaskImages, OverlayLayer, ResultVersions, TaskImage, TaskPublic, TasksPublic, ViewKey } from '../../core/contract';
import { VIEW_KEYS } from '../../core/contract';
import { ApiError } from '../errors';
import type { UserRow } from '../db/repositories/users.repository';
import { toTaskPublic, type SubmissionsRepository, type TaskRow, type TasksRepository } from '../db/repositories/tasks.repository';
import type { ImageStore } from '../storage/image-store';

const TASK_NOT_FOUND = 'Task not found';
const IMAGE_NOT_AVAILABLE = 'Image not available';

export function imageFileName(view: ViewKey, layer: OverlayLayer): string {
  return layer === 'image' ? `${view}.png` : `${view}.${layer}.png`;
}

/** Reading and deleting tasks. Another user's task reads as missing (404), never as forbidden. */
export function tasksService(deps: { tasks: TasksRepository; submissions: SubmissionsRepository; files: ImageStore }) {
  const { tasks, files } = deps;

  async function visible(user: UserRow, id: string): Promise<TaskRow> {
    const task = user.is_superuser ? await tasks.findPersons(id) : await tasks.findOwned(id, user.id);
    if (!task) throw new ApiError(404, TASK_NOT_FOUND);
    return task;
  }

  async function last(user: UserRow): Promise<TaskRow> {
    const task = await tasks.last(user.id);
    if (!task) throw new ApiError(404, 'No submission yet');
    return task;
  }

  async function image(task: TaskRow, view: ViewKey, layer: OverlayLayer): Promise<TaskImage> {
    const png = await files.read(task.owner_id, task.id, imageFileName(view, layer));
    if (!png) throw new ApiError(404, IMAGE_NOT_AVAILABLE);
    return {
      patient_id: task.dcm_patient_id,
      study_date: task.dcm_study_date,
      study_instance_uid: task.dcm_study_instance_uid,
      img_b64: png.toString('base64'),
    };
  }

  return {
    async list(user: UserRow, skip: number, limit: number): Promise<TasksPublic> {
      const { data, count } = await tasks.list({ ownerId: user.is_superuser ? undefined : user.id, skip, limit });
      return { data: data.map((t) => ({ ...toTaskPublic(t), owner_email: t.owner_email })), count };
    },
    async get(user: UserRow, id: string): Promise<TaskPublic> {
      return toTaskPublic(await visible(user, id));
    },
    async last(user: UserRow): Promise<TaskPublic> {
      return toTaskPublic(await last(user));
    },
    /**
     * The newest task of a study the user may see (her own; a superuser: anyone's), the same task
     * DICOMweb serves the study's images from. Another person's study reads as missing.
     */
    async byStudy(user: UserRow, studyInstanceUid: string): Promise<TaskPublic> {
      const [task] = await tasks.latestByStudy({ ownerId: user.is_superuser ? undefined : user.id, studyUids: [studyInstanceUid] });
      if (!task) throw new ApiError(404, 'Study not found');
      return toTaskPublic(task);
    },
    async versions(user: UserRow, id: string): Promise<ResultVersions> {
      return { data: await tasks.resultVersions((await visible(user, id)).id) };
    },
    async delete(user: UserRow, id: string): Promise<void> {
      const task = await visible(user, id);
      await tasks.delete(task.id);
      await files.removeTask(task.owner_id, task.id);
      await deps.submissions.refreshStatus(task.owner_id);
    },
    async image(user: UserRow, id: string, view: ViewKey, layer: OverlayLayer): Promise<TaskImage> {
      return image(await visible(user, id), view, layer);
    },
    async lastImage(user: UserRow, view: ViewKey, layer: OverlayLayer): Promise<TaskImage> {
      return image(await last(user), view, layer);
    },
    /** All four display images of the last task, or an error when any is missing. */
    async lastImages(user: UserRow): Promise<LastTaskImages> {
      const task = await last(user);
      const img_b64 = {} as Record<ViewKey, string>;
      for (const view of VIEW_KEYS) img_b64[view] = (await image(task, view, 'image')).img_b64;
      return { patient_id: task.dcm_patient_id, study_date: task.dcm_study_date, study_instance_uid: task.dcm_study_instance_uid, img_b64 };
    },
  };
}
export type TasksService = ReturnType<typeof tasksService>;
