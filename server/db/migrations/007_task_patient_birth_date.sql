-- The PatientBirthDate (0010,0030) of a task's files, as the header holds it (DA, YYYYMMDD): a
-- study an administrator submits for a patient (Add task, /empower) is scored at her age, not his.
ALTER TABLE tasks ADD COLUMN dcm_patient_birth_date text;
