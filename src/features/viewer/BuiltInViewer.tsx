import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Anchor, Badge, Button, Group, Kbd, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Link } from '@tanstack/react-router';
import { VIEW_KEYS, VIEW_LABELS, type ViewKey } from '../../../core/contract';
import { msg, useT } from '../../i18n';
import type { core, DicomJson } from './cornerstone';
import { viewWithoutResult, VIEWER_OVERLAYS, type ViewerFindings, type ViewerOverlay } from './findings';
import { FindingsPanel } from './FindingsPanel';
import { centreOn, drawOverlays, listRegions, type CameraViewport, type ListedRegion, type OverlayPicture } from './overlays';
import { useOverlayPictures } from './useOverlayPictures';
import './viewer.css';
import { describeLoadError, findViews, needsFlip, renderedUrl, studyMetadataUrl, wadorsImageId, type Words } from './study';
import { actionOfKey, SHORTCUTS } from './shortcuts';
import { bindTools, ENGINE_ID, hang, loadCornerstone, primaryTools, TOOL_GROUP_ID, viewportId, type Cornerstone, type PrimaryTool } from './viewports';

/** Radiological hanging: right views on the left, back to back with the left views; CC above MLO. */
export const VIEWER_HANGING: readonly ViewKey[] = VIEW_KEYS;

type ViewState = { state: 'loading' } | { state: 'ready' } | { state: 'error'; message: Words };

/** The study could not be opened: why, in words kept to be translated where shown. */
class StudyError extends Error {
  constructor(readonly words: Words) {
    super(words.text);
  }
}

/** The server's display image of a view (an object URL), hung as the full image will be. */
type Preview = { src: string; flip: boolean };

const initialStates = (): Record<ViewKey, ViewState> => ({
  r_cc: { state: 'loading' },
  l_cc: { state: 'loading' },
  r_mlo: { state: 'loading' },
  l_mlo: { state: 'loading' },
});

/**
 * The built-in viewer (issue 20, item 2): the study's four views from our DICOMweb (WADO-RS frames
 * with the /metadata of each instance) in Cornerstone3D, hung as a radiologist reads them, with
 * window/level, zoom and pan on the mouse (left: the chosen tool, middle: pan, right: zoom, wheel:
 * zoom), invert, reset and one view full screen, from the toolbar or the keyboard.
 */
export interface BuiltInViewerProps {
  studyInstanceUID: string;
  /** The API's path, '/api/v1'; DICOMweb is under it. */
  apiBase: string;
  /** The session's access token, sent as a bearer header with every request. */
  getToken: () => string | null;
  /** The way back: the Tasks Manager for an administrator, her results for a person. */
  back: { to: '/tasks' | '/results'; label: string };
  /** The engine's result for this study (found by the page from the study UID), for the overlays and regions. */
  findings: ViewerFindings;
}

const NO_OVERLAYS: Record<ViewerOverlay, boolean> = { detection: false, density: false };

