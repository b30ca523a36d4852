import { z } from 'zod';

/** Settings the front end needs from the server (contact e-mail of the dialogs, the model). */
export const PublicConfig = z
  .object({
    contact_email: z.string(),
    blocked_signup_domains: z.array(z.string()),
    ai_model: z.string(),
    ai_model_label: z.string(),
    /** The external image viewer /dicom-viewer embeds (VIEWER_URL); null when none is configured. */
    viewer_url: z.string().nullable().optional(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof PublicConfig>;
