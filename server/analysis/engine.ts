import sharp from 'sharp';
import type { RiskFactors } from '../../core/contract/risk-factors';
import { OVERLAY_KINDS, VIEW_KEYS, type OverlayLayer, type ScoredResult, type ScoreInputs, type ViewKey } from '../../core/contract/scores';
import type { DecodedView } from '../dicom/types';
import { assembleResult, type ViewMeasurement } from './assemble';
import { renderViewOverlays, VIEW_OVERLAY_KINDS, type OverlayKind, type RgbaOverlay } from './image/overlays';
import { NO_TIMER, type Timer } from './image/stage-timer';
import { measurePrepared, prepareStudy, type PreparedView } from './image/study';
import { REFERENCE_MODELS, type ModelRegistry } from './model-registry';

export const ENGINE_NAME = REFERENCE_MODELS.engine.name;
export const ENGINE_VERSION = REFERENCE_MODELS.engine.version;

/** Display PNGs are this many pixels high, or the image's own height if smaller. */
export const DISPLAY_HEIGHT = 1024;

export interface AnalysisContext {
  age: number | null;
  ageSource: ScoreInputs['age_source'];
  riskFactors: RiskFactors;
}

export type OverlayPngs = Record<ViewKey, Partial<Record<OverlayKind, Buffer>>>;

export interface AnalyzeOptions {
  registry?: ModelRegistry;
  /** Stage timings for the bench; the result never depends on it. */
  timer?: Timer;
}

/**
 * The scoring step of the pipeline: the image analysis of the four views (density, detection,
 * overlays), then the non-image scoring (risk, masking, quantiles, merged score) by assembleResult.
 * No I/O; sharp only encodes the overlays as PNG. Missing or unanalysable views give nulls with a
 * reason in the result, never invented scores.
 */
export async function analyzeStudy(
  views: Partial<Record<ViewKey, DecodedView>>,
  ctx: AnalysisContext,
  options: AnalyzeOptions = {},
): Promise<{ result: ScoredResult; overlays: OverlayPngs }> {
  return scorePreparedStudy(prepareStudy(views, options.timer), ctx, options);
}

/**
 * analyzeStudy's study step, on views already prepared one by one (image/study.ts prepareView):
 * the pipeline prepares each view on the thread that decoded it, as soon as it is decoded.
 */
export async function scorePreparedStudy(
  views: Partial<Record<ViewKey, PreparedView>>,
  ctx: AnalysisContext,
  options: AnalyzeOptions = {},
): Promise<{ result: ScoredResult; overlays: OverlayPngs }> {
  const timer = options.timer ?? NO_TIMER;
  const measured = measurePrepared(views, timer);
  const perView = {} as Record<ViewKey, ViewMeasurement | null>;
  const layers: Record<string, OverlayLayer[]> = {};
  for (const key of VIEW_KEYS) {
    const v = views[key];
    const m = measured.views[key];
    perView[key] = v
      ? {
          percentDensity: m.percentDensity,
          denseAreaCm2: m.denseAreaCm2,
          detectionScore: m.detectionScore,
          regions: m.regions,
          pixelSpacingMm: v.fileSpacingMm,
          ...(m.reason ? { reason: m.reason } : {}),
        }
      : null;
    if (v) layers[key] = ['image', ...(measured.overlays[key] ? OVERLAY_KINDS : [])];
  }
  const result = timer.time('assemble', () =>
    assembleResult(
      {
        views: perView,
        viewReasons: Object.fromEntries(VIEW_KEYS.filter((k) => !views[k]).map((k) => [k, 'view missing from the study'])),
        ageYears: ctx.age,
        ageSource: ctx.ageSource,
        riskFactors: ctx.riskFactors,
        overlays: layers,
        notes: measured.notes,
      },
      options.registry ?? REFERENCE_MODELS,
    ),
  );
  const t0 = performance.now();
  const overlays = {} as OverlayPngs;
  await Promise.all(
    VIEW_KEYS.map(async (key) => {
      overlays[key] = {};
      const set = measured.overlays[key];
      if (!set || !views[key]) return;
      const encoded = views[key]?.overlayPngs ?? {};
      for (const kind of OVERLAY_KINDS) {
        const ready = kind === 'detection' ? undefined : encoded[kind];
        const rgba = set[kind];
        if (ready) overlays[key][kind] = Buffer.from(ready.buffer, ready.byteOffset, ready.byteLength);
        else if (rgba) overlays[key][kind] = await encodeOverlay(rgba);
      }
    }),
  );
  timer.record('overlay png', performance.now() - t0);
  return { result, overlays };
}

/**
 * A prepared view with its own overlays (density, texture) encoded: the pipeline's threads call
 * this right after the view's analysis, so that the study step after the last view has only the
 * detection overlay left to draw (on a full-field study it took 300 ms there, 190 of them the
 * view overlays and 90 their PNG encoding; npm run bench -- pipeline, "study scored").
 */
export async function withViewOverlays(view: PreparedView): Promise<PreparedView> {
  // A view without breast tissue shows no overlays (the study step gives it none either).
  if (!view.analysis?.density) return view;
  const rgba = renderViewOverlays(view.analysis);
  const overlayPngs: NonNullable<PreparedView['overlayPngs']> = {};
  // Plain bytes, as they come back from a thread (a Buffer arrives there as a Uint8Array).
  for (const kind of VIEW_OVERLAY_KINDS) overlayPngs[kind] = new Uint8Array(await encodeOverlay(rgba[kind]));
  return { ...view, overlayPngs };
}

/** Size of a view's display PNG: DISPLAY_HEIGHT high (or the image's own height), same aspect. */
export function displaySize(v: Pick<DecodedView, 'width' | 'height'>): { width: number; height: number } {
  const height = Math.min(DISPLAY_HEIGHT, v.height);
  return { width: Math.max(1, Math.round((v.width * height) / v.height)), height };
}

/**
 * An RGBA overlay as PNG at the analysis grid's own size: it covers the whole image, so the
 * results page and the viewer stretch it over the display image as they stretch that. It holds
 * nothing finer than the grid; stretching it here to the display size first made the study step
 * 2-3 times slower (a third of its time, after the last view) and the files 2-4 times larger.
 */
export async function encodeOverlay(o: RgbaOverlay): Promise<Buffer> {
  return sharp(Buffer.from(o.data.buffer, o.data.byteOffset, o.data.byteLength), {
    raw: { width: o.width, height: o.height, channels: 4 },
  })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
