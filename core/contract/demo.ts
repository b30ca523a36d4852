import { z } from 'zod';
import { ScoredResult, TaskResult } from './scores';
import { TaskStatus } from './tasks';
import { text } from './fields';
import { msg } from '../i18n';

/**
 * Demo mode (spec sections 3 and 7): fictional profiles, each with one study that the real
 * pipeline scored. The profile's `data` travels as JSON text, as the original API sent it.
 */
export const SCREENING_LOCATIONS = ['karolinska', 'skanes', 'akademiska'] as const;
export const ScreeningLocation = z.enum(SCREENING_LOCATIONS).meta({ id: 'ScreeningLocation' });
export type ScreeningLocation = z.infer<typeof ScreeningLocation>;

/** How each location reads for people (the demo's three providers of spec section 9). */
export const SCREENING_LOCATION_LABELS: Record<ScreeningLocation, string> = {
  karolinska: 'Karolinska University Hospital',
  skanes: 'Skåne University Hospital',
  akademiska: 'Akademiska University Hospital',
};

export const DEMO_AGE_MIN = 18;
export const DEMO_AGE_MAX = 110;
export const DEMO_DESCRIPTION_MAX = 500;
export const DEMO_NAME_MAX = 60;

export const DEMO_MESSAGES = {
  nameRequired: msg('Name is required'),
  nameTooLong: msg(`Name must be at most ${DEMO_NAME_MAX} characters`),
  dataRequired: msg('Data is required'),
  dataNotJson: msg('Data must be JSON text, for example {"age": 52, "description": "...", "screening_location": "karolinska"}'),
  dataNotObject: msg('Data must be a JSON object with age, description and screening_location'),
  ageInvalid: msg(`Age must be a whole number from ${DEMO_AGE_MIN} to ${DEMO_AGE_MAX}`),
  descriptionRequired: msg('Description is required'),
  descriptionTooLong: msg(`Description must be at most ${DEMO_DESCRIPTION_MAX} characters`),
  locationInvalid: msg(`Screening location must be one of ${SCREENING_LOCATIONS.join(', ')}`),
} as const;

/** The profile inside `data`. Unknown keys are refused so a typo does not vanish silently. */
export const DemoProfile = z
  .strictObject(
    {
      age: z.number({ error: DEMO_MESSAGES.ageInvalid }).int(DEMO_MESSAGES.ageInvalid).min(DEMO_AGE_MIN, DEMO_MESSAGES.ageInvalid).max(DEMO_AGE_MAX, DEMO_MESSAGES.ageInvalid),
      description: text({ error: DEMO_MESSAGES.descriptionRequired })
        .trim()
        .min(1, DEMO_MESSAGES.descriptionRequired)
        .max(DEMO_DESCRIPTION_MAX, DEMO_MESSAGES.descriptionTooLong),
      screening_location: z.enum(SCREENING_LOCATIONS, { error: DEMO_MESSAGES.locationInvalid }),
    },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? `Unknown field in data: ${iss.keys.join(', ')}` : undefined) },
  )
  .meta({ id: 'DemoProfile' });
export type DemoProfile = z.infer<typeof DemoProfile>;

export type DemoDataIssue = { path: Array<string | number>; message: string };

/** Parses the JSON text of `data`; the issues carry paths inside data (empty path: data itself). */
export function parseDemoData(text: string | null | undefined): { ok: true; profile: DemoProfile } | { ok: false; issues: DemoDataIssue[] } {
  if (text == null || !text.trim()) return { ok: false, issues: [{ path: [], message: DEMO_MESSAGES.dataRequired }] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, issues: [{ path: [], message: DEMO_MESSAGES.dataNotJson }] };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, issues: [{ path: [], message: DEMO_MESSAGES.dataNotObject }] };
  const parsed = DemoProfile.safeParse(raw);
  if (parsed.success) return { ok: true, profile: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message })),
  };
}

