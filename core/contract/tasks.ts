import { z } from 'zod';
import { AI_MODEL } from '../decisions';
import { StudyInstanceUid } from './dicomweb';
import { ScoredResult, TaskResult, ViewKey, OverlayLayer } from './scores';

export const TaskStatus = z.enum(['queued', 'running', 'completed', 'failed']).meta({ id: 'TaskStatus' });
export type TaskStatus = z.infer<typeof TaskStatus>;

export const TaskPublic = z
  .object({
    id: z.string().uuid(),
    status: TaskStatus,
    /** UTC without a zone suffix, as the original API sent it. */
    created_at: z.string(),
    owner_id: z.string().uuid(),
    ai_model: z.string(),
    dcm_patient_id: z.string().nullable(),
    dcm_study_date: z.string().nullable(),
    dcm_study_instance_uid: z.string().nullable(),
    result: TaskResult.nullable(),
  })
  .meta({ id: 'TaskPublic' });
export type TaskPublic = z.infer<typeof TaskPublic>;

/** A task in a list: also who submitted it (the Tasks Manager shows it; a person's own list, her own address). */
export const TaskListItem = TaskPublic.extend({ owner_email: z.string().nullable() }).meta({ id: 'TaskListItem' });
export type TaskListItem = z.infer<typeof TaskListItem>;

export const TasksPublic = z.object({ data: z.array(TaskListItem), count: z.number().int() }).meta({ id: 'TasksPublic' });
export type TasksPublic = z.infer<typeof TasksPublic>;

export const AiModel = z.literal(AI_MODEL, { error: `ai_model must be ${AI_MODEL}` });

export const TaskImage = z
  .object({
    patient_id: z.string().nullable(),
    study_date: z.string().nullable(),
    study_instance_uid: z.string().nullable(),
    img_b64: z.string(),
  })
  .meta({ id: 'TaskImage' });
export type TaskImage = z.infer<typeof TaskImage>;

export const LastTaskImages = z
  .object({
    patient_id: z.string().nullable(),
    study_date: z.string().nullable(),
    study_instance_uid: z.string().nullable(),
    img_b64: z.object({ r_cc: z.string(), l_cc: z.string(), r_mlo: z.string(), l_mlo: z.string() }),
  })
  .meta({ id: 'LastTaskImages' });
export type LastTaskImages = z.infer<typeof LastTaskImages>;

export const ImageQuery = z.object({ layer: OverlayLayer.default('image') });
export const ViewParam = z.object({ view_position: ViewKey });

/** A study by its DICOM UID: the image viewer finds the study's result (and overlays) from it. */
export const StudyParam = z.object({ study_instance_uid: StudyInstanceUid });

/** The earlier versions of a task's result (the task's own `result` is the newest), oldest first. */
export const ResultVersions = z
  .object({
    data: z.array(
      z.object({
        version: z.number().int().min(1),
        /** When a newer version replaced it: UTC without a zone suffix, like created_at. */
        replaced_at: z.string(),
        result: ScoredResult,
      }),
    ),
  })
  .meta({ id: 'ResultVersions' });
export type ResultVersions = z.infer<typeof ResultVersions>;
