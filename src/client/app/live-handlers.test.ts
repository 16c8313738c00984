import { refreshLiveResults } from '@client/features/results/live-handlers';
import { LIVE_TOASTS } from '@client/features/voting/live-handlers';
import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import { handleLiveMessage, SeqMemory } from '@client/lib/live/live-messages';
import { ownChanges } from '@client/lib/live/own-changes';
import { queryKeys } from '@client/lib/query-keys';
import type { LeaderboardEntry } from '@shared/ratings';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { LIVE_HANDLERS } from './live-handlers';

function entry(id: number, averageRating: number): LeaderboardEntry {
  return {
    id,
    name: `Player ${id}`,
    position: 'Striker',
    image: null,
    jerseyNumber: id,
    isManager: false,
    isSubstitute: false,
    isAvailableForRating: true,
    isActive: true,
    apiPlayerId: null,
    averageRating,
    ratingCount: 1,
  };
}

function setup() {
  const queryClient = new QueryClient();
  const seqs = new SeqMemory();
  const notify = vi.fn();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const invalidated = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  const handle = (message: unknown) =>
    handleLiveMessage(message, LIVE_HANDLERS, { queryClient, seqs, notify });
  return { queryClient, seqs, notify, invalidated, handle };
}

describe('handleLiveMessage', () => {
  loadCatalogsForTests();

  it('match_update: toast for 3 s and the current match refreshed', () => {
    const { notify, invalidated, handle } = setup();
    handle({ type: 'match_update', data: { matchId: 4 } });
    expect(notify).toHaveBeenCalledWith({
      title: 'Match Update',
      description: 'Match information has been updated',
      duration: 3000,
    });
    expect(invalidated()).toEqual([queryKeys.currentMatch]);
  });

  it('match_update says what changed: half time with the score, full time with voting closed', () => {
    const { notify, handle } = setup();
    handle({ type: 'match_update', data: { matchId: 4, change: { kind: 'half-time', score: '1-0' } } });
    expect(notify).toHaveBeenLastCalledWith({ title: 'Half-time: 1-0', duration: 3000 });
    handle({ type: 'match_update', data: { matchId: 4, change: { kind: 'full-time', score: '1-0' } } });
    expect(notify).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'Full time: voting closed, results are in' }),
    );
  });

  it("the echo of this tab's own change refreshes without a toast; someone else's still toasts", () => {
    const { notify, invalidated, handle } = setup();
    ownChanges.expect('match_update');
    handle({ type: 'match_update', data: { matchId: 4, change: { kind: 'goal', score: '1-0' } } });
    expect(notify).not.toHaveBeenCalled();
    expect(invalidated()).toEqual([queryKeys.currentMatch]);
    handle({ type: 'match_update', data: { matchId: 4, change: { kind: 'goal', score: '2-0' } } });
    expect(notify).toHaveBeenCalledWith({ title: 'Goal: 2-0', duration: 3000 });

    ownChanges.expect('availableForRatingUpdate');
    handle({ type: 'availableForRatingUpdate', data: {} });
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it("this tab's own kick-off raises no 'New Match Started' here; another tab's does", () => {
    const { notify, handle } = setup();
    ownChanges.expect('match_update');
    handle({ type: 'match_update', data: { matchId: 6, change: { kind: 'kick-off', score: '0-0' } } });
    handle({ type: 'match_started', data: { matchId: 6, title: 'United vs Spurs' } });
    expect(notify).not.toHaveBeenCalled();
    handle({ type: 'match_update', data: { matchId: 6, change: { kind: 'reopened', score: '1-0' } } });
    handle({ type: 'match_started', data: { matchId: 6, title: 'United vs Spurs' } });
    expect(notify).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'New Match Started' }));
  });

  it("match_started: 'New Match Started' for 3 s (the kick-off's match_update before it stays quiet), match and everything rated refreshed", () => {
    const { notify, invalidated, handle } = setup();
    handle({ type: 'match_update', data: { matchId: 5, change: { kind: 'kick-off', score: '0-0' } } });
    expect(notify).not.toHaveBeenCalled();
    handle({ type: 'match_started', data: { matchId: 5, title: 'United vs Arsenal' } });
    expect(notify).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith({
      title: 'New Match Started',
      description: 'United vs Arsenal is now live!',
      duration: 3000,
    });
    const { prefixes } = queryKeys;
    expect(invalidated()).toEqual(
      expect.arrayContaining([
        queryKeys.currentMatch,
        prefixes.ratings,
        prefixes.userRatings,
        prefixes.leaderboard,
        prefixes.stats,
        prefixes.motm,
        prefixes.userVotes,
      ]),
    );
  });

  it('substituteUpdate refreshes the players quietly; availableForRatingUpdate also the match, with a 2 s toast', () => {
    const first = setup();
    first.handle({ type: 'substituteUpdate' });
    expect(first.notify).not.toHaveBeenCalled();
    expect(first.invalidated()).toEqual(
      expect.arrayContaining([queryKeys.players, queryKeys.availablePlayers]),
    );

    const second = setup();
    second.handle({ type: 'availableForRatingUpdate', data: {} });
    expect(second.notify).toHaveBeenCalledWith(LIVE_TOASTS.startingXi);
    expect(LIVE_TOASTS.startingXi).toEqual({
      title: 'Starting XI Updated',
      description: 'Available players for rating have been updated',
      duration: 2000,
    });
    expect(second.invalidated()).toEqual(
      expect.arrayContaining([queryKeys.players, queryKeys.availablePlayers, queryKeys.currentMatch]),
    );
  });

  it('content_update refreshes the matching public content', () => {
    const expected = {
      announcement: queryKeys.announcement,
      banners: queryKeys.banners,
      customization: ['customization'],
      'social-media': ['social-media'],
    };
    for (const [kind, key] of Object.entries(expected)) {
      const { invalidated, handle, notify } = setup();
      handle({ type: 'content_update', data: { kind } });
      expect(invalidated()).toEqual([key]);
      expect(notify).not.toHaveBeenCalled();
    }
  });

  it('leaderboard_update writes the leaderboard and the counts, ignoring late or repeated seqs', () => {
    const { queryClient, seqs, handle, invalidated } = setup();
    const push = (seq: number, average: number, totalRatings: number) =>
      handle({
        type: 'leaderboard_update',
        data: { matchId: 7, seq, leaderboard: [entry(1, average)], totalRatings, raters: 1, heldBack: 0 },
      });
    push(100, 8, 3);
    expect(queryClient.getQueryData(queryKeys.leaderboard(7))).toEqual([entry(1, 8)]);
    expect(queryClient.getQueryData(queryKeys.matchStats(7))).toEqual({
      totalRatings: 3,
      raters: 1,
      heldBack: 0,
    });
    push(99, 5, 2);
    push(100, 5, 2);
    expect(queryClient.getQueryData(queryKeys.leaderboard(7))).toEqual([entry(1, 8)]);
    expect(queryClient.getQueryData(queryKeys.matchStats(7))).toEqual({
      totalRatings: 3,
      raters: 1,
      heldBack: 0,
    });
    push(101, 9, 4);
    expect(queryClient.getQueryData(queryKeys.matchStats(7))).toEqual({
      totalRatings: 4,
      raters: 1,
      heldBack: 0,
    });
    // A new socket starts a new sequence.
    seqs.reset();
    push(50, 6, 5);
    expect(queryClient.getQueryData(queryKeys.matchStats(7))).toEqual({
      totalRatings: 5,
      raters: 1,
      heldBack: 0,
    });
    expect(invalidated()).toEqual([]);
  });

  it('motm_update writes the result per match with its own seq', () => {
    const { queryClient, handle } = setup();
    const motm = (name: string) => ({
      player: { id: 1, name, position: 'Striker', image: null },
      percentage: 50,
      tiedWith: [],
    });
    handle({ type: 'motm_update', data: { matchId: 7, seq: 10, motm: motm('A') } });
    // The same seq on the leaderboard stream does not block the MOTM stream, nor another match.
    handle({ type: 'leaderboard_update', data: { matchId: 7, seq: 20, leaderboard: [], totalRatings: 0 } });
    handle({ type: 'motm_update', data: { matchId: 7, seq: 11, motm: motm('B') } });
    handle({ type: 'motm_update', data: { matchId: 8, seq: 1, motm: null } });
    handle({ type: 'motm_update', data: { matchId: 7, seq: 9, motm: motm('C') } });
    expect(queryClient.getQueryData(queryKeys.motm(7))).toEqual(motm('B'));
    expect(queryClient.getQueryData(queryKeys.motm(8))).toBeNull();
  });

  it('logs and ignores unknown or malformed messages, and pongs', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { handle, notify, invalidated, queryClient } = setup();
    handle({ type: 'rating_update', data: {} });
    handle({ type: 'leaderboard_update', data: { matchId: 'x' } });
    handle('hello');
    handle({ type: 'pong', timestamp: 1 });
    handle({ type: 'connection_established', data: { signedIn: true } });
    expect(notify).not.toHaveBeenCalled();
    expect(invalidated()).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(debug).toHaveBeenCalledWith('Live message ignored: rating_update');
    debug.mockRestore();
  });
});

describe('refreshLiveResults', () => {
  it('refreshes leaderboard, MOTM and match stats (what polling fetches)', () => {
    const { queryClient, invalidated } = setup();
    refreshLiveResults(queryClient);
    const { prefixes } = queryKeys;
    expect(invalidated()).toEqual([prefixes.leaderboard, prefixes.motm, prefixes.stats]);
  });
});
