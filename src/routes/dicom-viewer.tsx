import type { ReactNode } from 'react';
import { Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { configQuery } from '../api/queries';
import { getToken } from '../session/token';

const route = getRouteApi('/dicom-viewer');

/** The viewer address with the study and the stored access token (spec section 2). */
export function viewerSrc(base: string, studyInstanceUID: string, token: string | null): string {
  const url = new URL(base, window.location.origin);
  url.searchParams.set('StudyInstanceUIDs', studyInstanceUID);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

function Fallback({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="xl">
      <Paper withBorder radius="lg" p="xl" maw={560} data-testid="viewer-fallback">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          <Anchor component={Link} to="/tasks">
            Back to the Tasks Manager
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

/** /dicom-viewer?studyInstanceUID=: the external image viewer in a full-page frame, outside the app layout. */
export default function DicomViewer() {
  const { studyInstanceUID } = route.useSearch();
  const config = useQuery(configQuery());
  if (!studyInstanceUID) {
    return (
      <Fallback title="No study chosen">
        <Text role="alert">Study Instance UID is required</Text>
      </Fallback>
    );
  }
  if (config.isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading the viewer" />
      </Center>
    );
  }
  const base = config.data?.viewer_url;
  if (!base) {
    return (
      <Fallback title="No image viewer is set up">
        <Text>This server has no interactive image viewer configured (VIEWER_URL). The study is {studyInstanceUID}.</Text>
      </Fallback>
    );
  }
  return (
    <iframe
      title="Interactive image viewer"
      src={viewerSrc(base, studyInstanceUID, getToken())}
      style={{ position: 'fixed', inset: 0, width: '100vw', height: '100vh', border: 0, background: '#000' }}
      allow="fullscreen"
    />
  );
}
