import { z } from 'zod';

/**
 * A free-text field an admin may leave out: at most `max` characters, trimmed, and blank or missing
 * stored as null, so "nothing" has one form in the database whatever the form sent.
 */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null));
