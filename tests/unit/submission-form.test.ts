import { describe, expect, it } from 'vitest';
import { appendViews, submissionFormData, SubmissionForm, VIEW_KEYS } from '../../core/contract';
import { AI_MODEL } from '../../core/decisions';

describe('the submission form, built in one place', () => {
  it('holds the model option and the four views, each under its picked name or <view>.dcm', () => {
    const files = { r_cc: new File([new Uint8Array(4)], 'right-cc.dcm'), l_cc: new Blob([new Uint8Array(4)]), r_mlo: new File([new Uint8Array(4)], ''), l_mlo: new Blob([new Uint8Array(4)]) };
    const form = submissionFormData(files);
    expect(form.get('ai_model')).toBe(AI_MODEL);
    expect([...form.keys()]).toEqual(['ai_model', ...VIEW_KEYS]);
    expect((form.get('r_cc') as File).name).toBe('right-cc.dcm');
    expect((form.get('l_cc') as File).name).toBe('l_cc.dcm');
    expect((form.get('r_mlo') as File).name).toBe('r_mlo.dcm');
  });

  it('adds only the views given (a demo profile may come without images)', () => {
    const form = appendViews(new FormData(), { l_mlo: new Blob([new Uint8Array(2)]), r_cc: new Blob([new Uint8Array(2)]) });
    expect([...form.keys()]).toEqual(['r_cc', 'l_mlo']);
    expect([...appendViews(new FormData(), {}).keys()]).toEqual([]);
  });

  it('documents the same fields in the OpenAPI schema', () => {
    expect(Object.keys(SubmissionForm.shape).sort()).toEqual(['ai_model', ...VIEW_KEYS].sort());
    expect(SubmissionForm.safeParse({ ai_model: AI_MODEL, r_cc: 'x', l_cc: 'x', r_mlo: 'x', l_mlo: 'x' }).success).toBe(true);
    expect(SubmissionForm.safeParse({ ai_model: 'another model', r_cc: 'x', l_cc: 'x', r_mlo: 'x', l_mlo: 'x' }).success).toBe(false);
  });
});
