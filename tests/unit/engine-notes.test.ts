/**
 * The engine's notes on the printed report: fields and views in words, and in Swedish when she
 * reads Swedish (an audit found them in English on a Swedish printout). The notes are made by the
 * engine's own code, so a changed sentence there fails here until its template follows.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import { riskFactorNotes } from '../../server/analysis/assemble';
import { baseFiveYearRisk } from '../../server/analysis/risk/density-hazard';
import { noteInWords } from '../../src/features/results/engine-notes';
import { setLanguage } from '../../src/i18n';

// Her first period after her age, a first birth before it, hyperplasia without a biopsy; the rest not given.
const base = baseFiveYearRisk(30, { ...EMPTY_RISK_FACTORS, age_at_menarche: 35, age_at_first_birth: 20, atypical_hyperplasia: 'yes' });
const riskNotes = riskFactorNotes(base);
// The image notes as server/analysis/image/view.ts and assemble.ts write them.
const imageNotes = [
  'r_cc: no pixel spacing in the file; 0.1 mm assumed',
  'l_mlo: the pixels put the chest wall on the left, not where the header implies',
  'r_mlo: a bright strip along the film edge (12 rows) is not breast',
  'l_cc: 2 label or marker object(s) outside the breast ignored',
  'l_mlo: pectoral muscle not found (no edge found); none removed',
  "The left breast's density comes from L-CC only",
];

describe("the engine's notes as the printed report shows them", () => {
  afterAll(() => setLanguage('en'));

  it('reads fields and views as words in English', async () => {
    await setLanguage('en');
    expect(riskNotes).toHaveLength(3);
    expect(riskNotes.map(noteInWords)).toEqual([
      'Age at first period (35) is after the current age: treated as unknown',
      'Atypical hyperplasia is used only with at least one biopsy (BCRAT): not used',
      "Risk factors not given take BCRAT's reference category: race, first degree relatives, biopsies, age at menarche",
    ]);
    expect(noteInWords(imageNotes[0])).toBe('R-CC: no pixel spacing in the file; 0.1 mm assumed');
    expect(noteInWords(imageNotes[4])).toBe('L-MLO: pectoral muscle not found (no edge found); none removed');
  });

  it('reads every note in Swedish, values included', async () => {
    await setLanguage('sv');
    const sv = [...riskNotes, ...imageNotes].map(noteInWords);
    expect(sv[0]).toBe('Åldern vid första mens (35) är högre än nuvarande ålder: räknas som okänd');
    expect(sv[2]).toBe('Riskfaktorer som inte angetts får BCRAT:s referenskategori: ursprung, nära släktingar med bröstcancer, biopsier, ålder vid första mens');
    expect(sv[4]).toBe('L-MLO: enligt bildpunkterna ligger bröstkorgsväggen till vänster, inte där filhuvudet anger');
    expect(sv[7]).toBe('L-MLO: bröstmuskeln hittades inte (ingen kant hittades); ingenting togs bort');
    // No English sentence is left: each Swedish note differs from the English one.
    await setLanguage('en');
    const en = [...riskNotes, ...imageNotes].map(noteInWords);
    sv.forEach((note, i) => expect(note, en[i]).not.toBe(en[i]));
  });
});