// The API client and the session come in as props: importing them here would pull the app's shared
// modules (zod, the contract) into the main bundle, since this chunk is loaded on its own.
export default function BuiltInViewer({ studyInstanceUID, apiBase, getToken, back, findings }: BuiltInViewerProps) {
  const t = useT();
  const elements = useRef<Partial<Record<ViewKey, HTMLDivElement | null>>>({});
  const engineRef = useRef<core.RenderingEngine | null>(null);
  const csRef = useRef<Cornerstone | null>(null);
  const flips = useRef<Partial<Record<ViewKey, boolean>>>({});
  const gridRef = useRef<HTMLDivElement | null>(null);
  const [views, setViews] = useState<Record<ViewKey, ViewState>>(initialStates);
  const [studyError, setStudyError] = useState<Words | null>(null);
  const [inverted, setInverted] = useState(false);
  const [active, setActive] = useState<ViewKey>('r_cc');
  const [fullScreen, setFullScreen] = useState<ViewKey | null>(null);
  const [primary, setPrimary] = useState<PrimaryTool>('wl');
  const [shown, setShown] = useState<Record<ViewerOverlay, boolean>>(NO_OVERLAYS);
  const [selected, setSelected] = useState<number | null>(null);
  const overlayCanvases = useRef<Partial<Record<ViewKey, HTMLCanvasElement | null>>>({});
  const result = findings.state === 'ready' ? findings.result : null;
  const regions = useMemo(() => (result ? listRegions(result.regions, VIEWER_HANGING) : []), [result]);
  const pictures = useOverlayPictures(findings, shown, VIEWER_HANGING);

  const setView = (view: ViewKey, state: ViewState) => setViews((v) => ({ ...v, [view]: state }));
  // A view is drawn when Cornerstone has rendered its image as hung: the first IMAGE_RENDERED after
  // the render() that follows hang(). Said by data-drawn on its cell (for the tests) and by a
  // performance mark, `sd-viewer-drawn:<view>`, at that moment (bench/viewer-open.bench.ts).
  const awaitingDraw = useRef<Partial<Record<ViewKey, boolean>>>({});
  const [drawn, setDrawn] = useState<Partial<Record<ViewKey, true>>>({});
  // Until then, the server's display image of the view (about 1024 px high, as sharp as the cell at
  // fit) stands in for it: on screen in a fraction of the time a full-field frame takes to arrive
  // and decode. Its moment is marked too, `sd-viewer-preview:<view>`.
  const [previews, setPreviews] = useState<Partial<Record<ViewKey, Preview>>>({});
  const [previewShown, setPreviewShown] = useState<Partial<Record<ViewKey, true>>>({});

  // Draws one view's overlays with the latest toggles, pictures and regions: after every render of
  // the view (zoom, pan, window/level) and whenever those change.
  const overlayState = useRef({ shown, pictures, regions, selected });
  overlayState.current = { shown, pictures, regions, selected };
  const drawView = useCallback((view: ViewKey) => {
    const canvas = overlayCanvases.current[view];
    const viewport = engineRef.current?.getViewport(viewportId(view)) as core.StackViewport | undefined;
    if (!canvas || !viewport?.getCurrentImageId()) return;
    const { shown, pictures, regions, selected } = overlayState.current;
    // Dense tissue underneath, the suspicious regions' heat over it, the regions' boxes on top.
    const layers: OverlayPicture[] = [...VIEWER_OVERLAYS].reverse().flatMap(({ kind, alpha }) => {
      const image = shown[kind] ? pictures[view]?.[kind] : undefined;
      return image ? [{ image, alpha }] : [];
    });
    drawOverlays(canvas, viewport, layers, shown.detection ? regions.filter((r) => r.view === view) : [], selected);
  }, []);

  // Opens the study: metadata, the display images, then Cornerstone with one stack viewport per
  // view, each loading its full frame on its own.
  useEffect(() => {
    let cancelled = false;
    setViews(initialStates());
    awaitingDraw.current = {};
    setDrawn({});
    setPreviews({});
    setPreviewShown({});
    const objectUrls: string[] = [];
    const removeListeners: Array<() => void> = [];
    for (const view of VIEWER_HANGING) {
      performance.clearMarks(`sd-viewer-drawn:${view}`);
      performance.clearMarks(`sd-viewer-preview:${view}`);
    }
    setStudyError(null);
    const authorization = () => `Bearer ${getToken() ?? ''}`;
    // A preview that cannot be had is no loss: the full image is on its way all the same. Decoded
    // here, so that it is drawn the moment it is put on screen.
    const fetchPreview = async (view: ViewKey, url: string, flip: boolean) => {
      const res = await fetch(url, { headers: { Accept: 'image/png', Authorization: authorization() } });
      if (!res.ok || cancelled) return;
      const src = URL.createObjectURL(await res.blob());
      objectUrls.push(src);
      const image = new Image();
      image.src = src;
      await image.decode();
      if (!cancelled) setPreviews((p) => ({ ...p, [view]: { src, flip } }));
    };
    (async () => {
      const res = await fetch(studyMetadataUrl(apiBase, studyInstanceUID), { headers: { Accept: 'application/dicom+json', Authorization: authorization() } });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
        throw new StudyError(typeof body?.detail === 'string' ? { text: body.detail } : { text: msg('The server answered {{status}}.'), values: { status: res.status } });
      }
      const instances = (await res.json()) as DicomJson[];
      if (cancelled) return;
      const found = findViews(instances);
      const previewsIn = VIEWER_HANGING.map((view) => {
        const instance = found[view];
        const url = instance && renderedUrl(window.location.origin + apiBase, studyInstanceUID, instance);
        return url ? fetchPreview(view, url, needsFlip(view, instance)).catch(() => undefined) : undefined;
      });
      // Cornerstone once the display images are on screen (or after a second and a half without
      // them): its code would hold the page's thread while they wait to be drawn.
      await Promise.race([Promise.all(previewsIn), new Promise((r) => setTimeout(r, 1500))]);
      // After their frame is painted (a hidden tab paints no frames: then after a moment).
      await new Promise((r) => {
        requestAnimationFrame(() => setTimeout(r, 0));
        setTimeout(r, 250);
      });
      if (cancelled) return;
      const cs = await loadCornerstone(getToken);
      if (cancelled) return;
      csRef.current = cs;
      const { core, tools } = cs;
      const engine = new core.RenderingEngine(ENGINE_ID);
      engineRef.current = engine;
      engine.setViewports(
        VIEWER_HANGING.map((view) => ({
          viewportId: viewportId(view),
          type: core.Enums.ViewportType.STACK,
          element: elements.current[view]!,
          defaultOptions: { background: [0, 0, 0] as [number, number, number] },
        })),
      );
      tools.ToolGroupManager.destroyToolGroup(TOOL_GROUP_ID);
      const group = tools.ToolGroupManager.createToolGroup(TOOL_GROUP_ID)!;
      for (const name of Object.values(primaryTools(cs))) group.addTool(name);
      bindTools(cs, primaryRef.current);
      for (const view of VIEWER_HANGING) group.addViewport(viewportId(view), ENGINE_ID);
      // After every render of a view (zoom, pan, window/level): its overlays again; the first one
      // after hang() is the moment it is drawn.
      for (const view of VIEWER_HANGING) {
        const element = elements.current[view];
        const listener = () => {
          drawView(view);
          if (!awaitingDraw.current[view]) return;
          awaitingDraw.current[view] = false;
          performance.mark(`sd-viewer-drawn:${view}`);
          setDrawn((d) => ({ ...d, [view]: true }));
        };
        element?.addEventListener(core.Enums.Events.IMAGE_RENDERED, listener);
        removeListeners.push(() => element?.removeEventListener(core.Enums.Events.IMAGE_RENDERED, listener));
      }

      await Promise.all(
        VIEWER_HANGING.map(async (view) => {
          const instance = found[view];
          if (!instance) {
            setView(view, { state: 'error', message: { text: msg('The study has no {{view}} image.'), values: { view: VIEW_LABELS[view] } } });
            return;
          }
          const imageId = wadorsImageId(window.location.origin + apiBase, studyInstanceUID, instance);
          if (!imageId) {
            setView(view, { state: 'error', message: { text: msg('The image has no series or instance UID.') } });
            return;
          }
          cs.addInstanceMetadata(imageId, instance);
          try {
            // Loaded first: setStack itself only logs a failed load and draws nothing.
            await core.imageLoader.loadAndCacheImage(imageId);
            if (cancelled) return;
            const viewport = engine.getViewport(viewportId(view)) as core.StackViewport;
            await viewport.setStack([imageId]);
            if (cancelled) return;
            flips.current[view] = needsFlip(view, instance);
            hang(viewport, view, flips.current[view]);
            awaitingDraw.current[view] = true;
            viewport.render();
            setView(view, { state: 'ready' });
          } catch (error) {
            if (!cancelled) setView(view, { state: 'error', message: describeLoadError(error) });
          }
        }),
      );
    })().catch((error: unknown) => {
      if (cancelled) return;
      if (error instanceof StudyError) setStudyError(error.words);
      else setStudyError(error instanceof Error ? { text: error.message } : { text: msg('The study could not be opened.') });
    });
    return () => {
      cancelled = true;
      for (const remove of removeListeners) remove();
      csRef.current?.tools.ToolGroupManager.destroyToolGroup(TOOL_GROUP_ID);
      engineRef.current?.destroy();
      engineRef.current = null;
      for (const url of objectUrls) URL.revokeObjectURL(url);
    };
  }, [studyInstanceUID, apiBase, getToken, drawView]);

  const forEachViewport = useCallback((fn: (viewport: core.StackViewport, view: ViewKey) => void) => {
    const engine = engineRef.current;
    if (!engine) return;
    for (const view of VIEWER_HANGING) {
      const viewport = engine.getViewport(viewportId(view)) as core.StackViewport | undefined;
      if (viewport?.getCurrentImageId()) fn(viewport, view);
    }
  }, []);

  useEffect(() => {
    for (const view of VIEWER_HANGING) drawView(view);
  }, [shown, pictures, regions, selected, drawView, views]);

  // Nothing to toggle before the study's result is in (the keys then do nothing, as the buttons).
  const hasResult = useRef(false);
  hasResult.current = result !== null;
  const toggleOverlay = useCallback((kind: ViewerOverlay) => {
    if (hasResult.current) setShown((s) => ({ ...s, [kind]: !s[kind] }));
  }, []);

  // A region chosen in the list: its view becomes the chosen one (the one shown, when one view is
  // full screen) and is centred and zoomed on it once its layout has settled.
  const pendingRegion = useRef<ListedRegion | null>(null);
  const focusRegion = useCallback((region: ListedRegion) => {
    const viewport = engineRef.current?.getViewport(viewportId(region.view)) as CameraViewport | undefined;
    if (viewport) centreOn(viewport, region);
  }, []);
  const selectRegion = useCallback(
    (region: ListedRegion) => {
      setSelected(region.number);
      setActive(region.view);
      setShown((s) => ({ ...s, detection: true }));
      if (fullScreen !== null && fullScreen !== region.view) {
        pendingRegion.current = region;
        setFullScreen(region.view);
      } else focusRegion(region);
    },
    [fullScreen, focusRegion],
  );

  const invertedRef = useRef(false);
  const toggleInvert = useCallback(() => {
    const next = !invertedRef.current;
    invertedRef.current = next;
    forEachViewport((viewport) => {
      viewport.setProperties({ invert: next });
      viewport.render();
    });
    setInverted(next);
  }, [forEachViewport]);

  const reset = useCallback(() => {
    forEachViewport((viewport, view) => {
      viewport.resetProperties();
      viewport.resetCamera();
      hang(viewport, view, flips.current[view] ?? false);
      viewport.render();
    });
    invertedRef.current = false;
    setInverted(false);
  }, [forEachViewport]);

  const primaryRef = useRef<PrimaryTool>('wl');
  const choosePrimary = useCallback((tool: PrimaryTool) => {
    primaryRef.current = tool;
    if (csRef.current) bindTools(csRef.current, tool);
    setPrimary(tool);
  }, []);

  const toggleFullScreen = useCallback((view: ViewKey) => setFullScreen((current) => (current === view ? null : view)), []);

  // The layout changed (full screen or the window): the canvases take their new size and each view
  // is fitted and hung again (its window/level and inversion stay).
  const refit = useCallback(() => {
    engineRef.current?.resize(true, true);
    forEachViewport((viewport, view) => {
      hang(viewport, view, flips.current[view] ?? false);
      viewport.render();
    });
    const region = pendingRegion.current;
    pendingRegion.current = null;
    if (region) focusRegion(region);
  }, [forEachViewport, focusRegion]);
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const observer = new ResizeObserver(refit);
    observer.observe(grid);
    return () => observer.disconnect();
  }, [refit]);
  useEffect(refit, [fullScreen, refit]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = actionOfKey(event);
      if (!action) return;
      if (action.kind === 'choose') setActive(VIEWER_HANGING[action.index]);
      else if (action.kind === 'invert') toggleInvert();
      else if (action.kind === 'reset') reset();
      else if (action.kind === 'full-screen') toggleFullScreen(active);
      else if (action.kind === 'four-views') setFullScreen(null);
      else if (action.kind === 'tool') choosePrimary(action.tool);
      else toggleOverlay(action.overlay);
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, toggleInvert, reset, toggleFullScreen, choosePrimary, toggleOverlay]);

  return (
    <div className="sd-viewer" data-testid="built-in-viewer">
      <Stack gap={6} className="sd-viewer-bar">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Title order={1} size="h4" c="gray.0">
              {t('Image viewer')}
            </Title>
            <Anchor component={Link} to={back.to} size="sm" c="gray.4">
              {t(back.label)}
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <SegmentedControl
              size="xs"
              aria-label={t('Left mouse button')}
              value={primary}
              onChange={(value) => choosePrimary(value as PrimaryTool)}
              data={[
                { value: 'wl', label: t('Window/level') },
                { value: 'zoom', label: t('Zoom') },
                { value: 'pan', label: t('Pan') },
              ]}
            />
            <Button size="xs" variant={inverted ? 'filled' : 'default'} aria-pressed={inverted} onClick={toggleInvert}>
              {t('Invert')}
            </Button>
            <Button size="xs" variant="default" onClick={reset}>
              {t('Reset')}
            </Button>
            <Button size="xs" variant={fullScreen ? 'filled' : 'default'} aria-pressed={fullScreen !== null} onClick={() => toggleFullScreen(fullScreen ?? active)}>
              {fullScreen ? t('Show four views') : t('Full screen {{view}}', { view: VIEW_LABELS[active] })}
            </Button>
            {VIEWER_OVERLAYS.map(({ kind, label }) => (
              <Button
                key={kind}
                size="xs"
                color={kind === 'detection' ? 'yellow' : 'pink'}
                variant={shown[kind] ? 'filled' : 'default'}
                aria-pressed={shown[kind]}
                disabled={!result}
                onClick={() => toggleOverlay(kind)}
              >
                {t(label)}
              </Button>
            ))}
            <LanguageSwitch size="xs" />
          </Group>
        </Group>
        <Group gap="md" component="ul" className="sd-viewer-keys" aria-label={t('Keyboard shortcuts')}>
          {SHORTCUTS.map(({ key, what, overlay }) => (
            <Text component="li" key={key} size="xs" c="gray.4">
              <Kbd size="xs">{key}</Kbd> {overlay ? t(what, { overlay: t(overlay).toLowerCase() }) : t(what)}
            </Text>
          ))}
        </Group>
      </Stack>
      {studyError ? (
        <Stack align="center" justify="center" className="sd-viewer-study-error">
          <Title order={2} size="h3" c="gray.0">
            {t('The study cannot be opened')}
          </Title>
          <Text role="alert" c="gray.2">
            {studyError ? t(studyError.text, studyError.values ?? {}) : null}
          </Text>
        </Stack>
      ) : null}
      <div className="sd-viewer-body" hidden={studyError !== null}>
      <div ref={gridRef} className="sd-viewer-grid" data-full-screen={fullScreen ?? undefined}>
        {VIEWER_HANGING.map((view, i) => {
          const state = views[view];
          const preview = previews[view];
          const previewOnScreen = previewShown[view] && !drawn[view];
          return (
            <section
              key={view}
              className="sd-viewer-cell"
              data-testid={`viewport-${view}`}
              data-state={state.state}
              data-drawn={drawn[view]}
              data-preview={previewOnScreen || undefined}
              data-active={active === view || undefined}
              hidden={fullScreen !== null && fullScreen !== view}
              aria-label={t('{{view}} view', { view: VIEW_LABELS[view] })}
              onPointerDown={() => setActive(view)}
              onDoubleClick={() => toggleFullScreen(view)}
              onContextMenu={(e) => e.preventDefault()}
            >
              <div className="sd-viewer-element" ref={(el) => void (elements.current[view] = el)} />
              {preview && !drawn[view] && state.state !== 'error' ? (
                <img
                  className="sd-viewer-preview"
                  src={preview.src}
                  alt=""
                  data-testid={`preview-${view}`}
                  // Hung as hang() hangs the full image: whole, its chest wall against the middle.
                  style={{ objectPosition: `${view.startsWith('r') ? 'right' : 'left'} center`, transform: preview.flip ? 'scaleX(-1)' : undefined }}
                  onLoad={() => {
                    performance.mark(`sd-viewer-preview:${view}`);
                    setPreviewShown((p) => ({ ...p, [view]: true }));
                  }}
                />
              ) : null}
              <canvas className="sd-viewer-overlay" ref={(el) => void (overlayCanvases.current[view] = el)} aria-hidden data-testid={`overlay-${view}`} />
              <Badge className="sd-viewer-label" variant={active === view ? 'filled' : 'default'} radius="sm">
                {i + 1} · {VIEW_LABELS[view]}
              </Badge>
              {state.state === 'loading' && !previewOnScreen ? (
                <Stack className="sd-viewer-status" align="center" justify="center" gap="xs">
                  <Loader size="sm" color="gray.3" aria-label={t('Loading {{view}}', { view: VIEW_LABELS[view] })} />
                  <Text size="sm" c="gray.3">
                    {t('Loading {{view}}…', { view: VIEW_LABELS[view] })}
                  </Text>
                </Stack>
              ) : null}
              {previewOnScreen && state.state !== 'error' ? (
                <Group className="sd-viewer-full-loading" gap={6} wrap="nowrap" role="status">
                  <Loader size="xs" color="gray.3" aria-label={t('Loading {{view}} at full resolution', { view: VIEW_LABELS[view] })} />
                  <Text size="xs" c="gray.1">
                    {t('Preview: full resolution loading…')}
                  </Text>
                </Group>
              ) : null}
              {state.state === 'error' ? (
                <Stack className="sd-viewer-status" align="center" justify="center" gap="xs" p="md">
                  <Text role="alert" size="sm" c="gray.1" ta="center">
                    {t('{{view}} cannot be read: {{reason}}', { view: VIEW_LABELS[view], reason: t(state.message.text, state.message.values ?? {}) })}
                  </Text>
                </Stack>
              ) : null}
              {result && state.state === 'ready' && viewWithoutResult(result, view) ? (
                <Text className="sd-viewer-no-result" size="xs" c="gray.2" data-testid={`no-result-${view}`}>
                  {t('No result for this view')}
                </Text>
              ) : null}
            </section>
          );
        })}
      </div>
      <FindingsPanel findings={findings} regions={regions} hanging={VIEWER_HANGING} labels={VIEW_LABELS} selected={selected} onSelect={selectRegion} />
      </div>
    </div>
  );
}
