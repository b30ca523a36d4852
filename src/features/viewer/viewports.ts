/**
 * The viewer's four Cornerstone3D viewports: the engine and tool group they share, the mouse
 * bindings of the tools, and how a view is hung. Cornerstone itself is only ever imported lazily
 * (loadCornerstone): this module holds its types, not its code.
 */
import type { ViewKey } from '../../../core/contract';
import type { core } from './cornerstone';

export type PrimaryTool = 'wl' | 'zoom' | 'pan';

export type Cornerstone = typeof import('./cornerstone');

/**
 * Cornerstone3D and its codecs are most of the viewer's code: loaded after the display images are
 * on screen (its evaluation holds the page's thread for about a second on a two-core machine).
 */
export async function loadCornerstone(getToken: () => string | null): Promise<Cornerstone> {
  const cs = await import('./cornerstone');
  await cs.initCornerstone(getToken);
  return cs;
}

export const primaryTools = ({ tools }: Cornerstone): Record<PrimaryTool, string> => ({
  wl: tools.WindowLevelTool.toolName,
  zoom: tools.ZoomTool.toolName,
  pan: tools.PanTool.toolName,
});

/** The mouse: the chosen tool on the left button, pan on the middle one, zoom on the right one and the wheel. */
export function bindTools(cs: Cornerstone, primary: PrimaryTool) {
  const { tools } = cs;
  const group = tools.ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
  if (!group) return;
  const { Auxiliary, Primary, Secondary, Wheel } = tools.Enums.MouseBindings;
  for (const [key, name] of Object.entries(primaryTools(cs)) as [PrimaryTool, string][]) {
    const bindings = key === 'pan' ? [{ mouseButton: Auxiliary }] : key === 'zoom' ? [{ mouseButton: Secondary }, { mouseButton: Wheel }] : [];
    if (key === primary) bindings.push({ mouseButton: Primary });
    if (bindings.length) group.setToolActive(name, { bindings });
    else group.setToolPassive(name, { removeAllBindings: true });
  }
}

export const ENGINE_ID = 'sd-dicom-viewer';
export const TOOL_GROUP_ID = 'sd-dicom-viewer-tools';
export const viewportId = (view: ViewKey) => `sd-${view}`;

/**
 * Hangs a view back to back with its pair: flipped when stored the other way round, and its chest
 * wall against the middle of the screen (a right view's on the right edge of its cell, a left
 * view's on the left), the whole image in view.
 */
export function hang(viewport: core.StackViewport, view: ViewKey, flip: boolean) {
  if (flip) viewport.setCamera({ flipHorizontal: true });
  const right = view.startsWith('r');
  // The chest wall's column in the stored image: shown on the right for a right view, unless flipped.
  const wall = right !== flip ? 1 : 0;
  viewport.setDisplayArea({ type: 'FIT', imageArea: [1, 1], imageCanvasPoint: { imagePoint: [wall, 0.5], canvasPoint: [right ? 1 : 0, 0.5] } }, true);
}
