import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Anchor, Box, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { configQuery } from '../api/queries';
import { requestViewerToken, taskByStudyQuery } from '../api/dicomweb';
import { API_BASE, ApiError } from '../api/client';
import { taskImageQuery } from '../api/tasks';
import { isFailed } from '../../core/contract';
import type { ViewerFindings } from '../features/viewer/findings';
import { getToken } from '../session/token';
import { useCurrentUser } from '../session/useSession';
import { CornerLanguageSwitch } from '../components/LanguageSwitch';
import { useT } from '../i18n';
import { errorMessage } from '../lib/notify';

const route = getRouteApi('/dicom-viewer');

// The built-in viewer (Cornerstone3D, its workers and codecs) loads only when it is shown.
const BuiltInViewer = lazy(() => import('../features/viewer/BuiltInViewer'));

/**
 * The viewer address with the study and a viewer token (spec section 2): a short-lived token that
 * reads this one study through DICOMweb, never the session's access token.
 */
export function viewerSrc(base: string, studyInstanceUID: string, viewerToken: string): string {
  const url = new URL(base, window.location.origin);
  url.searchParams.set('StudyInstanceUIDs', studyInstanceUID);
  url.searchParams.set('token', viewerToken);
  return url.toString();
}

/** Where the viewer's way back leads: an administrator came from the Tasks Manager, a person from her results. */
function useWayBack(): { to: '/tasks' | '/results'; label: string } {
  const t = useT();
  const { user } = useCurrentUser();
  return user?.is_superuser ? { to: '/tasks', label: t('Back to the Tasks Manager') } : { to: '/results', label: t('Back to your results') };
}

function Fallback({ title, children }: { title: string; children: ReactNode }) {
  const back = useWayBack();
  return (
    <Center mih="100vh" p="xl" pos="relative">
      <CornerLanguageSwitch />
      <Paper withBorder radius="lg" p="xl" maw={560} data-testid="viewer-fallback">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          <Anchor component={Link} to={back.to}>
            {back.label}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * The engine's result for the study, found from its UID (the viewer is opened with nothing else):
 * the overlays and regions the built-in viewer draws, or why there are none.
 */
function useFindings(studyInstanceUID: string, enabled: boolean): ViewerFindings {
  const t = useT();
  const task = useQuery({ ...taskByStudyQuery(studyInstanceUID), enabled: enabled && Boolean(studyInstanceUID) });
  if (task.isPending) return { state: 'loading' };
  if (task.isError) {
    const error = task.error;
    if (error instanceof ApiError && error.status === 404) return { state: 'unavailable', message: t('The computer has no result for this study.') };
    return { state: 'unavailable', message: t("The computer's findings could not be loaded."), retry: () => void task.refetch() };
  }
  const { id, status, result } = task.data;
  if (status === 'queued' || status === 'running') return { state: 'unavailable', message: t('The computer is still looking at this study. Its findings appear here when it is done.') };
  if (!result || isFailed(result)) return { state: 'unavailable', message: t('The computer could not analyse this study, so there is nothing to draw.') };
  return { state: 'ready', result, overlay: (view, kind) => taskImageQuery(id, view, kind) };
}

function Loading({ label }: { label: string }) {
  return (
    <Center mih="100vh">
      <Loader aria-label={label} />
    </Center>
  );
}

/** The external viewer in a full-page frame, opened with a viewer token for this one study. */
function ViewerFrame({ base, studyInstanceUID }: { base: string; studyInstanceUID: string }) {
  // A mutation, not a query: the token is asked for afresh each time and never saved with the cache.
  const t = useT();
  const viewerToken = useMutation({ mutationFn: requestViewerToken });
  const { mutate } = viewerToken;
  useEffect(() => mutate(studyInstanceUID), [mutate, studyInstanceUID]);

  if (viewerToken.isError) {
    const error = viewerToken.error;
    return (
      <Fallback title={t('The study cannot be opened')}>
        <Text role="alert">{error instanceof ApiError ? errorMessage(error) : t('Something went wrong.')}</Text>
        <Button variant="light" w="fit-content" onClick={() => mutate(studyInstanceUID)}>
          {t('Try again')}
        </Button>
      </Fallback>
    );
  }
  if (!viewerToken.data) return <Loading label={t('Opening the study')} />;
  return (
    <iframe
      title={t('Interactive image viewer')}
      src={viewerSrc(base, studyInstanceUID, viewerToken.data.token)}
      style={{ position: 'fixed', inset: 0, width: '100vw', height: '100vh', border: 0, background: '#000' }}
      allow="fullscreen"
    />
  );
}

/**
 * /dicom-viewer?studyInstanceUID=: the external image viewer (VIEWER_URL) in a full-page frame, else
 * the built-in one; both outside the app layout.
 */
export default function DicomViewer() {
  const t = useT();
  const { studyInstanceUID } = route.useSearch();
  const config = useQuery(configQuery());
  const back = useWayBack();
  // Only the built-in viewer draws the findings; an external one is framed without them.
  const findings = useFindings(studyInstanceUID, !config.isPending && !config.data?.viewer_url);
  if (!studyInstanceUID) {
    return (
      <Fallback title={t('No study chosen')}>
        <Text role="alert">{t('Study Instance UID is required')}</Text>
      </Fallback>
    );
  }
  if (config.isPending) return <Loading label={t('Loading the viewer')} />;
  const base = config.data?.viewer_url;
  if (!base) {
    // No external viewer configured (VIEWER_URL): the built-in one reads our DICOMweb.
    return (
      <Suspense fallback={<Loading label={t('Loading the viewer')} />}>
        <BuiltInViewer studyInstanceUID={studyInstanceUID} apiBase={API_BASE} getToken={getToken} back={back} findings={findings} />
      </Suspense>
    );
  }
  return <ViewerFrame base={base} studyInstanceUID={studyInstanceUID} />;
}
