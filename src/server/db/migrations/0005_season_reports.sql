CREATE TABLE "match_reports" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"season" text NOT NULL,
	"played_on" date NOT NULL,
	"report" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_tables" (
	"season" text PRIMARY KEY NOT NULL,
	"table" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_reports" ADD CONSTRAINT "match_reports_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_reports_season_played_idx" ON "match_reports" USING btree ("season","played_on");