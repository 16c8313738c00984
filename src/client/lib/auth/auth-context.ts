import type { PublicUser } from '@shared/auth';
import { createContext, useContext } from 'react';

/** 'pending' only while nobody is known yet; a cached user is shown at once and verified behind it. */
export type AuthStatus = 'pending' | 'authenticated' | 'anonymous';

export interface SignOutOptions {
  /** Where to land afterwards; by default the current page reloads. */
  redirectTo?: string;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: PublicUser | null;
  /** True while a signed-in user has not given the mandatory consent: the consent prompt must show. */
  needsConsent: boolean;
  /** Stores a user the server just returned (sign-in answer) and re-verifies it. */
  signIn: (user: PublicUser) => void;
  /** Merges fields into the signed-in user and its cached copy (consent answers). */
  updateUser: (changes: Partial<PublicUser>) => void;
  /** Ends the server session, forgets the cached user and reloads. */
  signOut: (options?: SignOutOptions) => Promise<void>;
  /** The escape hatch of a stuck auth check: clears stored login data and starts again. */
  startOver: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