/** The profile of a stored demo user, or null when its data is not a valid profile. */
export function readDemoProfile(data: string): DemoProfile | null {
  const r = parseDemoData(data);
  return r.ok ? r.profile : null;
}

export const DemoName = text({ error: DEMO_MESSAGES.nameRequired }).trim().min(1, DEMO_MESSAGES.nameRequired).max(DEMO_NAME_MAX, DEMO_MESSAGES.nameTooLong);

/** The data text, checked as a profile (used by the JSON body of the update). */
export const DemoDataText = text({ error: DEMO_MESSAGES.dataRequired }).superRefine((text, ctx) => {
  const r = parseDemoData(text);
  if (!r.ok) for (const i of r.issues) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
});

export const DemoUserPublic = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    /** JSON text: age, description, screening_location. */
    data: z.string(),
    created_at: z.string(),
    /** The status of the profile's study; null when it was created without images. */
    status: TaskStatus.nullable(),
  })
  .meta({ id: 'DemoUserPublic' });
export type DemoUserPublic = z.infer<typeof DemoUserPublic>;

export const DemoUsersPublic = z.object({ data: z.array(DemoUserPublic), count: z.number().int() }).meta({ id: 'DemoUsersPublic' });
export type DemoUsersPublic = z.infer<typeof DemoUsersPublic>;

export const DemoUserUpdate = z.object({ data: DemoDataText }).meta({ id: 'DemoUserUpdate' });
export type DemoUserUpdate = z.input<typeof DemoUserUpdate>;

/** The multipart form of POST /demo/user, for the OpenAPI document (the files are optional, all four or none). */
export const DemoUserCreateForm = z
  .object({
    name: z.string(),
    data: z.string(),
    ai_model: z.string(),
    r_cc: z.string().meta({ format: 'binary' }).optional(),
    r_mlo: z.string().meta({ format: 'binary' }).optional(),
    l_cc: z.string().meta({ format: 'binary' }).optional(),
    l_mlo: z.string().meta({ format: 'binary' }).optional(),
  })
  .meta({ id: 'DemoUserCreateForm' });

/** One demo profile's study, shaped like a task so the results screen reads both alike. */
export const DemoTaskPublic = z
  .object({
    id: z.string().uuid(),
    demo_user_id: z.string().uuid(),
    status: TaskStatus.nullable(),
    created_at: z.string(),
    dcm_patient_id: z.string().nullable(),
    dcm_study_date: z.string().nullable(),
    dcm_study_instance_uid: z.string().nullable(),
    result: TaskResult.nullable(),
  })
  .meta({ id: 'DemoTaskPublic' });
export type DemoTaskPublic = z.infer<typeof DemoTaskPublic>;

/** GET /demo/tasks: per demo user id, the scores or why there are none. */
export const DemoTaskEntry = z.union([
  z.object({ status: TaskStatus.nullable(), result: ScoredResult }),
  z.object({ status: TaskStatus.nullable(), error: z.string() }),
]);
export type DemoTaskEntry = z.infer<typeof DemoTaskEntry>;
export const DemoTasks = z.record(z.string(), DemoTaskEntry).meta({ id: 'DemoTasks' });
export type DemoTasks = z.infer<typeof DemoTasks>;

/** GET /demo/images: per demo user id, the four display images (base64 PNG) or why there are none. */
export const DemoImageSet = z.object({ r_cc: z.string(), l_cc: z.string(), r_mlo: z.string(), l_mlo: z.string() });
export const DemoImagesEntry = z.union([z.object({ img_b64: DemoImageSet }), z.object({ error: z.string() })]);
export type DemoImagesEntry = z.infer<typeof DemoImagesEntry>;
export const DemoImages = z.record(z.string(), DemoImagesEntry).meta({ id: 'DemoImages' });
export type DemoImages = z.infer<typeof DemoImages>;

export const DemoUsersQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
});
