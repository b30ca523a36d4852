import { ViewerToken } from '../../core/contract';
import { request } from './client';

/**
 * POST /dicomweb/viewer-token: a 5-minute token that reads one study's images through DICOMweb and
 * nothing else, for the viewer frame's URL (the full access token never goes into a URL).
 */
export const requestViewerToken = (studyInstanceUid: string) =>
  request('/dicomweb/viewer-token', ViewerToken, { method: 'POST', body: { json: { study_instance_uid: studyInstanceUid } } });
