CREATE TABLE "announcement" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_singleton" CHECK ("announcement"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"slot" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'manual' NOT NULL,
	"title" text,
	"subtitle" text,
	"discount" text,
	"description" text,
	"background_image" text,
	"embed_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_slot_check" CHECK ("banners"."slot" in ('banner1', 'banner2')),
	CONSTRAINT "banners_type_check" CHECK ("banners"."type" in ('manual', 'embed'))
);
--> statement-breakpoint
CREATE TABLE "customization" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name" text,
	"description" text,
	"logo_url" text,
	"header_image_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customization_singleton" CHECK ("customization"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "email_verifications" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "failed_logins" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"opponent" text NOT NULL,
	"venue" text DEFAULT 'Old Trafford' NOT NULL,
	"tournament" text DEFAULT 'Premier League' NOT NULL,
	"scheduled_date" date,
	"kick_off_time" text DEFAULT '15:00' NOT NULL,
	"score" text DEFAULT '0-0' NOT NULL,
	"home_score" smallint DEFAULT 0 NOT NULL,
	"away_score" smallint DEFAULT 0 NOT NULL,
	"is_live" boolean DEFAULT false NOT NULL,
	"is_half_time" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_scores_check" CHECK ("matches"."home_score" >= 0 and "matches"."away_score" >= 0),
	CONSTRAINT "matches_kick_off_check" CHECK ("matches"."kick_off_time" ~ '^[0-2][0-9]:[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" text NOT NULL,
	"image" text,
	"jersey_number" smallint,
	"is_manager" boolean DEFAULT false NOT NULL,
	"is_substitute" boolean DEFAULT false NOT NULL,
	"is_available_for_rating" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"api_player_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_position_check" CHECK ("players"."position" in ('Goalkeeper', 'Centre-Back', 'Left-Back', 'Right-Back', 'Defensive Midfield', 'Central Midfield', 'Attacking Midfield', 'Left Midfield', 'Right Midfield', 'Left Winger', 'Right Winger', 'Centre-Forward', 'Striker', 'Manager')),
	CONSTRAINT "players_jersey_number_check" CHECK ("players"."jersey_number" is null or "players"."jersey_number" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"player_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_rating_check" CHECK ("ratings"."rating" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "social_media" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"youtube" text,
	"youtube_video" text,
	"instagram" text,
	"facebook" text,
	"tiktok" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_media_singleton" CHECK ("social_media"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tracking_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"gtm_container_id" text,
	"ga4_measurement_id" text,
	"beehiiv_api_key" text,
	"beehiiv_publication_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_settings_singleton" CHECK ("tracking_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "user_votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"match_id" integer NOT NULL,
	"motm_player_id" integer,
	"is_complete" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"password_hash" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"consent_given" boolean DEFAULT false NOT NULL,
	"geolocation_consent" boolean DEFAULT false NOT NULL,
	"consent_at" timestamp with time zone,
	"consent_policy_version" text,
	"newsletter_opt_in" boolean DEFAULT false NOT NULL,
	"oauth_subject" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_votes" ADD CONSTRAINT "user_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_votes" ADD CONSTRAINT "user_votes_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_votes" ADD CONSTRAINT "user_votes_motm_player_id_players_id_fk" FOREIGN KEY ("motm_player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verifications_user_id_idx" ON "email_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "failed_logins_email_at_idx" ON "failed_logins" USING btree ("email","at");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_one_live" ON "matches" USING btree ("is_live") WHERE "matches"."is_live";--> statement-breakpoint
CREATE INDEX "players_available_idx" ON "players" USING btree ("is_available_for_rating");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_user_player_match_unique" ON "ratings" USING btree ("user_id","player_id","match_id");--> statement-breakpoint
CREATE INDEX "ratings_match_player_idx" ON "ratings" USING btree ("match_id","player_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_votes_user_match_unique" ON "user_votes" USING btree ("user_id","match_id");--> statement-breakpoint
CREATE INDEX "user_votes_match_idx" ON "user_votes" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_oauth_subject_unique" ON "users" USING btree ("oauth_subject");