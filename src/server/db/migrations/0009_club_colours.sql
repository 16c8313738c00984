-- The club's primary and secondary colours, set by an admin; null keeps the default red and near-black.
ALTER TABLE "customization" ADD COLUMN "primary_colour" text;--> statement-breakpoint
ALTER TABLE "customization" ADD COLUMN "secondary_colour" text;--> statement-breakpoint
ALTER TABLE "customization" ADD CONSTRAINT "customization_primary_colour_check" CHECK ("customization"."primary_colour" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "customization" ADD CONSTRAINT "customization_secondary_colour_check" CHECK ("customization"."secondary_colour" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
-- Every instance keeps the page's palette and the squad's portrait addresses, drawn in these colours:
-- any branding write tells them all ('branding:', the change feed of migration 0002).
CREATE TRIGGER customization_changed AFTER INSERT OR UPDATE ON customization
  FOR EACH STATEMENT EXECUTE FUNCTION matchday_notify_change('branding', 'none');
