-- A demo profile's study becomes an ordinary task, owned by the demo owner: a system user row that
-- can never log in (no password hash verifies '!', it is inactive, and its e-mail is no address)
-- and that the users repository never returns. The one job type and the one results screen then
-- serve both; a person's lists, counts and limits never see these tasks because they are not hers.
-- The id is fixed: server/db/repositories/demo-owner.ts names the same one.
INSERT INTO users (id, email, full_name, hashed_password, is_active, is_superuser, is_test_user, email_verified, submission_limit)
VALUES ('00000000-0000-4000-8000-00000000d3e0', 'system:demo-owner', NULL, '!', false, false, false, false, 0)
ON CONFLICT (id) DO NOTHING;

-- The profile points at its study's task (NULL: a profile without images). Each task keeps the id
-- its profile had, so the files already stored under the demo files owner (DATA_DIR/files/demo/<id>,
-- or the orthanc_instances and derived_images rows owned by 'demo') stay where they are.
ALTER TABLE demo_users ADD COLUMN task_id uuid UNIQUE REFERENCES tasks (id) ON DELETE SET NULL;

INSERT INTO tasks (id, owner_id, status, ai_model, dcm_patient_id, dcm_study_date, dcm_study_instance_uid, result,
                   counted, attempts, created_at, started_at, finished_at)
SELECT id, '00000000-0000-4000-8000-00000000d3e0', status, COALESCE(ai_model, 'merged_v_3_2025-03-14'),
       dcm_patient_id, dcm_study_date, dcm_study_instance_uid, result, false, attempts, created_at, started_at, finished_at
FROM demo_users WHERE status IS NOT NULL;

UPDATE demo_users SET task_id = id WHERE status IS NOT NULL;

ALTER TABLE demo_users
  DROP COLUMN status,
  DROP COLUMN ai_model,
  DROP COLUMN dcm_patient_id,
  DROP COLUMN dcm_study_date,
  DROP COLUMN dcm_study_instance_uid,
  DROP COLUMN result,
  DROP COLUMN attempts,
  DROP COLUMN started_at,
  DROP COLUMN finished_at;
