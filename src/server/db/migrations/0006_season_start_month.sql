-- The month the club's seasons start in, set by an admin; August (8) as before.
ALTER TABLE "customization" ADD COLUMN "season_start_month" smallint DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "customization" ADD CONSTRAINT "customization_season_start_month_check" CHECK ("customization"."season_start_month" between 1 and 12);