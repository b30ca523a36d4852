import type { ViewKey } from '../../core/contract/scores';
import type { PatientTags } from '../dicom/writer';

export type Side = 'left' | 'right';

export interface PhantomOptions {
  /** Everything random follows from this. */
  seed: number;
  /** Image size in pixels (default full field 3328 x 4096). The field of view is about 233 mm wide. */
  width?: number;
  height?: number;
  /** Requested fibroglandular (dense) area fraction, 0..1 (default drawn from the seed, 0.1..0.6). */
  density?: number;
  /** An inserted mass in one breast, seen in its CC and MLO views. */
  /** `contrast` scales the mass's own attenuation (1, the default: a subtle mass; 2-3: an obvious one). */
  mass?: { breast: Side; sizeMm?: number; margin?: 'spiculated' | 'round'; contrast?: number } | null;
  /** An inserted micro-calcification cluster in one breast, seen in its CC and MLO views. */
  calcifications?: { breast: Side; count?: number } | null;
  patient?: PatientTags;
  /** YYYYMMDD (default 20250115). */
  studyDate?: string;
  /**
   * Breast size: chest wall to nipple in the CC view, mm (each side varies by a few per cent; the
   * truth records the result). Default drawn from the seed, 112..154 mm.
   */
  breastDepthMm?: number;
  /** Compressed breast thickness in mm (default drawn from the seed, 40..70). */
  thicknessMm?: number;
  /** Bits stored, 12 (default), 14 or 16. */
  bitsStored?: 12 | 14 | 16;
  /** MONOCHROME2 (default, brighter = denser) or MONOCHROME1 (stored values inverted). */
  photometric?: 'MONOCHROME1' | 'MONOCHROME2';
}

/** A box in image pixels of the view (x, y = top-left corner). */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A map on a coarser grid than the image: cell (i, j) covers `scale` x `scale` image pixels. */
export interface CoarseMap {
  width: number;
  height: number;
  scale: number;
  data: Uint8Array;
}

export interface ViewTruth {
  /** Dense area / breast area in this view, counted on `denseMap` within `breastMask`. */
  denseFraction: number;
  /** 1 where the projected fibroglandular fraction exceeds the dense cut (excludes muscle). */
  denseMap: CoarseMap;
  /** 1 inside the breast (skin included, pectoral muscle excluded). */
  breastMask: CoarseMap;
  mass: PixelBox | null;
  calcifications: PixelBox | null;
  /** Calcification centres in image pixels. */
  calcificationPoints: { x: number; y: number }[];
  nipple: { x: number; y: number };
  /** MLO only: the muscle edge runs from (topX, 0) to the chest-wall edge at row edgeY. */
  pectoral: { topX: number; edgeY: number } | null;
  /** Side of the image the chest wall is on (right views: 'right'). */
  chestWall: Side;
}

export interface PhantomView {
  key: ViewKey;
  laterality: 'L' | 'R';
  viewPosition: 'CC' | 'MLO';
  width: number;
  height: number;
  /** Stored values (MONOCHROME1 already inverted if requested). */
  pixels: Uint16Array;
  bitsStored: number;
  photometric: 'MONOCHROME1' | 'MONOCHROME2';
}

export interface PhantomTruth {
  /** The requested dense fraction. */
  requestedDensity: number;
  /** Breast-area-weighted dense fraction over the four views, from the dense maps. */
  denseFraction: number;
  thicknessMm: { left: number; right: number };
  /** Chest wall to nipple in the CC view, mm. */
  breastDepthMm: { left: number; right: number };
  mass: { breast: Side; sizeMm: number; margin: 'spiculated' | 'round'; contrast: number; distanceFromNippleMm: number } | null;
  calcifications: { breast: Side; count: number; distanceFromNippleMm: number } | null;
  views: Record<ViewKey, ViewTruth>;
}

export interface PhantomStudy {
  seed: number;
  views: Record<ViewKey, PhantomView>;
  truth: PhantomTruth;
  /** Square pixels: [row, column] spacing in mm. */
  pixelSpacingMm: [number, number];
  patient: PatientTags;
  studyDate: string;
  studyInstanceUid: string;
  seriesInstanceUids: Record<ViewKey, string>;
  sopInstanceUids: Record<ViewKey, string>;
}
