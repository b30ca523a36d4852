import { queryOptions } from '@tanstack/react-query';
import { apiPath, PATHS, TaskPublic, ViewerToken } from '../../core/contract';
import { TIMING } from '../../core/decisions';
import { ApiError, request } from './client';
import { queryKeys } from './queries';
import { settled } from './tasks';

/**
 * POST /dicomweb/viewer-token: a 5-minute token that reads one study's images through DICOMweb and
 * nothing else, for the viewer frame's URL (the full access token never goes into a URL).
 */
export const requestViewerToken = (studyInstanceUid: string) =>
  request(apiPath(PATHS.viewerToken), ViewerToken, { method: 'POST', body: { json: { study_instance_uid: studyInstanceUid } } });

/** GET /tasks/study/{uid}: the newest task of a study, which the viewer is opened with. */
export const readTaskByStudy = (studyInstanceUid: string) => request(apiPath(PATHS.taskByStudy, { study_instance_uid: studyInstanceUid }), TaskPublic);

/**
 * The study's result for the image viewer's overlays and regions: polled while the engine is still
 * at it. A study without a task (404) is not asked again.
 */
export const taskByStudyQuery = (studyInstanceUid: string) =>
  queryOptions({
    queryKey: queryKeys.taskByStudy(studyInstanceUid),
    queryFn: () => readTaskByStudy(studyInstanceUid),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    refetchInterval: (q) => (q.state.data && !settled(q.state.data.status) ? TIMING.taskRefetchMs : false),
  });
