import { z } from 'zod';

/**
 * Every error body the server sends: `{"message": "...", "code": "..."}`. The message is English, for
 * logs, scripts and older pages; the code is stable, and the page shows its text in the reader's language.
 */
export const errorBody = z.object({ message: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;
