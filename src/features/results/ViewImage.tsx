import { useState } from 'react';
import { Box, Center, Group, Loader, Slider, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OverlayLayer, ViewKey } from '../../../core/contract';
import { pngDataUrl } from '../../api/tasks';
import { IMAGE_QUERY_DEFAULTS, NO_OVERLAYS, OVERLAYS, type ImageQueryFor, type OverlayKind, type OverlayLevels } from './images';
import { VIEW_LABEL } from './labels';

function Layer({ queryFor, view, layer, opacity }: { queryFor: ImageQueryFor; view: ViewKey; layer: OverlayKind; opacity: number }) {
  // An overlay is fetched only once someone asks to see it.
  const { data } = useQuery({ ...queryFor(view, layer), ...IMAGE_QUERY_DEFAULTS, enabled: opacity > 0 });
  if (!data) return null;
  return (
    <img
      src={pngDataUrl(data.img_b64)}
      alt=""
      data-layer={layer}
      className="view-overlay"
      style={{ opacity: opacity / 100, mixBlendMode: 'normal' }}
      draggable={false}
    />
  );
}

/**
 * One mammogram view on a dark background. With `layers`, hovering or focusing it shows three
 * sliders that blend the overlays over the image (spec section 2, /results Images tab).
 */
export function ViewImage({
  view,
  queryFor,
  layers = [],
  height = 420,
  caption,
  onOpen,
  centered = false,
}: {
  view: ViewKey;
  queryFor: ImageQueryFor;
  layers?: readonly OverlayLayer[];
  height?: number | string;
  caption?: string;
  onOpen?: () => void;
  /** One view alone (a modal) sits in the middle instead of leaning on its chest-wall edge. */
  centered?: boolean;
}) {
  const image = useQuery({ ...queryFor(view, 'image'), ...IMAGE_QUERY_DEFAULTS });
  const [levels, setLevels] = useState<OverlayLevels>(NO_OVERLAYS);
  const available = OVERLAYS.filter((o) => layers.includes(o.layer));
  const label = VIEW_LABEL[view];
  const side = centered ? 'center' : view.startsWith('r') ? 'right' : 'left';

  return (
    <Box className="view-tile" data-testid={`view-${view}`} data-side={side} h={height} role="group" aria-label={`${label} view`}>
      <Box className="view-frame" onClick={onOpen} style={{ cursor: onOpen ? 'zoom-in' : undefined }}>
        {image.isPending && (
          <Center h="100%">
            <Loader color="gray" aria-label={`Loading the ${label} image`} />
          </Center>
        )}
        {image.isError && (
          <Center h="100%">
            <Text c="gray.4" data-testid="image-unavailable">
              Image not available
            </Text>
          </Center>
        )}
        {image.data && (
          <div className="view-stack" data-side={side}>
            <img src={pngDataUrl(image.data.img_b64)} alt={`${label} mammogram`} className="view-base" draggable={false} />
            {available.map((o) => (
              <Layer key={o.layer} queryFor={queryFor} view={view} layer={o.layer} opacity={levels[o.layer]} />
            ))}
          </div>
        )}
        <Text className="view-label" fw={700} size="sm">
          {caption ?? label}
        </Text>
      </Box>
      {image.data && available.length > 0 && (
        <Stack className="view-sliders" gap={6} data-testid="overlay-sliders">
          {available.map((o) => (
            <div key={o.layer}>
              <Group justify="space-between" gap="xs">
                <Text size="xs" fw={600} c="gray.2" title={o.hint}>
                  {o.label}
                </Text>
                <Text size="xs" c="gray.4">
                  {levels[o.layer]}%
                </Text>
              </Group>
              <Slider
                size="sm"
                color="clinical.3"
                value={levels[o.layer]}
                onChange={(v) => setLevels((l) => ({ ...l, [o.layer]: v }))}
                label={null}
                thumbLabel={`${o.label} on the ${label} view`}
              />
            </div>
          ))}
        </Stack>
      )}
    </Box>
  );
}
