-- Every access token carries the token_version its user had when it was issued; a new password
-- moves the version on, so every token issued before stops working at once.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;

-- Access tokens given up by logging out, by the SHA-256 hash of the token, kept until they would
-- have expired anyway.
CREATE TABLE revoked_access_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE INDEX revoked_access_tokens_user_idx ON revoked_access_tokens (user_id, expires_at);
