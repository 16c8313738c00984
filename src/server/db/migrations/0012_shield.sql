-- The shield against brigading: each fan's ballot in a match is read for signals (a new account, a first
-- match, a crowded network, too fast, an extreme run, a throwaway address) and counted, held back or
-- excluded; only counted ballots make the published figures. The sign-up network is a /24 or /56, never
-- an address; both go with the account.
CREATE TABLE "ballot_reviews" (
	"match_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"network" text,
	"signals" text[] NOT NULL,
	"points" smallint NOT NULL,
	"verdict" text NOT NULL,
	"decided_by" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ballot_reviews_match_id_user_id_pk" PRIMARY KEY("match_id","user_id"),
	CONSTRAINT "ballot_reviews_verdict_check" CHECK ("ballot_reviews"."verdict" in ('counted', 'held', 'excluded'))
);
--> statement-breakpoint
CREATE TABLE "shield_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shield_settings_singleton" CHECK ("shield_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_network" text;--> statement-breakpoint
ALTER TABLE "ballot_reviews" ADD CONSTRAINT "ballot_reviews_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_reviews" ADD CONSTRAINT "ballot_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_reviews" ADD CONSTRAINT "ballot_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ballot_reviews_match_verdict_idx" ON "ballot_reviews" USING btree ("match_id","verdict");--> statement-breakpoint
CREATE INDEX "ballot_reviews_match_network_idx" ON "ballot_reviews" USING btree ("match_id","network");--> statement-breakpoint
CREATE INDEX "users_signup_network_idx" ON "users" USING btree ("signup_network","created_at");