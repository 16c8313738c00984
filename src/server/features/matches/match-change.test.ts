import { describe, expect, it } from 'vitest';
import { describeMatchChange } from './match-change';

const KICK_OFF = new Date('2026-03-01T15:00:00Z');
const preparing = {
  isLive: false,
  isHalfTime: false,
  startedAt: null,
  homeScore: 0,
  awayScore: 0,
  score: '0-0',
};
const live = { ...preparing, isLive: true, startedAt: KICK_OFF };
const ended = { ...live, isLive: false };
const scored = (home: number, away: number) => ({
  homeScore: home,
  awayScore: away,
  score: `${home}-${away}`,
});

describe('describeMatchChange', () => {
  it('names the change of phase first, with the score after it', () => {
    expect(describeMatchChange(preparing, live)).toEqual({ kind: 'kick-off', score: '0-0' });
    expect(describeMatchChange({ ...live, ...scored(2, 1) }, { ...ended, ...scored(2, 1) })).toEqual({
      kind: 'full-time',
      score: '2-1',
    });
    expect(describeMatchChange(ended, live)).toEqual({ kind: 'reopened', score: '0-0' });
    expect(describeMatchChange(ended, preparing)).toEqual({ kind: 'back-to-preparation', score: '0-0' });
    // Ending at half time also clears half time: still full time.
    expect(describeMatchChange({ ...live, isHalfTime: true }, ended).kind).toBe('full-time');
  });

  it('says half time and the second half while live', () => {
    const at = { ...live, ...scored(1, 0) };
    expect(describeMatchChange(at, { ...at, isHalfTime: true })).toEqual({ kind: 'half-time', score: '1-0' });
    expect(describeMatchChange({ ...at, isHalfTime: true }, at)).toEqual({
      kind: 'second-half',
      score: '1-0',
    });
  });

  it('tells a goal from a correction', () => {
    expect(describeMatchChange({ ...live, ...scored(1, 1) }, { ...live, ...scored(2, 1) })).toEqual({
      kind: 'goal',
      score: '2-1',
    });
    expect(describeMatchChange({ ...live, ...scored(2, 1) }, { ...live, ...scored(1, 1) }).kind).toBe(
      'score-corrected',
    );
    // Set after the final whistle, a score is a correction, not a goal.
    expect(describeMatchChange(ended, { ...ended, ...scored(1, 0) }).kind).toBe('score-corrected');
  });

  it('calls anything else details', () => {
    expect(describeMatchChange(live, { ...live })).toEqual({ kind: 'details', score: '0-0' });
  });
});
