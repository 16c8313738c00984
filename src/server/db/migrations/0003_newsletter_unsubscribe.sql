DROP INDEX "newsletter_queue_due_idx";--> statement-breakpoint
ALTER TABLE "newsletter_queue" ADD COLUMN "kind" text DEFAULT 'subscribe' NOT NULL;--> statement-breakpoint
CREATE INDEX "newsletter_queue_due_idx" ON "newsletter_queue" USING btree ("kind","status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "newsletter_queue" ADD CONSTRAINT "newsletter_queue_kind_check" CHECK ("newsletter_queue"."kind" = 'subscribe' or ("newsletter_queue"."kind" = 'unsubscribe' and "newsletter_queue"."user_id" is null));