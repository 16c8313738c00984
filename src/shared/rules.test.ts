import { describe, expect, it } from 'vitest';
import {
  canRate,
  hasEnded,
  isSelf,
  isSelfOrAdmin,
  matchPhase,
  playerAverageVisible,
  resultsVisible,
} from './rules';

const fan = { id: 'fan', isAdmin: false };
const admin = { id: 'admin', isAdmin: true };

describe('the domain rules page and server share', () => {
  it('a match is preparing until it first goes live, then live, then ended', () => {
    expect(matchPhase({ isLive: false, startedAt: null })).toBe('preparing');
    expect(matchPhase({ isLive: true, startedAt: '2026-11-25T15:00:00.000Z' })).toBe('live');
    expect(matchPhase({ isLive: false, startedAt: new Date() })).toBe('ended');
    expect(hasEnded({ isLive: false, startedAt: '2026-11-25T15:00:00.000Z' })).toBe(true);
    expect(hasEnded({ isLive: true, startedAt: new Date() })).toBe(false);
  });

  it('results are for admins, for fans after their final vote, and for everyone once the match ended', () => {
    expect(resultsVisible(fan, { hasVoted: false, matchEnded: false })).toBe(false);
    expect(resultsVisible(fan, { hasVoted: true, matchEnded: false })).toBe(true);
    expect(resultsVisible(fan, { hasVoted: false, matchEnded: true })).toBe(true);
    expect(resultsVisible(admin, { hasVoted: false, matchEnded: false })).toBe(true);
  });

  it("a player's average is for admins, for fans who rated that player, and for all once ended", () => {
    expect(playerAverageVisible(fan, { ratedPlayer: false, matchEnded: false })).toBe(false);
    expect(playerAverageVisible(fan, { ratedPlayer: true, matchEnded: false })).toBe(true);
    expect(playerAverageVisible(fan, { ratedPlayer: false, matchEnded: true })).toBe(true);
    expect(playerAverageVisible(admin, { ratedPlayer: false, matchEnded: false })).toBe(true);
  });

  it('a fan cannot rate before the match is live, after it ended, or after the final vote', () => {
    expect(canRate({ matchLive: true, hasVoted: false })).toBe(true);
    expect(canRate({ matchLive: false, hasVoted: false })).toBe(false);
    expect(canRate({ matchLive: true, hasVoted: true })).toBe(false);
  });

  it('self is the same user; self-or-admin lets an admin read anyone', () => {
    expect(isSelf(fan, 'fan')).toBe(true);
    expect(isSelf(fan, 'other')).toBe(false);
    expect(isSelfOrAdmin(fan, 'other')).toBe(false);
    expect(isSelfOrAdmin(admin, 'other')).toBe(true);
  });
});
