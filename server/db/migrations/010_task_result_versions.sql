-- Earlier versions of a task's result. tasks.result is always the newest; when her health answers
-- change, the risk and combined scores of her latest completed study are worked out again and the
-- result they replace is kept here (version 1 is the one the images first gave). They go with the
-- task.
CREATE TABLE task_result_versions (
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  version integer NOT NULL,
  result jsonb NOT NULL,
  replaced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task_id, version)
);
