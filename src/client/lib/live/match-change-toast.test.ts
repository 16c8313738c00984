import { MATCH_CHANGE_KINDS } from '@shared/live';
import { describe, expect, it } from 'vitest';
import { loadCatalogsForTests } from '../i18n/testing';
import { GENERIC_MATCH_TOAST, matchChangeToast, startsVoting, unspoken } from './match-change-toast';

describe('matchChangeToast', () => {
  loadCatalogsForTests();

  it('says what happened, with the score where it matters', () => {
    expect(matchChangeToast({ kind: 'half-time', score: '1-0' })).toEqual({
      title: 'Half-time: 1-0',
      duration: 3000,
    });
    expect(matchChangeToast({ kind: 'full-time', score: '2-1' })).toEqual({
      title: 'Full time: voting closed, results are in',
      description: 'Final score 2-1',
      duration: 3000,
    });
    expect(matchChangeToast({ kind: 'goal', score: '2-1' })?.title).toBe('Goal: 2-1');
    expect(matchChangeToast({ kind: 'second-half', score: '1-1' })?.title).toBe('Second half under way: 1-1');
    expect(matchChangeToast({ kind: 'score-corrected', score: '1-1' })?.title).toBe('Score corrected: 1-1');
  });

  it('a kick-off or a reopening raises none: the match_started that follows says it', () => {
    for (const kind of ['kick-off', 'reopened'] as const) {
      expect(startsVoting({ kind, score: '0-0' })).toBe(true);
      expect(matchChangeToast({ kind, score: '0-0' })).toBeNull();
    }
    expect(startsVoting({ kind: 'half-time', score: '0-0' })).toBe(false);
    expect(startsVoting(undefined)).toBe(false);
  });

  it('raises none for a match hidden from the history or shown again: fans never saw it hidden', () => {
    for (const kind of ['hidden', 'shown'] as const) {
      expect(unspoken({ kind, score: '0-0' })).toBe(true);
      expect(matchChangeToast({ kind, score: '0-0' })).toBeNull();
    }
    expect(unspoken({ kind: 'details', score: '0-0' })).toBe(false);
  });

  it('falls back to the generic words for details or an unnamed change', () => {
    expect(matchChangeToast({ kind: 'details', score: '0-0' })).toEqual(GENERIC_MATCH_TOAST);
    expect(matchChangeToast(undefined)).toEqual({
      title: 'Match Update',
      description: 'Match information has been updated',
      duration: 3000,
    });
  });

  it('has words for every other kind the server sends, none of them generic but details', () => {
    for (const kind of MATCH_CHANGE_KINDS) {
      const toast = matchChangeToast({ kind, score: '0-0' });
      if (startsVoting({ kind, score: '0-0' }) || unspoken({ kind, score: '0-0' })) continue;
      expect(toast === GENERIC_MATCH_TOAST).toBe(kind === 'details');
    }
  });
});
