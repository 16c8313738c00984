-- The football-data feed: matches follow a provider fixture (one each), with its kick-off in UTC, home or
-- away, the provider's status, the lineup's publication and the voting window after full time; the
-- manager keeps the provider's coach id; the admin's settings and the feed's shared state are one row each.
CREATE TABLE "feed_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"team_id" integer,
	"daily_budget" integer DEFAULT 100 NOT NULL,
	"voting_window_minutes" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_settings_singleton" CHECK ("feed_settings"."id" = 1),
	CONSTRAINT "feed_settings_budget_check" CHECK ("feed_settings"."daily_budget" between 10 and 1000000),
	CONSTRAINT "feed_settings_window_check" CHECK ("feed_settings"."voting_window_minutes" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "feed_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"day" date,
	"requests_today" integer DEFAULT 0 NOT NULL,
	"provider_remaining" integer,
	"next_poll_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"fixtures_synced_at" timestamp with time zone,
	"squad_synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"squad_by_hand_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_state_singleton" CHECK ("feed_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "provider_fixture_id" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "is_home" boolean;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "kick_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "feed_status" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "lineup_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "full_time_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "voting_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "api_coach_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "matches_provider_fixture_unique" ON "matches" USING btree ("provider_fixture_id");--> statement-breakpoint
CREATE INDEX "players_api_player_idx" ON "players" USING btree ("api_player_id");