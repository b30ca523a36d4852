CREATE TABLE tasks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  ai_model text NOT NULL,
  dcm_patient_id text,
  dcm_study_date text,
  dcm_study_instance_uid text,
  result jsonb,
  -- The client's Idempotency-Key: a replayed submission finds its first task instead of a new one.
  idempotency_key text,
  -- Whether this task holds one of the owner's submissions (given back when it fails).
  counted boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  UNIQUE (owner_id, idempotency_key)
);

CREATE INDEX tasks_owner_created_idx ON tasks (owner_id, created_at DESC);
CREATE INDEX tasks_created_idx ON tasks (created_at DESC);
