import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Anchor, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { configQuery } from '../api/queries';
import { requestViewerToken } from '../api/dicomweb';
import { API_BASE, ApiError } from '../api/client';
import { getToken } from '../session/token';
import { useCurrentUser } from '../session/useSession';

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
  const { user } = useCurrentUser();
  return user?.is_superuser ? { to: '/tasks', label: 'Back to the Tasks Manager' } : { to: '/results', label: 'Back to your results' };
}

function Fallback({ title, children }: { title: string; children: ReactNode }) {
  const back = useWayBack();
  return (
    <Center mih="100vh" p="xl">
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
  const viewerToken = useMutation({ mutationFn: requestViewerToken });
  const { mutate } = viewerToken;
  useEffect(() => mutate(studyInstanceUID), [mutate, studyInstanceUID]);

  if (viewerToken.isError) {
    const error = viewerToken.error;
    return (
      <Fallback title="The study cannot be opened">
        <Text role="alert">{error instanceof ApiError ? error.detailText() : 'Something went wrong.'}</Text>
        <Button variant="light" w="fit-content" onClick={() => mutate(studyInstanceUID)}>
          Try again
        </Button>
      </Fallback>
    );
  }
  if (!viewerToken.data) return <Loading label="Opening the study" />;
  return (
    <iframe
      title="Interactive image viewer"
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
  const { studyInstanceUID } = route.useSearch();
  const config = useQuery(configQuery());
  const back = useWayBack();
  if (!studyInstanceUID) {
    return (
      <Fallback title="No study chosen">
        <Text role="alert">Study Instance UID is required</Text>
      </Fallback>
    );
  }
  if (config.isPending) return <Loading label="Loading the viewer" />;
  const base = config.data?.viewer_url;
  if (!base) {
    // No external viewer configured (VIEWER_URL): the built-in one reads our DICOMweb.
    return (
      <Suspense fallback={<Loading label="Loading the viewer" />}>
        <BuiltInViewer studyInstanceUID={studyInstanceUID} apiBase={API_BASE} getToken={getToken} back={back} />
      </Suspense>
    );
  }
  return <ViewerFrame base={base} studyInstanceUID={studyInstanceUID} />;
}
