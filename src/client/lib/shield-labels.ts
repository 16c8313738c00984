import type { ShieldSignal } from '@shared/shield';

/** Each shield signal's name in the catalogue: the admin's Ballot Review and the rules in Settings. */
export const SIGNAL_LABEL: Record<ShieldSignal, string> = {
  newAccount: 'admin-match.analytics.shield.signal.newAccount',
  firstMatch: 'admin-match.analytics.shield.signal.firstMatch',
  crowdedNetwork: 'admin-match.analytics.shield.signal.crowdedNetwork',
  tooFast: 'admin-match.analytics.shield.signal.tooFast',
  extremeRun: 'admin-match.analytics.shield.signal.extremeRun',
  disposableMail: 'admin-match.analytics.shield.signal.disposableMail',
};
