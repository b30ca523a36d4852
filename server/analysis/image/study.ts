import { VIEW_KEYS, type Region, type ViewKey } from '../../../core/contract/scores';
import type { DecodedView } from '../../dicom/types';
import { detectStudy, type ViewDetection } from './detection';
import { renderDetectionOverlay, renderViewOverlays, VIEW_OVERLAY_KINDS, type OverlayKind, type RgbaOverlay, type ViewOverlayKind } from './overlays';
import { NO_TIMER, type Timer } from './stage-timer';
import { analyzeView, type ViewAnalysis } from './view';

/** What the image analysis measured on one view; each value null with a reason when it failed. */
export interface ViewMeasurement {
  percentDensity: number | null;
  denseAreaCm2: number | null;
  breastAreaCm2: number | null;
  detectionScore: number | null;
  regions: Region[];
  /** Why a value is null. */
  reason?: string;
}

export interface StudyMeasurement {
  views: Record<ViewKey, ViewMeasurement>;
  detections: Record<ViewKey, ViewDetection>;
  /** The per-view analyses (masks, pectoral line, density map), for evaluation against labels. */
  analyses: Partial<Record<ViewKey, ViewAnalysis>>;
  /**
   * Overlays per analysed view (display orientation, analysis resolution): every kind, except
   * those its prepared view brought already encoded (PreparedView.overlayPngs).
   */
  overlays: Partial<Record<ViewKey, Partial<Record<OverlayKind, RgbaOverlay>>>>;
  /** Analysis pixel spacing per view, mm (null when the view was not analysed). */
  spacingMm: Record<ViewKey, number | null>;
  notes: string[];
}

/**
 * One view as far as it goes alone: its analysis (or why it has none) and the size and spacing of
 * the image it was made from. A pipeline thread makes it right after decoding, so the full
 * resolution pixels never leave that thread; the study step needs only this.
 */
export interface PreparedView {
  key: ViewKey;
  /** Size of the decoded image (the display image's source), pixels. */
  width: number;
  height: number;
  /** Spacing of the stored image (before any decoder downsampling), mm. */
  fileSpacingMm: number;
  analysis: ViewAnalysis | null;
  /** Why the view could not be analysed (set when `analysis` is null). */
  failure?: string;
  /**
   * The view's own overlays (density, texture) as PNG, when the step that prepared it encoded
   * them (the pipeline's threads do, so the study step after the last view renders only the
   * detection overlay); the study step renders what is missing.
   */
  overlayPngs?: Partial<Record<ViewOverlayKind, Uint8Array>>;
}

/** The per-view half of the image pipeline: checks the input, then analyses the view. */
export function prepareView(v: DecodedView, timer: Timer = NO_TIMER): PreparedView {
  const base = {
    key: v.key,
    width: v.width,
    height: v.height,
    fileSpacingMm: (v.pixelSpacingMm[0] + v.pixelSpacingMm[1]) / 2 / Math.max(1, v.downsample),
  };
  const problem = checkView(v);
  if (problem) return { ...base, analysis: null, failure: problem };
  return { ...base, analysis: analyzeView(v, timer) };
}

/** Every present view through prepareView, in view order. */
export function prepareStudy(views: Partial<Record<ViewKey, DecodedView>>, timer: Timer = NO_TIMER): Partial<Record<ViewKey, PreparedView>> {
  const out: Partial<Record<ViewKey, PreparedView>> = {};
  for (const key of VIEW_KEYS) {
    const v = views[key];
    if (v) out[key] = prepareView(v, timer);
  }
  return out;
}

/**
 * The image half of the engine for a whole study: every view through the pipeline, then the
 * findings that need two views (left-right asymmetry, CC/MLO agreement), then the overlays.
 * A view that is missing or cannot be analysed gives nulls with a reason, never made-up values.
 */
export function measureStudy(views: Partial<Record<ViewKey, DecodedView>>, timer: Timer = NO_TIMER): StudyMeasurement {
  return measurePrepared(prepareStudy(views, timer), timer);
}

/** measureStudy's study step, on views already prepared one by one (possibly on other threads). */
export function measurePrepared(prepared: Partial<Record<ViewKey, PreparedView>>, timer: Timer = NO_TIMER): StudyMeasurement {
  const analyses: Partial<Record<ViewKey, ViewAnalysis>> = {};
  const failures: Partial<Record<ViewKey, string>> = {};
  const notes: string[] = [];
  for (const key of VIEW_KEYS) {
    const p = prepared[key];
    if (!p) failures[key] = 'view missing from the study';
    else if (!p.analysis) failures[key] = p.failure ?? 'view not analysed';
    else {
      analyses[key] = p.analysis;
      notes.push(...p.analysis.notes);
    }
  }
  const detections = timer.time('detection', () => detectStudy(analyses));
  const out = {} as Record<ViewKey, ViewMeasurement>;
  const overlays: StudyMeasurement['overlays'] = {};
  const spacingMm = {} as Record<ViewKey, number | null>;
  for (const key of VIEW_KEYS) {
    const a = analyses[key];
    const d = detections[key];
    spacingMm[key] = a ? a.coarseSpacingMm : null;
    if (!a) {
      out[key] = nullMeasurement(failures[key] ?? 'view not analysed');
      continue;
    }
    if (!a.density) {
      out[key] = nullMeasurement('no breast tissue found in the image');
      continue;
    }
    out[key] = {
      percentDensity: a.density.percentDensity,
      denseAreaCm2: a.density.denseAreaCm2,
      breastAreaCm2: a.density.breastAreaCm2,
      detectionScore: d.score,
      regions: d.regions,
      ...(d.reason ? { reason: d.reason } : {}),
    };
    const encoded = prepared[key]?.overlayPngs ?? {};
    overlays[key] = timer.time('overlays', () => {
      const missing = VIEW_OVERLAY_KINDS.some((kind) => !encoded[kind]);
      const own = missing ? renderViewOverlays(a) : null;
      const set: Partial<Record<OverlayKind, RgbaOverlay>> = { detection: renderDetectionOverlay(a, d.findings) };
      for (const kind of VIEW_OVERLAY_KINDS) if (!encoded[kind] && own) set[kind] = own[kind];
      return set;
    });
  }
  return { views: out, detections, analyses, overlays, spacingMm, notes };
}

function nullMeasurement(reason: string): ViewMeasurement {
  return { percentDensity: null, denseAreaCm2: null, breastAreaCm2: null, detectionScore: null, regions: [], reason };
}

/** Input problems that make a view unanalysable. */
function checkView(v: DecodedView): string | null {
  if (v.width < 32 || v.height < 32) return `image too small (${v.width}x${v.height})`;
  if (v.pixels.length < v.width * v.height) return 'pixel data shorter than the image size';
  const [sr, sc] = v.pixelSpacingMm;
  if (!(sr > 0 && sc > 0)) return 'invalid pixel spacing';
  let lo = Infinity;
  let hi = -Infinity;
  const px = v.pixels;
  for (let i = 0, n = v.width * v.height; i < n; i += 7) {
    const p = px[i];
    if (p < lo) lo = p;
    if (p > hi) hi = p;
  }
  if (!(hi > lo)) return 'the image is blank';
  return null;
}
