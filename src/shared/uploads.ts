import { z } from 'zod';
import { defineErrors } from './errors';

/** POST /api/objects/upload (multipart field `file`) and POST /api/players/:id/upload-image (field `image`). */
export const uploadResponse = z.object({ objectPath: z.string() });
export type UploadResponse = z.infer<typeof uploadResponse>;

export const UPLOAD_ERRORS = defineErrors('upload', {
  notImage: 'Please upload an image file',
  tooLarge: 'File must be under 5MB',
  playerImageType: 'Player images must be PNG or JPG',
  missingFile: 'No file was uploaded',
  unreadable: 'The upload could not be read. Please try again.',
  tooManyPixels: 'Image dimensions are too large (at most 50 megapixels)',
});

/** The largest upload accepted, in bytes. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
