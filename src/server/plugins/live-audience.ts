import { resultsVisible } from '@shared/rules';
import type { AudienceRule } from '../lib/live-bus';
import type { LiveSocket } from './live-registry';

/** The audience of what every page shows, signed in or not. */
export const ANYONE: AudienceRule[] = [{ to: 'anyone' }];

/** The audience of what only a signed-in user may read. */
export const SIGNED_IN: AudienceRule[] = [{ to: 'signed-in' }];

/** Whether a socket is in a rule's audience: the same rules the HTTP routes apply to the same data. */
export function inAudience(rule: AudienceRule, socket: LiveSocket): boolean {
  switch (rule.to) {
    case 'anyone':
      return true;
    case 'signed-in':
      return socket.userId !== null;
    case 'results-readers':
      return (
        socket.userId !== null &&
        socket.isAdmin === rule.admins &&
        resultsVisible(socket, { hasVoted: socket.voted.includes(rule.matchId), matchEnded: rule.matchEnded })
      );
  }
}
