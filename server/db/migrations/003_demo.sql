-- Demo mode: fictional profiles, each with at most one study (its four files live under
-- DATA_DIR/files/demo/<id>/) that the same job queue and pipeline as tasks score. The study's
-- status and result sit on the profile's row, shaped like a task's.
CREATE TABLE demo_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- JSON text (age, description, screening_location), kept as the client sent it.
  data text NOT NULL,
  -- NULL when the profile was created without images.
  status text CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  ai_model text,
  dcm_patient_id text,
  dcm_study_date text,
  dcm_study_instance_uid text,
  result jsonb,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);

CREATE INDEX demo_users_created_idx ON demo_users (created_at, id);

-- The built-in profiles seeded at first start, by key: a profile an administrator deleted is not
-- seeded again, and two processes starting together seed it once.
CREATE TABLE demo_seed_log (
  seed_key text PRIMARY KEY,
  demo_user_id uuid,
  seeded_at timestamptz NOT NULL DEFAULT now()
);
