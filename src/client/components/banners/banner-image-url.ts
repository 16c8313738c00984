/**
 * A banner picture may be an upload served by the product ('/objects/...') or an http(s) address.
 * Anything else (another scheme, a protocol-relative '//host' path) is not shown.
 */
export function bannerImageUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
