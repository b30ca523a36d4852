import { afterAll, describe, expect, it } from 'vitest';
import { VIEW_KEYS, type ViewKey } from '../../core/contract';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import { createPipeline } from '../../server/jobs/pipeline';
import { createThreadedPipeline } from '../../server/jobs/pipeline-thread';
import { PermanentJobError } from '../../server/jobs/process-task';
import type { DecodedView } from '../../server/dicom/types';
import { makeStudyFiles, truncate } from '../fixtures/studies';

describe('the pipeline in a worker thread', () => {
  const threaded = createThreadedPipeline();
  afterAll(() => threaded.close());

  it('gives the same views, display images and scores as the pipeline run in this thread', async () => {
    const files = await makeStudyFiles({ seed: 9 });
    const direct = createPipeline();
    const ctx = { age: 52, ageSource: 'birthdate' as const, riskFactors: EMPTY_RISK_FACTORS };
    const a = {} as Record<ViewKey, DecodedView>;
    const b = {} as Record<ViewKey, DecodedView>;
    for (const key of VIEW_KEYS) {
      a[key] = await direct.decode(files[key], key);
      b[key] = await threaded.decode(files[key], key);
      expect(Array.from(b[key].pixels)).toEqual(Array.from(a[key].pixels));
      const png = await threaded.displayPng(files[key], b[key]);
      expect(Buffer.isBuffer(png)).toBe(true);
      expect(png.equals(await direct.displayPng(files[key], a[key]))).toBe(true);
    }
    const x = await direct.score(a, ctx);
    const y = await threaded.score(b, ctx);
    expect(y.result).toEqual(x.result);
    expect(y.overlays.r_cc.density?.equals(x.overlays.r_cc.density!)).toBe(true);
  });

  it('keeps a file that cannot be read a permanent failure with its plain reason', async () => {
    const files = await makeStudyFiles({ seed: 9 });
    const err = await threaded.decode(truncate(files.l_cc, 0.5), 'l_cc').catch((e) => e);
    expect(err).toBeInstanceOf(PermanentJobError);
    expect(err.message).toMatch(/L-CC image could not be read: .*cut short/);
  });
});
