import { z } from 'zod';

/** The largest value a PostgreSQL integer (and serial) column holds. */
export const DB_INT_MAX = 2_147_483_647;

/** A row id in a JSON body: a whole number from 1 to DB_INT_MAX, the range of the serial id columns. */
export function dbId(message = 'Invalid id') {
  return z.number({ error: message }).int(message).min(1, message).max(DB_INT_MAX, message);
}

/** The same id read from text (a path or query segment), with the same bounds. */
export function dbIdParam(message = 'Invalid id') {
  return z.coerce.number({ error: message }).int(message).min(1, message).max(DB_INT_MAX, message);
}
