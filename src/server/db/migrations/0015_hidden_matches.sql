-- An admin may take an ended match out of the public history (an aborted one nobody rated, say): while
-- hidden_at is set, no public reader shows it; admins still do. Null: shown, as every match so far.
ALTER TABLE "matches" ADD COLUMN "hidden_at" timestamp with time zone;
