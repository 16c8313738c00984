import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as this digest; they are random enough that no salt or slow hash is needed. The
 * one-shot hash: every signed-in request asks for it, and a Hash object per call cost several times more
 * under load (docs/performance.md, "reads").
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
