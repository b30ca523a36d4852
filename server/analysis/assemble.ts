/**
 * Assembles the scored result of one study from the per-view measurements of the image pipeline,
 * the age and the user's risk factors. Pure: the same input gives the same JSON.
 *
 * Levels:
 * - view: risk and masking from that view's percent density and dense area; detection as measured;
 * - breast: density = mean of its available views (PD and dense area); risk and masking from that
 *   density; detection = max of its views (a finding in either view counts);
 * - study: density = mean of the available breasts; risk and masking from it; detection = max of
 *   the breasts.
 * Each level's merged score combines that level's three quantiles. A score that cannot be
 * computed is null with the reason (N/A), never invented.
 */
import type { RiskFactors } from '../../core/contract/risk-factors';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import {
  VIEW_KEYS,
  VIEW_LABELS,
  type DensityMeasure,
  type OverlayLayer,
  type Region,
  type ScoreEntry,
  type ScoreInputs,
  type ScoreSet,
  type ScoredResult,
  type ViewKey,
} from '../../core/contract/scores';
import { AI_MODEL } from '../../core/decisions';
import { REFERENCE_MODELS, type ModelProvider, type ModelRegistry } from './model-registry';
import { quantileOf } from './quantiles';
import type { DetectionLevel } from './reference';
import type { BaseRisk } from './risk/density-hazard';
import { SET_ASIDE_NOTE_STARTS } from './risk/bcrat';

/** What the image pipeline measured on one view; any field may be null, with the reason. */
export interface ViewMeasurement {
  /** Dense area / breast area, percent 0-100. */
  percentDensity: number | null;
  denseAreaCm2: number | null;
  /** Suspicion of cancer signs in [0, 1]. */
  detectionScore: number | null;
  regions: Region[];
  pixelSpacingMm?: number | null;
  /** Why a measurement is missing (e.g. "Image could not be decoded"). */
  reason?: string;
  notes?: string[];
}

export interface AssembleInput {
  /** null: the view was not analysed (the reason goes in viewReasons or defaults to "missing"). */
  views: Record<ViewKey, ViewMeasurement | null>;
  viewReasons?: Partial<Record<ViewKey, string>>;
  /** Pixel spacing per view in mm, when not given on the measurements. */
  pixelSpacingMm?: Partial<Record<ViewKey, number | null>>;
  ageYears: number | null;
  ageSource: ScoreInputs['age_source'];
  riskFactors: RiskFactors | null;
  overlays?: Record<string, OverlayLayer[]>;
  notes?: string[];
}

const SIDES = { right: ['r_cc', 'r_mlo'], left: ['l_cc', 'l_mlo'] } as const;

interface Level {
  percentDensity: number | null;
  denseAreaCm2: number | null;
  densityReason?: string;
  detection: number | null;
  detectionReason?: string;
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;
}

function present(values: (number | null)[]): number[] {
  return values.filter((v): v is number => v !== null && Number.isFinite(v));
}

export function entry(
  provider: ModelProvider,
  score: number | null,
  reason: string | undefined,
  reference: readonly number[] = provider.reference.values,
  rankedAgainst: string = provider.rankedAgainst,
): ScoreEntry {
  if (score === null) {
    return { score: null, quantile: null, model_name: provider.name, model_version: provider.version, reason: reason ?? 'Not available' };
  }
  const clamped = Math.min(1, Math.max(0, score));
  return { score: clamped, quantile: quantileOf(clamped, reference), model_name: provider.name, model_version: provider.version, reference: rankedAgainst };
}

/** Combines levels (views into a breast, breasts into the study). */
function combine(parts: Level[], what: string): Level {
  const pds = present(parts.map((p) => p.percentDensity));
  const areas = present(parts.map((p) => p.denseAreaCm2));
  const detections = present(parts.map((p) => p.detection));
  return {
    percentDensity: mean(pds),
    denseAreaCm2: pds.length > 0 && areas.length === pds.length ? mean(areas) : null,
    densityReason: pds.length === 0 ? `No percent density for ${what}: ${parts.map((p) => p.densityReason).filter(Boolean).join('; ')}` : undefined,
    detection: detections.length === 0 ? null : Math.max(...detections),
    detectionReason:
      detections.length === 0 ? `No detection score for ${what}: ${parts.map((p) => p.detectionReason).filter(Boolean).join('; ')}` : undefined,
  };
}

export function densityMeasure(percent: number | null, denseAreaCm2: number | null, reason: string | undefined, registry: ModelRegistry): DensityMeasure {
  if (percent === null) return { percent: null, dense_area_cm2: null, grade: null, reason: reason ?? 'Not available' };
  return { percent, dense_area_cm2: denseAreaCm2, grade: registry.density.grade(percent) };
}

/** The inherent risk of one level (a view, a breast, the study) from the base risk and its density. */
export function riskEntry(registry: ModelRegistry, base: BaseRisk, percentDensity: number | null, densityReason: string | undefined, age: number | null): ScoreEntry {
  if (!base.ok) return entry(registry.risk, null, base.reason);
  if (percentDensity === null) return entry(registry.risk, null, densityReason);
  return entry(registry.risk, registry.risk.score(base.bcrat.absoluteRisk, percentDensity, age as number), undefined);
}

