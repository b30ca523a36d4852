import { useCallback, useEffect, useRef, useState } from 'react';
import { Anchor, Badge, Button, Group, Kbd, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ViewKey } from '../../../core/contract';
import { addInstanceMetadata, core, initCornerstone, tools, type DicomJson } from './cornerstone';
import './viewer.css';
import { describeLoadError, findViews, needsFlip, studyMetadataUrl, wadorsImageId } from './study';

const VIEW_LABELS: Record<ViewKey, string> = { r_cc: 'R-CC', l_cc: 'L-CC', r_mlo: 'R-MLO', l_mlo: 'L-MLO' };

/** Radiological hanging: right views on the left, back to back with the left views; CC above MLO. */
export const VIEWER_HANGING: readonly ViewKey[] = ['r_cc', 'l_cc', 'r_mlo', 'l_mlo'];

type ViewState = { state: 'loading' } | { state: 'ready' } | { state: 'error'; message: string };
type PrimaryTool = 'wl' | 'zoom' | 'pan';

const PRIMARY_TOOL: Record<PrimaryTool, string> = {
  wl: tools.WindowLevelTool.toolName,
  zoom: tools.ZoomTool.toolName,
  pan: tools.PanTool.toolName,
};

/** The keyboard shortcuts, shown under the toolbar. */
export const SHORTCUTS: ReadonlyArray<[string, string]> = [
  ['W', 'window/level with the left button'],
  ['Z', 'zoom with the left button'],
  ['P', 'pan with the left button'],
  ['I', 'invert'],
  ['R', 'reset'],
  ['1-4', 'choose R-CC, L-CC, R-MLO, L-MLO'],
  ['F', 'chosen view full screen (again to go back)'],
  ['Esc', 'back to four views'],
];

const ENGINE_ID = 'sd-dicom-viewer';
const TOOL_GROUP_ID = 'sd-dicom-viewer-tools';
const viewportId = (view: ViewKey) => `sd-${view}`;

/**
 * Hangs a view back to back with its pair: flipped when stored the other way round, and its chest
 * wall against the middle of the screen (a right view's on the right edge of its cell, a left
 * view's on the left), the whole image in view.
 */
function hang(viewport: core.StackViewport, view: ViewKey, flip: boolean) {
  if (flip) viewport.setCamera({ flipHorizontal: true });
  const right = view.startsWith('r');
  // The chest wall's column in the stored image: shown on the right for a right view, unless flipped.
  const wall = right !== flip ? 1 : 0;
  viewport.setDisplayArea({ type: 'FIT', imageArea: [1, 1], imageCanvasPoint: { imagePoint: [wall, 0.5], canvasPoint: [right ? 1 : 0, 0.5] } }, true);
}

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
}

