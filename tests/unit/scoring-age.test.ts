import { describe, expect, it } from 'vitest';
import { EMPTY_RISK_FACTORS } from '../../core/contract';
import { dicomBirthDate, scoringSubject } from '../../server/jobs/scoring-age';

const answers = { ...EMPTY_RISK_FACTORS, first_degree_relatives: 1 } as typeof EMPTY_RISK_FACTORS;

describe('whose age scores a study (decisions.md)', () => {
  it('reads a DICOM DA birth date only when it is a real date', () => {
    expect(dicomBirthDate('19600301')).toBe('1960-03-01');
    expect(dicomBirthDate('1960.03.01')).toBe('1960-03-01');
    expect(dicomBirthDate(' 19600301 ')).toBe('1960-03-01');
    for (const bad of [null, undefined, '', '1960', '19601301', '19600230', 'abcdefgh', '1960-03-01x']) expect(dicomBirthDate(bad)).toBeNull();
  });

  it("an administrator's study: the files' birth date, never his own, and none of his answers", () => {
    const admin = { is_superuser: true, birthdate: '1990-01-01', risk_factors: answers };
    expect(scoringSubject(admin, { dcm_patient_birth_date: '19600301', dcm_study_date: '20250115' })).toEqual({ age: 64, ageSource: 'dicom_birthdate', riskFactors: EMPTY_RISK_FACTORS });
    expect(scoringSubject(admin, { dcm_patient_birth_date: null, dcm_study_date: '20250115' })).toMatchObject({ age: null, ageSource: 'unknown' });
    expect(scoringSubject(admin, { dcm_patient_birth_date: '19601301', dcm_study_date: '20250115' })).toMatchObject({ age: null, ageSource: 'unknown' });
    // Born after the study: not an age.
    expect(scoringSubject(admin, { dcm_patient_birth_date: '20300101', dcm_study_date: '20250115' })).toMatchObject({ age: null, ageSource: 'unknown' });
  });

  it("a person's own study: her birthdate and her answers, whatever the files say", () => {
    const user = { is_superuser: false, birthdate: '1970-01-20', risk_factors: answers };
    expect(scoringSubject(user, { dcm_patient_birth_date: '19500101', dcm_study_date: '20250115' })).toEqual({ age: 54, ageSource: 'birthdate', riskFactors: answers });
    expect(scoringSubject({ ...user, birthdate: null }, { dcm_patient_birth_date: '19500101', dcm_study_date: '20250115' })).toMatchObject({ age: null, ageSource: 'unknown' });
  });
});
