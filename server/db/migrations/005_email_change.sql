-- An e-mail change waits for a link mailed to the new address; the token row keeps that address.
ALTER TABLE auth_tokens ADD COLUMN new_email text;
ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_purpose_check;
ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_purpose_check CHECK (purpose IN ('verify_email', 'reset_password', 'change_email'));
