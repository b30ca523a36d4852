-- Every change of a task's status or result is announced on the channel sd_task_changed with the
-- task's id, by the database itself, whichever process made it (an API, a worker): the API
-- processes LISTEN and push the task to the pages that watch it (GET /tasks/{id}/events).
CREATE FUNCTION sd_notify_task_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('sd_task_changed', NEW.id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER tasks_changed_notify
  AFTER INSERT OR UPDATE OF status, result ON tasks
  FOR EACH ROW EXECUTE FUNCTION sd_notify_task_changed();
