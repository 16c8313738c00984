import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailVerifications, type UserRow, users } from '../../db/schema';
import { isUniqueViolation, type LoginResult, type SessionContext, startSession } from '../auth/auth.service';
import { findUserByEmail } from '../users/users.service';
import { OAuthFailure, type ProviderProfile } from './openid-connect';

/**
 * Signs in whoever the provider vouched for: the account linked to the provider's subject, else the
 * account with the provider's verified e-mail (linked from now on), else a new verified account.
 * The same session as a password login follows.
 */
export async function signInWithProvider(
  db: Database,
  profile: ProviderProfile,
  context: SessionContext,
): Promise<LoginResult> {
  let user: UserRow;
  try {
    user = await findOrLinkAccount(db, profile);
  } catch (error) {
    // The same new fan twice at once (two tabs): the other attempt created the account; use it.
    if (!isUniqueViolation(error)) throw error;
    user = await findOrLinkAccount(db, profile);
  }
  return startSession(db, user, context);
}

function findOrLinkAccount(db: Database, profile: ProviderProfile): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [linked] = await tx.select().from(users).where(eq(users.oauthSubject, profile.subject)).limit(1);
    if (linked) {
      // The subject is who signed in, whatever address the provider now reports.
      return linked.avatar || !profile.picture ? linked : update(tx, linked.id, { avatar: profile.picture });
    }

    if (!profile.email) throw new OAuthFailure('email_missing');
    // Only an address the provider verified may create or join an account: an unverified one could be
    // anybody's.
    if (!profile.emailVerified) throw new OAuthFailure('email_unverified');
    const name = (profile.name ?? profile.email.split('@')[0] ?? profile.email).slice(0, 100);

    const existing = await findUserByEmail(tx, profile.email);
    if (!existing) {
      const [created] = await tx
        .insert(users)
        .values({
          email: profile.email,
          name,
          avatar: profile.picture,
          oauthSubject: profile.subject,
          emailVerified: true,
        })
        .returning();
      if (!created) throw new Error('user not created');
      return created;
    }

    if (existing.emailVerified) {
      return update(tx, existing.id, {
        oauthSubject: profile.subject,
        avatar: existing.avatar ?? profile.picture,
      });
    }
    // An unverified sign-up never proved the address, so its password, name and newsletter choice may be
    // a stranger's (account pre-hijacking): the address's verified owner takes the account over clean.
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, existing.id));
    return update(tx, existing.id, {
      oauthSubject: profile.subject,
      emailVerified: true,
      passwordHash: null,
      name,
      avatar: profile.picture,
      newsletterOptIn: false,
    });
  });
}

async function update(db: Database, id: string, changes: Partial<UserRow>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error('user vanished while signing in');
  return row;
}
