-- Every instance keeps some rows in memory (sessions with their users, matches, the squad); these
-- triggers tell all of them, over LISTEN/NOTIFY on 'matchday_changes', when such a row changes, whichever
-- code or instance changed it. Payload: '<kind>:<key>'. Ratings and new votes fire nothing: they are the
-- hot path, and the results cache learns of them otherwise.
CREATE OR REPLACE FUNCTION matchday_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END;
BEGIN
  PERFORM pg_notify('matchday_changes', TG_ARGV[0] || ':' || coalesce(changed ->> TG_ARGV[1], ''));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION matchday_notify_change('user', 'id');
--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION matchday_notify_change('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER matches_changed AFTER INSERT OR UPDATE OR DELETE ON matches
  FOR EACH ROW EXECUTE FUNCTION matchday_notify_change('match', 'id');
--> statement-breakpoint
CREATE TRIGGER players_changed AFTER INSERT OR UPDATE OR DELETE ON players
  FOR EACH STATEMENT EXECUTE FUNCTION matchday_notify_change('players', 'none');
--> statement-breakpoint
CREATE TRIGGER votes_removed AFTER DELETE ON user_votes
  FOR EACH ROW EXECUTE FUNCTION matchday_notify_change('votes', 'match_id');
