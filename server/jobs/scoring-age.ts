import { EMPTY_RISK_FACTORS, readDemoProfile, type RiskFactors, type ScoreInputs } from '../../core/contract';
import { ageAt } from './process-task';

/** The owner's facts that the age rule reads. */
export interface AgeOwner {
  is_superuser: boolean;
  birthdate: string | null;
  risk_factors: RiskFactors;
}

/** The task's header facts that the age rule reads. */
export interface AgeTask {
  dcm_study_date: string | null;
  dcm_patient_birth_date: string | null;
}

/** A DICOM DA (YYYYMMDD, or the old YYYY.MM.DD) as YYYY-MM-DD when it is a real calendar date, else null. */
export function dicomBirthDate(value: string | null | undefined): string | null {
  const m = /^(\d{4})\.?(\d{2})\.?(\d{2})$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

export interface ScoringSubject {
  age: number | null;
  ageSource: ScoreInputs['age_source'];
  riskFactors: RiskFactors;
}

/** A demo profile is a fictional person with a stated age and no birthdate or answers (decisions.md). */
export function demoProfileSubject(data: string): ScoringSubject {
  const age = readDemoProfile(data)?.age ?? null;
  return { age, ageSource: age === null ? 'unknown' : 'demo_profile', riskFactors: EMPTY_RISK_FACTORS };
}

/**
 * Whose age and health answers score a study (decisions.md, "age used by the scores"). A study an
 * administrator submits (Add task, /empower) is a patient's, not his: it is scored at the age of
 * the files' PatientBirthDate when present and valid (else no age, which the result names), and
 * without the administrator's own risk-factor answers. Everyone else's study: their birthdate and
 * their answers.
 */
export function scoringSubject(owner: AgeOwner, task: AgeTask): ScoringSubject {
  if (owner.is_superuser) {
    const age = ageAt(dicomBirthDate(task.dcm_patient_birth_date), task.dcm_study_date);
    return { age, ageSource: age === null ? 'unknown' : 'dicom_birthdate', riskFactors: EMPTY_RISK_FACTORS };
  }
  const age = ageAt(owner.birthdate, task.dcm_study_date);
  return { age, ageSource: age === null ? 'unknown' : 'birthdate', riskFactors: owner.risk_factors };
}
