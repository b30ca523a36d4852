/** The language of a request from its Accept-Language header (issue 18, item 7). */
import { describe, expect, it } from 'vitest';
import { acceptedLanguage, requestLanguage } from '../../server/http/accept-language';

describe('the language of a request (Accept-Language)', () => {
  it('takes the language the browser sends', () => {
    expect(requestLanguage('sv')).toBe('sv');
    expect(requestLanguage('en')).toBe('en');
  });

  it('is English without a header, or when it names no language the product speaks', () => {
    for (const header of [undefined, null, '', '   ', '*', 'de', 'de-DE,fr;q=0.8', 'nb-NO,da;q=0.9', ',;,', 'q=1', 'svenska', 'sve']) {
      expect({ header, language: requestLanguage(header) }).toEqual({ header, language: 'en' });
      expect({ header, named: acceptedLanguage(header) }).toEqual({ header, named: null });
    }
  });

  it('reads regions and case: sv-SE, SV, Sv-fi, EN-gb', () => {
    expect(requestLanguage('sv-SE')).toBe('sv');
    expect(requestLanguage('SV')).toBe('sv');
    expect(requestLanguage('Sv-fi')).toBe('sv');
    expect(requestLanguage('EN-gb')).toBe('en');
    expect(requestLanguage('sv-Latn-SE')).toBe('sv');
  });

  it('follows the q-values, the first named winning a tie', () => {
    expect(requestLanguage('sv-SE,sv;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('sv');
    expect(requestLanguage('en;q=0.5, sv;q=0.8')).toBe('sv');
    expect(requestLanguage('sv;q=0.5, en;q=0.8')).toBe('en');
    expect(requestLanguage('en, sv')).toBe('en');
    expect(requestLanguage('sv, en')).toBe('sv');
    expect(requestLanguage('en;q=0.9, sv;q=0.9')).toBe('en');
    expect(requestLanguage('sv;Q=1, en;q=0.99')).toBe('sv');
    expect(requestLanguage(' sv ; q = 0.7 , en ; q=0.6')).toBe('sv');
  });

  it('skips languages it does not speak to find one it does', () => {
    expect(requestLanguage('de-DE,de;q=0.9,sv;q=0.8,en;q=0.7')).toBe('sv');
    expect(requestLanguage('fi, nb;q=0.9, sv;q=0.1')).toBe('sv');
    expect(acceptedLanguage('fr-CH, fr;q=0.9, sv;q=0.8, *;q=0.5')).toBe('sv');
  });

  it('q=0 refuses a language; a malformed q skips its entry', () => {
    expect(requestLanguage('sv;q=0, en;q=0.1')).toBe('en');
    expect(acceptedLanguage('sv;q=0')).toBeNull();
    expect(requestLanguage('sv;q=0.000')).toBe('en');
    expect(requestLanguage('en;q=2, sv;q=0.1')).toBe('sv');
    expect(requestLanguage('en;q=abc, sv;q=0.1')).toBe('sv');
    expect(requestLanguage('en;q=-1, sv')).toBe('sv');
    expect(requestLanguage('en;q=0.5;level=1, sv;q=0.4')).toBe('en');
  });

  it('never throws on a long or odd header', () => {
    expect(requestLanguage('x,'.repeat(10_000) + 'sv')).toBe('en');
    expect(requestLanguage('\u0000sv')).toBe('en');
  });
});
