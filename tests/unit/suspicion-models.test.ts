/**
 * The detection suspicion models: weights are data with their provenance, features outside the
 * range the weights were fitted on are held at its edge (no extrapolation), and the model version
 * of every detection score names the weights.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REFERENCE_MODELS } from '../../server/analysis/model-registry';
import { calcSuspicion, DETECTION_WEIGHTS, massFeatures, massSuspicion, type DetectionWeights } from '../../server/analysis/image/suspicion-models';

const typical = { contrast: 2.5, smoothness: 0.8, blob: 6, gradientConcentration: 0.85, spiculation: 0.25, radiusMm: 4.35 };

describe('suspicion models', () => {
  it('say where their weights come from: real films, with the cross-validated figures recorded', () => {
    expect(DETECTION_WEIGHTS.source).toMatch(/on real films/);
    const training = DETECTION_WEIGHTS.training as { set: string; folds: number; lesions: number; crossValidated: Record<string, number> };
    expect(training.set).toBe('real-labelled');
    expect(training.folds).toBeGreaterThanOrEqual(2);
    expect(training.lesions).toBeGreaterThan(0);
    for (const key of ['imageAuc', 'sensitivityAt1FalsePerImage', 'sensitivityAtQuarterFalsePerImage', 'normalsAtOrAboveQ90', 'mergedNormalsAtOrAboveQ90']) {
      expect(training.crossValidated[key]).toBeGreaterThanOrEqual(0);
      expect(training.crossValidated[key]).toBeLessThanOrEqual(1);
    }
  });

  it('are versioned by the hash of their coefficients, which the engine and detection versions carry', () => {
    const { version, training: _training, ...body } = DETECTION_WEIGHTS;
    expect(version).toBe(`real-${createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 10)}`);
    expect(REFERENCE_MODELS.detection.version).toContain(version);
    expect(REFERENCE_MODELS.engine.version).toContain(version);
  });

  it('leave out a kind whose held-out candidates ranked lesions no better than chance: it scores nothing', () => {
    const kinds = (DETECTION_WEIGHTS.training as { candidates: { kind: 'mass' | 'calcification' | 'asymmetry'; auc: number; leftOut: boolean }[] }).candidates;
    expect(kinds.map((k) => k.kind)).toEqual(['mass', 'calcification', 'asymmetry']);
    for (const k of kinds) {
      expect(k.leftOut).toBe(!(k.auc > 0.5));
      const model = DETECTION_WEIGHTS[k.kind];
      if (k.leftOut) {
        expect(model.intercept).toBe(-20);
        expect(Object.values(model.weights).every((w) => w === 0)).toBe(true);
      }
    }
    // Masses carry the detector on real films.
    expect(kinds[0].leftOut).toBe(false);
  });

  it('show few regions: the threshold, spacing and count of the region policy', () => {
    const { reportThreshold, suppressionMm, max } = DETECTION_WEIGHTS.regions;
    expect(reportThreshold).toBeGreaterThan(0);
    expect(reportThreshold).toBeLessThan(1);
    expect(suppressionMm).toBeGreaterThan(0);
    expect(max).toBeLessThanOrEqual(3);
  });

  it('carry the CC/MLO agreement gain with the weights, and say that it was set by hand', () => {
    const { gain, distanceMm } = DETECTION_WEIGHTS.agreement;
    expect(gain).toBeGreaterThanOrEqual(0);
    expect(gain).toBeLessThanOrEqual(1);
    expect(distanceMm).toBeGreaterThan(0);
    expect(DETECTION_WEIGHTS.source).toContain(`CC/MLO agreement gain ${gain} (partners within ${distanceMm} mm of nipple distance) set by hand, not fitted`);
  });

  it('give probabilities in (0, 1)', () => {
    for (const s of [massSuspicion(typical), calcSuspicion({ count: 5, brightest: 8, meanSnr: 6 })]) {
      expect(s).toBeGreaterThan(0);
      expect(s).toBeLessThan(1);
    }
  });

  it('hold a feature beyond the fitted range at the range edge', () => {
    const weights: DetectionWeights = {
      ...DETECTION_WEIGHTS,
      mass: { ...DETECTION_WEIGHTS.mass, domain: { ...DETECTION_WEIGHTS.mass.domain!, blob: [3, 10] } },
    };
    expect(massSuspicion({ ...typical, blob: 40 }, weights)).toBe(massSuspicion({ ...typical, blob: 10 }, weights));
    expect(massSuspicion({ ...typical, blob: 0.5 }, weights)).toBe(massSuspicion({ ...typical, blob: 3 }, weights));
    expect(massSuspicion({ ...typical, blob: 7 }, weights)).not.toBe(massSuspicion({ ...typical, blob: 4 }, weights));
  });

  it('count an even interior only where the region is also brighter than its surroundings', () => {
    expect(massFeatures({ ...typical, contrast: 0 }).smoothBright).toBe(0);
    expect(massFeatures({ ...typical, contrast: -1 }).smoothBright).toBe(0);
    expect(massFeatures({ ...typical, contrast: 4 }).smoothBright).toBeCloseTo(0.8);
    expect(massFeatures({ ...typical, contrast: 1 }).smoothBright).toBeCloseTo(0.4);
  });
});