/** The combined score of one level from its three components' quantiles and the age. */
export function combinedEntry(registry: ModelRegistry, detection: ScoreEntry, risk: ScoreEntry, masking: ScoreEntry, age: number | null): ScoreEntry {
  const merged = registry.merged.merge({ detection: detection.quantile, risk: risk.quantile, masking: masking.quantile }, age);
  return entry(registry.merged, merged.score, merged.score === null ? merged.reason : undefined);
}

/** The prefix of the note that lists the answers not given (rescore.ts replaces these notes). */
export const NOT_GIVEN_NOTE = "Risk factors not given take BCRAT's reference category: ";

/** Whether a note is one riskFactorNotes writes. */
export function isRiskFactorNote(note: string): boolean {
  return note.startsWith(NOT_GIVEN_NOTE) || SET_ASIDE_NOTE_STARTS.some((start) => note.startsWith(start));
}

/** What the risk model did with her answers, for the result's notes. */
export function riskFactorNotes(base: BaseRisk): string[] {
  const mapping = base.mapping;
  if (!mapping) return [];
  const notes = [...mapping.notes];
  if (mapping.unknown.length > 0) notes.push(`${NOT_GIVEN_NOTE}${[...new Set(mapping.unknown)].join(', ')}`);
  return notes;
}

/** The answers as the risk model took them (null: not given), as the result's inputs show them. */
export function riskFactorsUsedBy(base: BaseRisk, riskFactors: RiskFactors | null): Record<string, string | number | null> {
  return base.mapping ? base.mapping.used : { ...(riskFactors ?? EMPTY_RISK_FACTORS) };
}

export function assembleResult(input: AssembleInput, registry: ModelRegistry = REFERENCE_MODELS): ScoredResult {
  const notes: string[] = [...(input.notes ?? [])];
  const age = input.ageYears !== null && Number.isFinite(input.ageYears) ? input.ageYears : null;

  const viewLevels = {} as Record<ViewKey, Level>;
  const regions: Region[] = [];
  const spacing: Record<string, number | null> = {};
  for (const key of VIEW_KEYS) {
    const m = input.views[key];
    const missing = `${VIEW_LABELS[key]}: ${input.viewReasons?.[key] ?? m?.reason ?? 'view not available'}`;
    spacing[key] = input.pixelSpacingMm?.[key] ?? m?.pixelSpacingMm ?? null;
    if (!m) {
      viewLevels[key] = { percentDensity: null, denseAreaCm2: null, densityReason: missing, detection: null, detectionReason: missing };
      continue;
    }
    regions.push(...m.regions);
    notes.push(...(m.notes ?? []));
    viewLevels[key] = {
      percentDensity: m.percentDensity,
      denseAreaCm2: m.denseAreaCm2,
      densityReason: m.percentDensity === null ? missing : undefined,
      detection: m.detectionScore,
      detectionReason: m.detectionScore === null ? missing : undefined,
    };
  }
  const right = combine(SIDES.right.map((k) => viewLevels[k]), 'the right breast');
  const left = combine(SIDES.left.map((k) => viewLevels[k]), 'the left breast');
  const study = combine([right, left], 'the study');
  for (const [side, keys] of Object.entries(SIDES)) {
    const used = keys.filter((k) => viewLevels[k].percentDensity !== null);
    if (used.length === 1) notes.push(`The ${side} breast's density comes from ${VIEW_LABELS[used[0]]} only`);
  }

  const base = registry.risk.base(age, input.riskFactors);
  notes.push(...riskFactorNotes(base));
  const riskFactorsUsed = riskFactorsUsedBy(base, input.riskFactors);

  const scoreSet = (level: Level, kind: DetectionLevel): ScoreSet => {
    const detection = entry(registry.detection, level.detection, level.detectionReason, registry.detection.referenceFor(kind), registry.detection.rankedAgainstFor(kind));
    const risk = riskEntry(registry, base, level.percentDensity, level.densityReason, age);
    const maskingScore = registry.masking.score(level.percentDensity, level.denseAreaCm2);
    const masking = entry(registry.masking, maskingScore, level.densityReason);
    return { detection, risk, masking, [AI_MODEL]: combinedEntry(registry, detection, risk, masking, age) };
  };

  const density = (level: Level) => densityMeasure(level.percentDensity, level.denseAreaCm2, level.densityReason, registry);

  return {
    engine: { ...registry.engine },
    study: scoreSet(study, 'study'),
    left: scoreSet(left, 'breast'),
    right: scoreSet(right, 'breast'),
    r_cc: scoreSet(viewLevels.r_cc, 'view'),
    l_cc: scoreSet(viewLevels.l_cc, 'view'),
    r_mlo: scoreSet(viewLevels.r_mlo, 'view'),
    l_mlo: scoreSet(viewLevels.l_mlo, 'view'),
    density: {
      study: density(study),
      left: density(left),
      right: density(right),
      views: { r_cc: density(viewLevels.r_cc), l_cc: density(viewLevels.l_cc), r_mlo: density(viewLevels.r_mlo), l_mlo: density(viewLevels.l_mlo) },
    },
    inputs: {
      age,
      age_source: age === null ? 'unknown' : input.ageSource,
      risk_factors: riskFactorsUsed,
      pixel_spacing_mm: spacing,
      notes,
    },
    regions,
    overlays: input.overlays ?? {},
  };
}
