-- Throttling counters, shared by every API process on the database. A login counter (per account,
-- per client and account, per client) counts failed logins and holds the time before which the
-- next attempt is refused; a window counter (sign-ups, recoveries) counts requests until the end
-- of its window. A row past expires_at is forgotten: the next hit starts it again, a sweep deletes it.
CREATE TABLE throttle_counters (
  scope text NOT NULL,
  key text NOT NULL,
  hits integer NOT NULL,
  last_hit_at timestamptz NOT NULL,
  blocked_until timestamptz,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);

CREATE INDEX throttle_counters_expires_idx ON throttle_counters (expires_at);
