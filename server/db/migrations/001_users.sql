CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  full_name text,
  birthdate date,
  hashed_password text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  is_superuser boolean NOT NULL DEFAULT false,
  is_test_user boolean NOT NULL DEFAULT false,
  email_verified boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'presubmit' CHECK (status IN ('presubmit', 'processing', 'result_available')),
  submission_count integer NOT NULL DEFAULT 0 CHECK (submission_count >= 0),
  submission_limit integer NOT NULL DEFAULT 0 CHECK (submission_limit >= 0),
  risk_factors jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX users_created_at_idx ON users (created_at);

-- Single-use e-mail verification and password-reset tokens, kept only as SHA-256 hashes.
CREATE TABLE auth_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id, purpose);
