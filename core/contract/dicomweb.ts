import { z } from 'zod';
import { text } from './fields';
import { msg } from '../i18n';

/** A DICOM UID's characters: digits separated by dots (PS3.5 9.1); at most 64 of them. */
const UID_PATTERN = /^[0-9]+(\.[0-9]+)*$/;
const UID_MAX = 64;

/** A DICOM UID: digits and dots, at most 64 characters (PS3.5 9.1). */
export const StudyInstanceUid = text()
  .max(UID_MAX, msg('A Study Instance UID has at most 64 characters'))
  .regex(UID_PATTERN, msg('A Study Instance UID is digits separated by dots'));

/** Whether `value` can be a DICOM UID at all (a search for anything else finds nothing). */
export const isDicomUid = (value: string): boolean => value.length <= UID_MAX && UID_PATTERN.test(value);

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
