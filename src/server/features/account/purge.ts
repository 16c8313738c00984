import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import {
  emailVerifications,
  failedLogins,
  mailQuota,
  newsletterQueue,
  passwordResets,
  sessions,
} from '../../db/schema';
import { outboxFiles } from './account.service';

/** The privacy page's promise: nothing about a fan is kept longer than 30 days. */
export const RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
export const PURGE_EVERY_MS = 60 * 60 * 1000;
/** A mail allowance counts an hour; past it the row is only an e-mail kept. */
const MAIL_QUOTA_WINDOW_MS = 60 * 60 * 1000;

export interface PurgeResult {
  failedLogins: number;
  sessions: number;
  emailVerifications: number;
  passwordResets: number;
  mailQuotas: number;
  outboxMails: number;
  newsletterRemovals: number;
}

/**
 * Removes what is retained past its use: failed sign-ins older than 30 days (they hold e-mails, also of
 * accounts since deleted), expired sessions and e-mail verification links, password reset links that
 * expired or were used, mail allowances whose hour is over (they hold e-mails), outbox mail files older
 * than 30 days, and newsletter removals of deleted accounts older than 30 days whatever their state (a
 * removal the provider kept refusing must not keep the e-mail past the promise). Idempotent, so every instance may run it.
 */
export async function purgeRetainedData(
  db: Database,
  options: { outboxDir?: string | null; now?: Date } = {},
): Promise<PurgeResult> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const logins = await db
    .delete(failedLogins)
    .where(lt(failedLogins.at, cutoff))
    .returning({ id: failedLogins.id });
  const ended = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash });
  const links = await db
    .delete(emailVerifications)
    .where(lt(emailVerifications.expiresAt, now))
    .returning({ tokenHash: emailVerifications.tokenHash });
  const resets = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt)))
    .returning({ tokenHash: passwordResets.tokenHash });
  const quotas = await db
    .delete(mailQuota)
    .where(lt(mailQuota.windowStart, new Date(now.getTime() - MAIL_QUOTA_WINDOW_MS)))
    .returning({ email: mailQuota.email });
  const removals = await db
    .delete(newsletterQueue)
    .where(and(eq(newsletterQueue.kind, 'unsubscribe'), lt(newsletterQueue.createdAt, cutoff)))
    .returning({ id: newsletterQueue.id });
  let outboxMails = 0;
  if (options.outboxDir) {
    for (const file of await outboxFiles(options.outboxDir)) {
      const full = path.join(options.outboxDir, file);
      const info = await stat(full).catch(() => null);
      if (info && info.mtime < cutoff) {
        await rm(full, { force: true });
        outboxMails += 1;
      }
    }
  }
  return {
    failedLogins: logins.length,
    sessions: ended.length,
    emailVerifications: links.length,
    passwordResets: resets.length,
    mailQuotas: quotas.length,
    outboxMails,
    newsletterRemovals: removals.length,
  };
}

/** Runs the purge every hour while the app is up; tests call purgeRetainedData directly. */
export const purgePlugin = fp(
  async (app: FastifyInstance, opts: { db: Database; outboxDir?: string | null; everyMs?: number }) => {
    let timer: ReturnType<typeof setInterval> | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        purgeRetainedData(opts.db, { outboxDir: opts.outboxDir }).catch((error: unknown) =>
          app.log.warn({ err: error }, 'privacy purge failed'),
        );
      }, opts.everyMs ?? PURGE_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'privacy-purge' },
);
