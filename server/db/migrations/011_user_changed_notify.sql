-- Every change of a user's row (token version, active flag, counts, deletion) and every token
-- revoked by logging out is announced on the channel sd_user_changed with the user's id, by the
-- database itself, whichever process made it: each API process LISTENs and drops its cached copy
-- of that user (server/auth/user-cache.ts), so a logout through one API is refused by the others.
CREATE FUNCTION sd_notify_user_changed() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'revoked_access_tokens' THEN
    PERFORM pg_notify('sd_user_changed', NEW.user_id::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('sd_user_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('sd_user_changed', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER users_changed_notify
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION sd_notify_user_changed();

CREATE TRIGGER revoked_access_tokens_notify
  AFTER INSERT ON revoked_access_tokens
  FOR EACH ROW EXECUTE FUNCTION sd_notify_user_changed();
