/**
 * The model registry: which provider computes each component (detection, risk, masking, density)
 * and the merged score, with its name, version and reference distribution. Every ScoreEntry
 * carries model_name and model_version from here. A deployment swaps a component by replacing its
 * provider (withProvider), e.g. an external inference service or an ONNX model, without touching
 * the API or the UI. The version includes the reference distribution's version, because the
 * quantiles depend on it.
 */
import type { RiskFactors } from '../../core/contract/risk-factors';
import { AI_MODEL } from '../../core/decisions';
import { densityGrade, type DensityGrade } from './density-grade';
import { maskingProbability } from './masking';
import { mergedScore, type ComponentQuantiles } from './merge';
import type { ReferenceDistribution } from './quantiles';
import {
  type DetectionLevel,
  DENSITY_REFERENCE,
  DETECTION_REFERENCE,
  MASKING_REFERENCE,
  MERGED_REFERENCE,
  RISK_REFERENCE,
} from './reference';
import { DENSITY_MODEL } from './image/density';
import { DETECTION_WEIGHTS } from './image/suspicion-models';
import { baseFiveYearRisk, fiveYearRiskScore, type BaseRisk } from './risk/density-hazard';

export interface ModelProvider {
  name: string;
  version: string;
  description: string;
  reference: ReferenceDistribution;
  /** Who a quantile ranks against, in a few plain words (written into every score entry). */
  rankedAgainst: string;
}

/** Detection scores come from the image pipeline (server/analysis/image); this names and calibrates them. */
export interface DetectionProvider extends ModelProvider {
  /** The quantile table a view's, a breast's or the study's score is ranked against. */
  referenceFor(level: DetectionLevel): readonly number[];
  /** The same population, in words, for that level. */
  rankedAgainstFor(level: DetectionLevel): string;
}

export interface RiskProvider extends ModelProvider {
  /** The part of the risk that does not depend on the image (age and risk factors). */
  base(ageYears: number | null, riskFactors: RiskFactors | null): BaseRisk;
  /** The score in [0, 1] for a base risk and a percent density, or null. */
  score(baseRisk: number, percentDensity: number | null, ageYears: number): number | null;
}

export interface MaskingProvider extends ModelProvider {
  score(percentDensity: number | null, denseAreaCm2: number | null): number | null;
}

export interface DensityProvider extends ModelProvider {
  grade(percentDensity: number): DensityGrade;
}

export interface MergedProvider extends ModelProvider {
  merge(quantiles: ComponentQuantiles, ageYears: number | null): { score: number } | { score: null; reason: string };
}

export interface ModelRegistry {
  engine: { name: string; version: string };
  detection: DetectionProvider;
  risk: RiskProvider;
  masking: MaskingProvider;
  density: DensityProvider;
  merged: MergedProvider;
}

/**
 * The engine's version carries the hashes of the learned density model and of the detection
 * suspicion weights, so that a result names the exact coefficients that measured it (the
 * reference distributions' versions are in their providers).
 */
export const ENGINE = { name: 'smart-density-reference-engine', version: `2.1.0+${DENSITY_MODEL.version}+${DETECTION_WEIGHTS.version}` };

/** Detection's population for a level, e.g. "views of 101 real films without findings ...". */
function detectionRankedAgainst(level: DetectionLevel): string {
  const who = DETECTION_REFERENCE.population ?? `${DETECTION_REFERENCE.n} detection scores`;
  return level === 'view' ? `single views: ${who}` : level === 'breast' ? `breasts of 2 views drawn from ${who}` : `mammograms of 4 views drawn from ${who}`;
}

/** The built-in reference providers. */
export const REFERENCE_MODELS: ModelRegistry = {
  engine: ENGINE,
  detection: {
    name: 'reference-cad',
    // The suspicion weights are data too: their version is part of the model's.
    version: `1.1.0+${DETECTION_WEIGHTS.version}+${DETECTION_REFERENCE.version}`,
    description: `Classical CAD: mass candidates (contrast, spiculation), calcification clusters, left-right asymmetry; suspicion weights ${DETECTION_WEIGHTS.source.split(':')[0]}; ranked against ${DETECTION_REFERENCE.population ?? DETECTION_REFERENCE.source}`,
    reference: DETECTION_REFERENCE,
    referenceFor: (level) => DETECTION_REFERENCE.levels?.[level] ?? DETECTION_REFERENCE.values,
    rankedAgainst: detectionRankedAgainst('study'),
    rankedAgainstFor: detectionRankedAgainst,
  },
  risk: {
    name: 'bcrat-density',
    version: `1.0.0+${RISK_REFERENCE.version}`,
    description: 'NCI BCRAT 5-year absolute risk (BCRA 2.1.2 constants) x density relative hazard (JNCI 2013;105:1043) normalised by age group',
    reference: RISK_REFERENCE,
    rankedAgainst: 'women aged 40 to 74 who have screening mammograms, from published population figures, with no risk factors given',
    base: baseFiveYearRisk,
    score: (baseRisk, pd, age) => fiveYearRiskScore(baseRisk, pd, age, RISK_REFERENCE.densityHazardMeanByAgeGroup),
  },
  masking: {
    name: 'density-masking',
    version: `1.0.0+${MASKING_REFERENCE.version}`,
    description: '1 - digital screening sensitivity by density (Wanders 2017), interpolated on percent density and dense area',
    reference: MASKING_REFERENCE,
    rankedAgainst: 'women aged 40 to 74 who have screening mammograms, from published population figures',
    score: maskingProbability,
  },
  density: {
    name: 'learned-density',
    version: `2.0.0+${DENSITY_MODEL.version}+${DENSITY_REFERENCE.version}`,
    description:
      'Percent density from a dense-tissue pixel model fitted to radiologists\' tissue masks on real films (thickness-corrected contrast and texture); grade cut points at the BCSC shares of the published population',
    reference: DENSITY_REFERENCE,
    rankedAgainst: 'women aged 40 to 74 who have screening mammograms, from published population figures',
    grade: (pd) => densityGrade(pd, DENSITY_REFERENCE.cutPoints),
  },
  merged: {
    name: AI_MODEL,
    version: `3.0.0+${MERGED_REFERENCE.version}`,
    description: 'Mean of the detection, risk and masking quantiles x (110 - age) / 70 (ScreenTrust MRI, NCT04832594)',
    reference: MERGED_REFERENCE,
    rankedAgainst: `${MERGED_REFERENCE.n} real mammogram films without findings, each counted at every age from 40 to 74`,
    merge: mergedScore,
  },
};

/** A registry with one component's provider replaced. */
export function withProvider<K extends Exclude<keyof ModelRegistry, 'engine'>>(
  registry: ModelRegistry,
  component: K,
  provider: ModelRegistry[K],
): ModelRegistry {
  return { ...registry, [component]: provider };
}
