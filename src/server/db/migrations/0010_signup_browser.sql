-- A verification link remembers the browser that signed up (the hash of a cookie it was given): a link
-- followed anywhere else verifies the address but does not keep a password its follower may not have chosen.
ALTER TABLE "email_verifications" ADD COLUMN "browser_hash" text;