// The API client and the session come in as props: importing them here would pull the app's shared
// modules (zod, the contract) into the main bundle, since this chunk is loaded on its own.
export default function BuiltInViewer({ studyInstanceUID, apiBase, getToken, back }: BuiltInViewerProps) {
  const elements = useRef<Partial<Record<ViewKey, HTMLDivElement | null>>>({});
  const engineRef = useRef<core.RenderingEngine | null>(null);
  const flips = useRef<Partial<Record<ViewKey, boolean>>>({});
  const gridRef = useRef<HTMLDivElement | null>(null);
  const [views, setViews] = useState<Record<ViewKey, ViewState>>(initialStates);
  const [studyError, setStudyError] = useState<string | null>(null);
  const [inverted, setInverted] = useState(false);
  const [active, setActive] = useState<ViewKey>('r_cc');
  const [fullScreen, setFullScreen] = useState<ViewKey | null>(null);
  const [primary, setPrimary] = useState<PrimaryTool>('wl');

  const setView = (view: ViewKey, state: ViewState) => setViews((v) => ({ ...v, [view]: state }));

  // Opens the study: metadata, then one stack viewport per view, each loading on its own.
  useEffect(() => {
    let cancelled = false;
    setViews(initialStates());
    setStudyError(null);
    (async () => {
      await initCornerstone(getToken);
      const res = await fetch(studyMetadataUrl(apiBase, studyInstanceUID), {
        headers: { Accept: 'application/dicom+json', Authorization: `Bearer ${getToken() ?? ''}` },
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
        throw new Error(typeof body?.detail === 'string' ? body.detail : `The server answered ${res.status}.`);
      }
      const instances = (await res.json()) as DicomJson[];
      if (cancelled) return;
      const found = findViews(instances);
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
      for (const name of Object.values(PRIMARY_TOOL)) group.addTool(name);
      group.setToolActive(tools.WindowLevelTool.toolName, { bindings: [{ mouseButton: tools.Enums.MouseBindings.Primary }] });
      group.setToolActive(tools.PanTool.toolName, { bindings: [{ mouseButton: tools.Enums.MouseBindings.Auxiliary }] });
      group.setToolActive(tools.ZoomTool.toolName, {
        bindings: [{ mouseButton: tools.Enums.MouseBindings.Secondary }, { mouseButton: tools.Enums.MouseBindings.Wheel }],
      });
      for (const view of VIEWER_HANGING) group.addViewport(viewportId(view), ENGINE_ID);

      await Promise.all(
        VIEWER_HANGING.map(async (view) => {
          const instance = found[view];
          if (!instance) {
            setView(view, { state: 'error', message: `The study has no ${VIEW_LABELS[view]} image.` });
            return;
          }
          const imageId = wadorsImageId(window.location.origin + apiBase, studyInstanceUID, instance);
          if (!imageId) {
            setView(view, { state: 'error', message: 'The image has no series or instance UID.' });
            return;
          }
          addInstanceMetadata(imageId, instance);
          try {
            // Loaded first: setStack itself only logs a failed load and draws nothing.
            await core.imageLoader.loadAndCacheImage(imageId);
            if (cancelled) return;
            const viewport = engine.getViewport(viewportId(view)) as core.StackViewport;
            await viewport.setStack([imageId]);
            if (cancelled) return;
            flips.current[view] = needsFlip(view, instance);
            hang(viewport, view, flips.current[view]);
            viewport.render();
            setView(view, { state: 'ready' });
          } catch (error) {
            if (!cancelled) setView(view, { state: 'error', message: describeLoadError(error) });
          }
        }),
      );
    })().catch((error: unknown) => {
      if (!cancelled) setStudyError(error instanceof Error ? error.message : 'The study could not be opened.');
    });
    return () => {
      cancelled = true;
      tools.ToolGroupManager.destroyToolGroup(TOOL_GROUP_ID);
      engineRef.current?.destroy();
      engineRef.current = null;
    };
  }, [studyInstanceUID, apiBase, getToken]);

  const forEachViewport = useCallback((fn: (viewport: core.StackViewport, view: ViewKey) => void) => {
    const engine = engineRef.current;
    if (!engine) return;
    for (const view of VIEWER_HANGING) {
      const viewport = engine.getViewport(viewportId(view)) as core.StackViewport | undefined;
      if (viewport?.getCurrentImageId()) fn(viewport, view);
    }
  }, []);

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

  const choosePrimary = useCallback((tool: PrimaryTool) => {
    const group = tools.ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
    if (group) {
      for (const [key, name] of Object.entries(PRIMARY_TOOL) as [PrimaryTool, string][]) {
        const bindings =
          name === tools.PanTool.toolName
            ? [{ mouseButton: tools.Enums.MouseBindings.Auxiliary }]
            : name === tools.ZoomTool.toolName
              ? [{ mouseButton: tools.Enums.MouseBindings.Secondary }, { mouseButton: tools.Enums.MouseBindings.Wheel }]
              : [];
        if (key === tool) bindings.push({ mouseButton: tools.Enums.MouseBindings.Primary });
        if (bindings.length) group.setToolActive(name, { bindings });
        else group.setToolPassive(name, { removeAllBindings: true });
      }
    }
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
  }, [forEachViewport]);
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
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      const key = event.key.toLowerCase();
      const index = ['1', '2', '3', '4'].indexOf(key);
      if (index >= 0) setActive(VIEWER_HANGING[index]);
      else if (key === 'i') toggleInvert();
      else if (key === 'r') reset();
      else if (key === 'f') toggleFullScreen(active);
      else if (key === 'escape') setFullScreen(null);
      else if (key === 'w') choosePrimary('wl');
      else if (key === 'z') choosePrimary('zoom');
      else if (key === 'p') choosePrimary('pan');
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, toggleInvert, reset, toggleFullScreen, choosePrimary]);

  return (
    <div className="sd-viewer" data-testid="built-in-viewer">
      <Stack gap={6} className="sd-viewer-bar">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Title order={1} size="h4" c="gray.0">
              Image viewer
            </Title>
            <Anchor component={Link} to={back.to} size="sm" c="gray.4">
              {back.label}
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <SegmentedControl
              size="xs"
              aria-label="Left mouse button"
              value={primary}
              onChange={(value) => choosePrimary(value as PrimaryTool)}
              data={[
                { value: 'wl', label: 'Window/level' },
                { value: 'zoom', label: 'Zoom' },
                { value: 'pan', label: 'Pan' },
              ]}
            />
            <Button size="xs" variant={inverted ? 'filled' : 'default'} aria-pressed={inverted} onClick={toggleInvert}>
              Invert
            </Button>
            <Button size="xs" variant="default" onClick={reset}>
              Reset
            </Button>
            <Button size="xs" variant={fullScreen ? 'filled' : 'default'} aria-pressed={fullScreen !== null} onClick={() => toggleFullScreen(fullScreen ?? active)}>
              {fullScreen ? 'Show four views' : `Full screen ${VIEW_LABELS[active]}`}
            </Button>
          </Group>
        </Group>
        <Group gap="md" component="ul" className="sd-viewer-keys" aria-label="Keyboard shortcuts">
          {SHORTCUTS.map(([key, what]) => (
            <Text component="li" key={key} size="xs" c="gray.4">
              <Kbd size="xs">{key}</Kbd> {what}
            </Text>
          ))}
        </Group>
      </Stack>
      {studyError ? (
        <Stack align="center" justify="center" className="sd-viewer-study-error">
          <Title order={2} size="h3" c="gray.0">
            The study cannot be opened
          </Title>
          <Text role="alert" c="gray.2">
            {studyError}
          </Text>
        </Stack>
      ) : null}
      <div ref={gridRef} className="sd-viewer-grid" data-full-screen={fullScreen ?? undefined} hidden={studyError !== null}>
        {VIEWER_HANGING.map((view, i) => {
          const state = views[view];
          return (
            <section
              key={view}
              className="sd-viewer-cell"
              data-testid={`viewport-${view}`}
              data-state={state.state}
              data-active={active === view || undefined}
              hidden={fullScreen !== null && fullScreen !== view}
              aria-label={`${VIEW_LABELS[view]} view`}
              onPointerDown={() => setActive(view)}
              onDoubleClick={() => toggleFullScreen(view)}
              onContextMenu={(e) => e.preventDefault()}
            >
              <div className="sd-viewer-element" ref={(el) => void (elements.current[view] = el)} />
              <Badge className="sd-viewer-label" variant={active === view ? 'filled' : 'default'} radius="sm">
                {i + 1} · {VIEW_LABELS[view]}
              </Badge>
              {state.state === 'loading' ? (
                <Stack className="sd-viewer-status" align="center" justify="center" gap="xs">
                  <Loader size="sm" color="gray.3" aria-label={`Loading ${VIEW_LABELS[view]}`} />
                  <Text size="sm" c="gray.3">
                    Loading {VIEW_LABELS[view]}…
                  </Text>
                </Stack>
              ) : null}
              {state.state === 'error' ? (
                <Stack className="sd-viewer-status" align="center" justify="center" gap="xs" p="md">
                  <Text role="alert" size="sm" c="gray.1" ta="center">
                    {VIEW_LABELS[view]} cannot be read: {state.message}
                  </Text>
                </Stack>
              ) : null}
            </section>
          );
        })}
      </div>
    </div>
  );
}
