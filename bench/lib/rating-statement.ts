/**
 * The ratings baseline: saveRating's own upsert (`ratingUpsert` in ratings.service.ts), rendered by
 * drizzle's dialect into the very text and parameters the product sends.
 */
import type { RatingBody } from '@shared/ratings';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ratingUpsert } from '../../src/server/features/ratings/ratings.service';

const dialect = new PgDialect();

/** The SQL text (with $n placeholders) and the parameters the product sends for this rating. */
export function ratingStatement(input: RatingBody): { text: string; params: Array<string | number> } {
  const query = dialect.sqlToQuery(ratingUpsert(input));
  return { text: query.sql, params: query.params as Array<string | number> };
}
