import { useId } from 'react';
import { Group, Paper, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n';
import { OVERLAYS, type OverlayLevels } from './images';

/**
 * One set of three sliders for all four views (issue 18, item 8): each lays one of the engine's
 * colours over every picture at once. Always on screen and moved with the arrow keys.
 */
export function OverlaySliders({ levels, onChange }: { levels: OverlayLevels; onChange: (levels: OverlayLevels) => void }) {
  const t = useT();
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" data-testid="overlay-sliders">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {OVERLAYS.map((o) => (
          <Stack key={o.layer} gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600}>
                {t(o.label)}
              </Text>
              <Text c="dimmed" aria-hidden>
                {levels[o.layer]}%
              </Text>
            </Group>
            <Slider
              value={levels[o.layer]}
              onChange={(v) => onChange({ ...levels, [o.layer]: v })}
              label={null}
              thumbLabel={t('{{layer}} on all four images', { layer: t(o.label) })}
              thumbProps={{ 'aria-describedby': `${id}-${o.layer}` }}
              color="clinical"
            />
            <Text c="dimmed" id={`${id}-${o.layer}`}>
              {t(o.hint)}.
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
