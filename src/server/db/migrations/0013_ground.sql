-- Whether a fan's vote was cast at the club's ground, from the position their page sent with their consent.
-- Only this mark is kept, never the position; null when it is not known.
ALTER TABLE "user_votes" ADD COLUMN "at_ground" boolean;