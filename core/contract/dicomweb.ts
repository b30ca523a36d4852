import { z } from 'zod';
import { text } from './fields';
import { msg } from '../i18n';

/** A DICOM UID: digits and dots, at most 64 characters (PS3.5 9.1). */
export const StudyInstanceUid = text()
  .max(64, msg('A Study Instance UID has at most 64 characters'))
  .regex(/^[0-9]+(\.[0-9]+)*$/, msg('A Study Instance UID is digits separated by dots'));

export const ViewerTokenRequest = z.object({ study_instance_uid: StudyInstanceUid }).meta({ id: 'ViewerTokenRequest' });
export type ViewerTokenRequest = z.infer<typeof ViewerTokenRequest>;

/**
 * A short-lived token that reads one study's images through DICOMweb and nothing else: what the
 * viewer frame gets as its `token`, so the full access token never travels in a URL.
 */
export const ViewerToken = z
  .object({ token: z.string(), token_type: z.literal('bearer'), expires_in: z.number().int(), study_instance_uid: z.string() })
  .meta({ id: 'ViewerToken' });
export type ViewerToken = z.infer<typeof ViewerToken>;
