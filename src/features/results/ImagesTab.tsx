import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ScoredResult } from '../../../core/contract';
import { OVERLAYS, type ImageQueryFor } from './images';
import { HANGING } from './labels';
import { ViewImage } from './ViewImage';

/** The four views hung as a radiologist would: right views on the left, CC above MLO. */
export function ImagesTab({ result, queryFor, height = 380, studyUid }: { result: ScoredResult; queryFor: ImageQueryFor; height?: number; studyUid?: string | null }) {
  return (
    <Stack gap="lg" pt="xl">
      <Stack gap={4}>
        <Title order={3}>Your four images</Title>
        <Text c="dimmed">
          Move the pointer over an image (or tab to it) to show three sliders. Each slider lays a colour over the picture:
        </Text>
        <SimpleGrid cols={3} spacing="xs" mt={4}>
          {OVERLAYS.map((o) => (
            <Text key={o.layer} size="sm">
              <b>{o.label}:</b> {o.hint.toLowerCase()}.
            </Text>
          ))}
        </SimpleGrid>
      </Stack>
      <Paper radius="lg" p="md" className="image-wall" data-testid="image-wall">
        <SimpleGrid cols={2} spacing="md">
          {HANGING.map((view) => (
            <ViewImage key={view} view={view} queryFor={queryFor} layers={result.overlays[view] ?? []} height={height} />
          ))}
        </SimpleGrid>
      </Paper>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          The colours show what the computer measured. They do not mark cancer.
        </Text>
        {studyUid ? (
          <Anchor href={`/dicom-viewer?studyInstanceUID=${encodeURIComponent(studyUid)}`} target="_blank" rel="noopener noreferrer" size="sm" data-testid="open-viewer">
            Open in the image viewer (zoom, contrast, full screen)
          </Anchor>
        ) : null}
      </Group>
    </Stack>
  );
}
