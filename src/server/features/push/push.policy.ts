import { ECDH } from 'node:crypto';

/**
 * Whether the server may send to a subscription's endpoint: only to the push services PUSH_SERVICES
 * names, so a fan cannot make the server POST to an address of their choosing. An entry with a scheme
 * is a whole origin; otherwise an https host, with '*.' for any of its subdomains.
 */
export function pushServiceAllowed(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((service) => {
    if (service.includes('://')) return url.origin === service;
    if (url.protocol !== 'https:' || url.port !== '') return false;
    const host = url.hostname.toLowerCase();
    const pattern = service.toLowerCase();
    return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
  });
}

/** Whether a subscription's p256dh is a point on P-256 (65 bytes, uncompressed): one payloads can be encrypted for. */
export function isPushKey(p256dh: string): boolean {
  const bytes = Buffer.from(p256dh, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    // Decoding the point checks that it lies on the curve.
    ECDH.convertKey(bytes, 'prime256v1', undefined, undefined, 'compressed');
    return true;
  } catch {
    return false;
  }
}
