import { z } from 'zod';

/** Every error body the server sends: `{"message": "..."}`. */
export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;
