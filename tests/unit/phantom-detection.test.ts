/**
 * Issue 6, detection and determinism on phantoms of the corpus (server/phantom), through DICOM
 * and the decoder like an upload. The full figures over 40 studies come from
 * evaluation/detection-report.ts; this file checks a few studies at the same resolution (0.21 mm
 * pixels, the grids a full-field mammogram is analysed on), on seeds that the suspicion weights
 * were not fitted on (evaluation/train-detection.ts uses 1001 and up).
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import { ScoredResult } from '../../core/contract/scores';
import { analyzeStudy } from '../../server/analysis/engine';
import { decodedPhantom, lesionStudy, phantomSize, summarise } from '../../evaluation/phantom-eval';

const LONG = { timeout: 240_000 };
const SIZE = phantomSize(416);
const DETECTION_SIZE = phantomSize(1110);

for (const kind of ['mass', 'calcification'] as const) {
  describe(`detection on corpus phantoms with an inserted ${kind === 'mass' ? 'mass' : 'calcification cluster'}`, LONG, () => {
    const seeds = kind === 'mass' ? [101, 102, 103, 104] : [105, 106, 107];
    const outcomes = Promise.all(seeds.map((seed) => lesionStudy(seed, kind, DETECTION_SIZE)));

    it('puts the top region of most lesion views on the lesion, with few false regions', async () => {
      const s = summarise(await outcomes);
      console.log(
        `phantom ${kind} (${s.studies} studies, ${DETECTION_SIZE.width}x${DETECTION_SIZE.height}): top-region sensitivity ${(100 * s.sensitivityTop).toFixed(0)} %, ` +
          `any-region ${(100 * s.sensitivityAny).toFixed(0)} %, score higher with the lesion in ${(100 * s.scoreHigher).toFixed(0)} % of studies, ` +
          `false regions per image ${s.falsePerImage.toFixed(2)} (${s.falsePerImageOver05.toFixed(2)} scored >= 0.5)`,
      );
      expect(s.lesionViews).toBe(2 * seeds.length);
      // Masses: 3 of 4 views at least. Clusters: 4 of 6. The suspicion weights are fitted on real
      // films, where clusters of a few bright specks are mostly dust and film flaws (MIAS: 8 of
      // 439 clusters on a lesion); the faint five-speck cluster of seed 107 looks like them and is
      // no longer the top region in either view. Weighing the phantoms enough to bring it back
      // made the real films' top regions all false clusters scored 0.99 (evaluation/train-detection.ts).
      expect(s.sensitivityTop).toBeGreaterThanOrEqual(kind === 'mass' ? 0.75 : 0.65);
      expect(s.falsePerImage).toBeLessThan(3);
      expect(s.falsePerImageOver05).toBeLessThan(0.25);
    });

    it('scores the breast with the lesion higher than the same breast without it', async () => {
      const all = await outcomes;
      const higher = all.filter((o) => o.breastScore > o.cleanBreastScore).length;
      expect(higher).toBeGreaterThanOrEqual(all.length - 1);
      for (const o of all) expect(o.breastScore).toBeGreaterThan(o.cleanBreastScore - 0.01);
    });
  });
}

describe('determinism on a corpus phantom', LONG, () => {
  it('the same DICOM study analysed twice gives identical JSON and overlays', async () => {
    const ctx = { age: 57, ageSource: 'birthdate' as const, riskFactors: EMPTY_RISK_FACTORS };
    const opts = { seed: 9, ...SIZE, mass: { breast: 'left' as const }, calcifications: { breast: 'right' as const } };
    const a = await analyzeStudy((await decodedPhantom(opts)).views, ctx);
    const b = await analyzeStudy((await decodedPhantom(opts)).views, ctx);
    expect(ScoredResult.safeParse(a.result).success).toBe(true);
    expect(JSON.stringify(b.result)).toBe(JSON.stringify(a.result));
    for (const key of ['r_cc', 'l_cc', 'r_mlo', 'l_mlo'] as const) {
      for (const kind of ['detection', 'density', 'texture'] as const) expect(b.overlays[key][kind]!.equals(a.overlays[key][kind]!)).toBe(true);
    }
  });
});
