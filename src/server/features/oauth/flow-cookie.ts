import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * State, nonce and PKCE verifier of one sign-in, kept between the redirect to the provider and its
 * answer. They travel in an encrypted, HttpOnly cookie rather than in memory, so any instance can
 * finish a sign-in another one started (instances share only the database).
 */
export const pendingFlow = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(1),
  /** ms since the epoch; past it the cookie is worthless even if a browser kept it. */
  expiresAt: z.number(),
});
export type PendingFlow = z.infer<typeof pendingFlow>;

export const FLOW_COOKIE = 'matchday_oauth';
/** Long enough to pick an account and consent, short enough that a forgotten tab expires. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

export class FlowCookie {
  readonly #key: Buffer;

  constructor(sessionSecret: string) {
    // A key of its own, derived from SESSION_SECRET, so this cookie can never be confused with a session.
    this.#key = Buffer.from(hkdfSync('sha256', sessionSecret, '', 'matchday oauth flow cookie', 32));
  }

  /** AES-256-GCM: the browser can neither read the verifier nor change a byte unnoticed. */
  seal(flow: PendingFlow): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The flow the cookie holds, or null when it is missing, tampered with or expired. */
  open(value: string | undefined): PendingFlow | null {
    if (!value || value.length > 2000) return null;
    try {
      const raw = Buffer.from(value, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      const flow = pendingFlow.parse(JSON.parse(text));
      return flow.expiresAt > Date.now() ? flow : null;
    } catch {
      return null;
    }
  }

  set(reply: FastifyReply, flow: PendingFlow): void {
    reply.setCookie(FLOW_COOKIE, this.seal(flow), {
      ...cookieOptions(reply),
      maxAge: Math.floor(FLOW_TTL_MS / 1000),
    });
  }

  /** The flow the browser brought back, cleared at once: whatever happens next, it is spent. */
  take(request: FastifyRequest, reply: FastifyReply): PendingFlow | null {
    const flow = this.open(request.cookies[FLOW_COOKIE]);
    reply.clearCookie(FLOW_COOKIE, cookieOptions(reply));
    return flow;
  }
}

function cookieOptions(reply: FastifyReply) {
  return {
    // Sent back only to the callback.
    path: '/api/oauth/google/callback',
    httpOnly: true,
    // Lax: the provider's answer is a top-level GET from its own site, which Lax still sends the cookie on.
    sameSite: 'lax' as const,
    secure: reply.server.sessionCookie.secure,
  };
}
