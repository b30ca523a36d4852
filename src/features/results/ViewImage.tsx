import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Box, Center, Group, Loader, Slider, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OverlayLayer, Region, ViewKey } from '../../../core/contract';
import { pngDataUrl } from '../../api/tasks';
import { IMAGE_QUERY_DEFAULTS, NO_OVERLAYS, OVERLAYS, type ImageQueryFor, type OverlayKind, type OverlayLevels } from './images';
import { useT } from '../../i18n';
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

type Side = 'right' | 'left' | 'center';

/**
 * Where an image shown with object-fit: contain lands inside its frame: scaled to fit, leaning on
 * its side (right views on the right edge, left views on the left) and centred top to bottom.
 */
function useDrawnBox(frame: RefObject<HTMLElement | null>, natural: { width: number; height: number } | null, side: Side) {
  const [box, setBox] = useState<{ left: number; top: number; width: number; height: number } | null>(null);
  useEffect(() => {
    const el = frame.current;
    if (!el || !natural) return;
    const measure = () => {
      const W = el.clientWidth;
      const H = el.clientHeight;
      const scale = Math.min(W / natural.width, H / natural.height);
      const width = natural.width * scale;
      const height = natural.height * scale;
      const left = side === 'right' ? W - width : side === 'left' ? 0 : (W - width) / 2;
      setBox({ left, top: (H - height) / 2, width, height });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame, natural, side]);
  return box;
}

/**
 * One mammogram view on a dark background. With `layers`, its overlays are blended over the image:
 * at the given `levels` (one set of sliders for all four views, the Images tab), or, without them,
 * with three sliders of its own shown on hover and focus (the Tasks Manager). `regions` are outlined
 * with their numbers; `onOpen` makes the view a button that enlarges it.
 */
export function ViewImage({
  view,
  queryFor,
  layers = [],
  levels: shared,
  regions = [],
  height = 420,
  caption,
  onOpen,
  centered = false,
}: {
  view: ViewKey;
  queryFor: ImageQueryFor;
  layers?: readonly OverlayLayer[];
  levels?: OverlayLevels;
  regions?: readonly (Region & { number: number })[];
  height?: number | string;
  caption?: string;
  onOpen?: () => void;
  /** One view alone (a modal) sits in the middle instead of leaning on its chest-wall edge. */
  centered?: boolean;
}) {
  const t = useT();
  const image = useQuery({ ...queryFor(view, 'image'), ...IMAGE_QUERY_DEFAULTS });
  const [own, setOwn] = useState<OverlayLevels>(NO_OVERLAYS);
  const levels = shared ?? own;
  const available = OVERLAYS.filter((o) => layers.includes(o.layer));
  const label = VIEW_LABEL[view];
  const side: Side = centered ? 'center' : view.startsWith('r') ? 'right' : 'left';
  const frame = useRef<HTMLElement | null>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const drawn = useDrawnBox(frame, regions.length > 0 ? natural : null, side);

  const picture: ReactNode = (
    <>
      {image.isPending && (
        <Center h="100%">
          <Loader color="gray" aria-label={t('Loading the {{view}} image', { view: label })} />
        </Center>
      )}
      {image.isError && (
        <Center h="100%">
          <Text c="gray.4" data-testid="image-unavailable">
            {t('Image not available')}
          </Text>
        </Center>
      )}
      {image.data && (
        <div className="view-stack" data-side={side}>
          <img
            src={pngDataUrl(image.data.img_b64)}
            alt={t('{{view}} mammogram', { view: label })}
            className="view-base"
            draggable={false}
            onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
          />
          {available.map((o) => (
            <Layer key={o.layer} queryFor={queryFor} view={view} layer={o.layer} opacity={levels[o.layer]} />
          ))}
          {drawn && regions.length > 0 && (
            <div className="view-regions" style={drawn} aria-hidden data-testid="region-marks">
              {regions.map((r) => (
                <span
                  key={r.number}
                  className="view-region"
                  data-testid={`region-mark-${r.number}`}
                  style={{ left: `${r.x * 100}%`, top: `${r.y * 100}%`, width: `${r.width * 100}%`, height: `${r.height * 100}%` }}
                >
                  <span className="view-region-number">{r.number}</span>
                </span>
              ))}
            </div>
          )}
        </div>
      )}
      <Text className="view-label" fw={700} size="sm">
        {caption ?? label}
      </Text>
    </>
  );

  return (
    <Box className="view-tile" data-testid={`view-${view}`} data-side={side} h={height} role="group" aria-label={t('{{view}} view', { view: label })}>
      {onOpen ? (
        <UnstyledButton ref={frame as RefObject<HTMLButtonElement>} className="view-frame view-open" onClick={onOpen} aria-label={t('Enlarge the {{view}} view', { view: label })} aria-haspopup="dialog">
          {picture}
        </UnstyledButton>
      ) : (
        <Box ref={frame as RefObject<HTMLDivElement>} className="view-frame">
          {picture}
        </Box>
      )}
      {!shared && image.data && available.length > 0 && (
        <Stack className="view-sliders" gap={6} data-testid="overlay-sliders">
          {available.map((o) => (
            <div key={o.layer}>
              <Group justify="space-between" gap="xs">
                <Text size="xs" fw={600} c="gray.2" title={t(o.hint)}>
                  {t(o.label)}
                </Text>
                <Text size="xs" c="gray.4">
                  {own[o.layer]}%
                </Text>
              </Group>
              <Slider
                size="sm"
                color="clinical.3"
                value={own[o.layer]}
                onChange={(v) => setOwn((l) => ({ ...l, [o.layer]: v }))}
                label={null}
                thumbLabel={t('{{layer}} on the {{view}} view', { layer: t(o.label), view: label })}
              />
            </div>
          ))}
        </Stack>
      )}
    </Box>
  );
}
