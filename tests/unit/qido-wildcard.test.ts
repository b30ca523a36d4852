import { describe, expect, it } from 'vitest';
import { wildcardMatches } from '../../server/dicom/dicom-json';

/** QIDO wildcards (PS3.4 C.2.2.2.4): `*` any run, `?` one character; names case-insensitive. */
describe('QIDO wildcard matching', () => {
  it('matches as the standard says', () => {
    const cases: Array<[string, string, boolean, boolean]> = [
      ['PH*', 'PH201', false, true],
      ['PH*', 'XPH201', false, false],
      ['*201', 'PH201', false, true],
      ['P?2*', 'PH201', false, true],
      ['P?2*', 'P201', false, false],
      ['*', '', false, true],
      ['?', '', false, false],
      ['a*b*c', 'aXXbYYc', false, true],
      ['a*b*c', 'aXXcYYb', false, false],
      ['doe^j*', 'DOE^JANE', true, true],
      ['doe^j*', 'DOE^JANE', false, false],
      ['1.2.*', '1.2.840', false, true],
      ['1.2.*', '1x2.840', false, false],
    ];
    for (const [pattern, text, ci, want] of cases) expect(wildcardMatches(pattern, text, ci), `${pattern} ~ ${text}`).toBe(want);
  });

  it('answers a pattern that backtracks exponentially as a regular expression', () => {
    const text = 'http://127.0.0.1:8000/api/v1/dicomweb/studies/1.2.826.0.1.3680043.8.498.12345678901234567890';
    expect(wildcardMatches(`${'?*'.repeat(40)}!`, text, false)).toBe(false);
    expect(wildcardMatches(`${'?*'.repeat(40)}0`, text, false)).toBe(true);
  });
});
