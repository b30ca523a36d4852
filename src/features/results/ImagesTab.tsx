import { useState } from 'react';
import { Anchor, Box, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ScoredResult, ViewKey } from '../../../core/contract';
import { useT } from '../../i18n';
import { NO_OVERLAYS, type ImageQueryFor, type OverlayLevels } from './images';
import { HANGING, VIEW_LABEL } from './labels';
import { OverlaySliders } from './OverlaySliders';
import { ViewImage } from './ViewImage';
import { viewRegions, ViewRegions } from './ViewRegions';

/**
 * The four views hung as a radiologist would (right views on the left, CC above MLO), with one set
 * of overlay sliders for all four; a view opens larger, with the regions the computer marked on it.
 */
export function ImagesTab({ result, queryFor, height = 380, studyUid }: { result: ScoredResult; queryFor: ImageQueryFor; height?: number; studyUid?: string | null }) {
  const t = useT();
  const [levels, setLevels] = useState<OverlayLevels>(NO_OVERLAYS);
  const [open, setOpen] = useState<ViewKey | null>(null);
  const regions = open ? viewRegions(result, open) : [];

  return (
    <Stack gap="lg" pt="xl">
      <Stack gap={4}>
        <Title order={2} size="h3">{t('Your four images')}</Title>
        <Text c="dimmed">{t('Move a slider to lay its colour over all four pictures. Choose a picture to see it larger, with the regions the computer marked.')}</Text>
      </Stack>
      <OverlaySliders levels={levels} onChange={setLevels} />
      <Paper radius="lg" p="md" className="image-wall" data-testid="image-wall">
        <SimpleGrid cols={2} spacing="md">
          {HANGING.map((view) => (
            <ViewImage key={view} view={view} queryFor={queryFor} layers={result.overlays[view] ?? []} levels={levels} height={height} onOpen={() => setOpen(view)} />
          ))}
        </SimpleGrid>
      </Paper>
      <Group justify="space-between" gap="sm">
        <Text c="dimmed">
          {t('The colours show what the computer measured. They do not mark cancer.')}
        </Text>
        {studyUid ? (
          <Anchor href={`/dicom-viewer?studyInstanceUID=${encodeURIComponent(studyUid)}`} target="_blank" rel="noopener noreferrer" data-testid="open-viewer">
            {t('Open in the image viewer (zoom, contrast, full screen)')}
          </Anchor>
        ) : null}
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? t('{{view}} view', { view: VIEW_LABEL[open] }) : ''} size="min(1200px, 95vw)" centered>
        {open && (
          <Stack gap="md">
            <OverlaySliders levels={levels} onChange={setLevels} />
            <Group align="flex-start" gap="lg" wrap="nowrap">
              <Box className="image-wall" p="xs" style={{ flex: 1, borderRadius: 'var(--mantine-radius-md)' }}>
                <ViewImage view={open} queryFor={queryFor} layers={result.overlays[open] ?? []} levels={levels} regions={regions} height="62vh" centered />
              </Box>
              <Box w={300} style={{ flex: 'none' }}>
                <ViewRegions result={result} view={open} regions={regions} />
              </Box>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
