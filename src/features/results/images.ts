import type { OverlayKind, OverlayLayer, TaskImage, ViewKey } from '../../../core/contract';
import { msg } from '../../../core/i18n';

/** Where a screen gets one image layer of one view: an api/ module's image query (a task's, the last task's, a demo profile's). */
export type ImageQueryFor = (view: ViewKey, layer: OverlayLayer) => ImageQuery;
export interface ImageQuery {
  queryKey: readonly unknown[];
  queryFn: () => Promise<TaskImage>;
}

/** Images never change once made: fetched once, not retried when a layer is missing. */
export const IMAGE_QUERY_DEFAULTS = { staleTime: Infinity, retry: false } as const;

export type { OverlayKind };

/** The three sliders of the Images tab (scoring.md: which score each overlay belongs to). English keys: show with t(text). */
export const OVERLAYS: readonly { layer: OverlayKind; label: string; hint: string }[] = [
  { layer: 'detection', label: msg('Suspicious regions'), hint: msg('Where the computer looked most closely (cancer signs)') },
  { layer: 'density', label: msg('Dense tissue'), hint: msg('Tissue that looks white and can hide cancer (masking)') },
  { layer: 'texture', label: msg('Density texture'), hint: msg('The pattern of the tissue (inherent risk)') },
];

export type OverlayLevels = Record<OverlayKind, number>;
export const NO_OVERLAYS: OverlayLevels = { detection: 0, density: 0, texture: 0 };
