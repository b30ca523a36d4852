import type { ScoredResult, ViewKey } from '../../../core/contract';
import { msg } from '../../../core/i18n';
import type { ImageQuery } from '../results/images';

/** The two overlays the viewer draws (the engine also makes a texture layer; the results page shows it). */
export const VIEWER_OVERLAYS = [
  { kind: 'detection', label: msg('Suspicious regions'), key: 'S', alpha: 0.8 },
  { kind: 'density', label: msg('Dense tissue'), key: 'D', alpha: 0.55 },
] as const;
export type ViewerOverlay = (typeof VIEWER_OVERLAYS)[number]['kind'];

/**
 * The engine's result for the study the viewer shows, as the page found it from the study UID:
 * still loading, not there (with why, in words), or the result and where its overlay pictures are.
 */
export type ViewerFindings =
  | { state: 'loading' }
  | { state: 'unavailable'; message: string; retry?: () => void }
  | { state: 'ready'; result: ScoredResult; overlay: (view: ViewKey, kind: ViewerOverlay) => ImageQuery };

/** Why a view has nothing to draw (in English: translate it where shown), or null when it has a result. */
export function viewWithoutResult(result: ScoredResult, view: ViewKey): string | null {
  const layers = result.overlays[view] ?? [];
  const detection = result[view]?.detection;
  if (layers.length > 0 && detection?.score !== null) return null;
  // The engine's reasons start with the view's label, which the screen already shows.
  return detection?.reason?.replace(/^[RL]-(CC|MLO): /, '') ?? msg('the computer could not analyse this view');
}
