-- Every instance keeps the public answers of ended matches (reports, season tables, player pages) for a
-- few seconds: a report or a table written by any instance, at full time, a correction or a reopening,
-- tells them all ('reports:', the change feed of migration 0002), so none serves the old figures.
CREATE TRIGGER match_reports_changed AFTER INSERT OR UPDATE OR DELETE ON match_reports
  FOR EACH STATEMENT EXECUTE FUNCTION matchday_notify_change('reports', 'none');--> statement-breakpoint
CREATE TRIGGER season_tables_changed AFTER INSERT OR UPDATE OR DELETE ON season_tables
  FOR EACH STATEMENT EXECUTE FUNCTION matchday_notify_change('reports', 'none');
