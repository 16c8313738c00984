import { i18n } from '@client/lib/i18n/i18n';
import { UPLOAD_MAX_BYTES } from '@shared/domain';

/** The picker's filter: raster images only (the server refuses SVG and anything that is not a picture). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/**
 * The checks made before uploading, '{subject} must be under 5MB' and the server's UPLOAD_ERRORS.notImage,
 * in the language being read (`subject` comes translated).
 * The server checks the content again; this only saves a slow upload.
 */
export function imageFileError(file: { type: string; size: number }, subject: string): string | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return i18n._('admin.image.notImage');
  if (file.size > UPLOAD_MAX_BYTES) return i18n._('admin.image.tooLarge', { subject });
  return null;
}
