import { sql } from 'drizzle-orm';
import { type Database, rows } from '../../src/server/db/client';

/**
 * What a refused call must leave alone, table by table. Sessions count by who holds them (the last-seen
 * time moves on reads); uploads by their ids (the bytes are named by their hash).
 */
const WATCHED: Record<string, string> = {
  users: 'select * from users',
  sessions: 'select token_hash, user_id, expires_at from sessions',
  players: 'select * from players',
  matches: 'select * from matches',
  ratings: 'select * from ratings',
  user_votes: 'select * from user_votes',
  announcement: 'select * from announcement',
  customization: 'select * from customization',
  banners: 'select * from banners',
  social_media: 'select * from social_media',
  tracking_settings: 'select * from tracking_settings',
  objects: 'select id, content_type, size from objects',
  // Not last_used_at: reads move it.
  api_keys: 'select id, name, key_hash, rate_per_minute, revoked_at from api_keys',
};

export type Fingerprint = Record<string, string>;

/** One digest per watched table: equal fingerprints, unchanged data. */
export async function fingerprint(db: Database): Promise<Fingerprint> {
  const columns = Object.entries(WATCHED)
    .map(
      ([name, query]) =>
        `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from (${query}) x) as ${name}`,
    )
    .join(', ');
  const [row] = await rows<Fingerprint>(db, sql.raw(`select ${columns}`));
  if (!row) throw new Error('no fingerprint');
  return row;
}
