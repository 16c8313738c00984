import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { generatePassword, hashPassword } from '../../lib/passwords';

export const GENERATED_ADMIN_EMAIL = 'admin@matchday.local';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: that admin exists, verified, with that password, at every start.
 * Otherwise, on a database with no admin, one is created and its password printed once.
 */
export async function ensureAdmin(
  db: Database,
  log: Logger,
  config: { email?: string; password?: string },
): Promise<void> {
  if (config.email && config.password) {
    const email = config.email.trim().toLowerCase();
    const passwordHash = await hashPassword(config.password);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(72016503)`);
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      if (existing) {
        await tx
          .update(users)
          .set({ isAdmin: true, emailVerified: true, passwordHash, updatedAt: new Date() })
          .where(eq(users.id, existing.id));
      } else {
        await tx
          .insert(users)
          .values({ email, name: 'Admin', isAdmin: true, emailVerified: true, passwordHash });
      }
    });
    log.info({ email }, 'admin account from ADMIN_EMAIL is ready');
    return;
  }

  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(72016503)`);
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
    if (admin) return false;
    await tx
      .insert(users)
      .values({
        email: GENERATED_ADMIN_EMAIL,
        name: 'Admin',
        isAdmin: true,
        emailVerified: true,
        passwordHash,
      })
      .onConflictDoNothing();
    return true;
  });
  if (!created) return;
  log.warn(
    { email: GENERATED_ADMIN_EMAIL },
    'generated an admin account; its password is printed once below',
  );
  const line = '='.repeat(64);
  console.log(
    [
      '',
      line,
      '  Admin account created (shown once, keep it safe)',
      `  email:    ${GENERATED_ADMIN_EMAIL}`,
      `  password: ${password}`,
      '  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.',
      line,
      '',
    ].join('\n'),
  );
}
