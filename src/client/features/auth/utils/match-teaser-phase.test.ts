import type { Match } from '@shared/matches';
import { describe, expect, it } from 'vitest';
import { teaserPhase } from './match-teaser-phase';

const NOW = Date.parse('2026-03-14T12:00:00Z');

const match = (over: Partial<Match> = {}): Match => ({
  id: 7,
  title: 'Manchester United vs Chelsea',
  opponent: 'Chelsea',
  venue: 'Old Trafford',
  tournament: 'Premier League',
  scheduledDate: '2026-03-15',
  kickOffTime: '15:00',
  score: '0-0',
  homeScore: 0,
  awayScore: 0,
  isLive: false,
  isHalfTime: false,
  startedAt: null,
  status: 'Not Started',
  createdAt: '2026-03-01T10:00:00Z',
  kickOffAt: null,
  isHome: true,
  feedNote: null,
  fullTimeAt: null,
  votingClosesAt: null,
  hiddenAt: null,
  ...over,
});

describe('teaserPhase', () => {
  it('is live during the match and at half time, and until the vote closes after full time', () => {
    const started = { isLive: true, startedAt: '2026-03-14T11:00:00Z' };
    expect(teaserPhase(match({ ...started, status: 'LIVE' }), NOW)).toBe('live');
    expect(teaserPhase(match({ ...started, status: 'Half Time', isHalfTime: true }), NOW)).toBe('live');
    const fullTime = { fullTimeAt: '2026-03-14T12:50:00Z', votingClosesAt: '2026-03-14T13:50:00Z' };
    expect(teaserPhase(match({ ...started, ...fullTime, status: 'LIVE' }), NOW)).toBe('live');
  });

  it('is ended once the match is over', () => {
    expect(teaserPhase(match({ startedAt: '2026-03-14T09:00:00Z', status: 'Match Ended' }), NOW)).toBe(
      'ended',
    );
  });

  it('is upcoming with a day or a kick-off ahead, and nothing without either', () => {
    expect(teaserPhase(match(), NOW)).toBe('upcoming');
    expect(teaserPhase(match({ scheduledDate: null, kickOffAt: '2026-03-14T15:00:00Z' }), NOW)).toBe(
      'upcoming',
    );
    expect(teaserPhase(match({ scheduledDate: null }), NOW)).toBeNull();
  });

  it('says nothing of a match whose day is gone, postponed or called off', () => {
    expect(teaserPhase(match({ scheduledDate: '2026-03-10' }), NOW)).toBeNull();
    expect(teaserPhase(match({ kickOffAt: '2026-03-14T08:00:00Z' }), NOW)).toBeNull();
    expect(teaserPhase(match({ feedNote: 'postponed' }), NOW)).toBeNull();
    expect(teaserPhase(match({ feedNote: 'called-off', status: 'Match Ended' }), NOW)).toBeNull();
  });
});
