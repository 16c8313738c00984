import { MASKED_KEY_PREFIX } from '@shared/tracking';

/** True for the masked key the server shows (bullets, perhaps the last 4 characters). */
export function isMaskedKey(value: string | null | undefined): boolean {
  return Boolean(value?.startsWith(MASKED_KEY_PREFIX) || value?.includes('•'));
}

/**
 * What to send as beehiivApiKey. The field starts with the masked key from GET:
 * - left as it is (or still masked): leave it out, and the server keeps the stored key;
 * - emptied: '' clears the stored key (when there was one);
 * - anything else: the new key.
 */
export function apiKeyForSubmit(
  value: string | null | undefined,
  shownKey: string | null,
): string | undefined {
  const text = value?.trim() ?? '';
  if (text === (shownKey ?? '').trim() || isMaskedKey(text)) return undefined;
  if (text === '') return shownKey ? '' : undefined;
  return text;
}
