import { formatScore } from '@client/lib/match-format';
import { KICK_OFF_MESSAGE } from '@shared/matches';
import { matchPhase } from '@shared/rules';
import { describe, expect, it } from 'vitest';
import { announcementText, localToday } from './announcement';
import { findClub, homeVenue, OTHER_CUSTOM, opponentOptions, venueOptions } from './clubs';
import { kickOffOptions } from './kick-off';
import { defaultMatchDetails, matchDetailsSchema, toCreateMatchBody } from './match-details';
import { canChooseState, matchStatePatch } from './match-state';
import { stepScore } from './score';

const THE_19 = [
  'Arsenal',
  'Aston Villa',
  'AFC Bournemouth',
  'Brentford',
  'Brighton & Hove Albion',
  'Burnley',
  'Chelsea',
  'Crystal Palace',
  'Everton',
  'Fulham',
  'Leeds United',
  'Liverpool',
  'Manchester City',
  'Newcastle United',
  'Nottingham Forest',
  'Sunderland',
  'Tottenham Hotspur',
  'West Ham United',
  'Wolverhampton Wanderers',
];

describe('opponents and venues', () => {
  it('lists the 19 other clubs for Manchester United', () => {
    expect(opponentOptions('Manchester United')).toEqual(THE_19);
    expect(opponentOptions('Man Utd')).toEqual(THE_19);
  });

  it('lists the other 19 when the club is another league club, and all 20 when it is not one', () => {
    const forArsenal = opponentOptions('Arsenal FC');
    expect(forArsenal).toHaveLength(19);
    expect(forArsenal).not.toContain('Arsenal');
    expect(forArsenal).toContain('Manchester United');
    expect(opponentOptions('Brighton')).not.toContain('Brighton & Hove Albion');
    expect(opponentOptions('Matchday FC')).toHaveLength(20);
  });

  it('offers the home ground first, then the opponents grounds', () => {
    const venues = venueOptions('Manchester United');
    expect(venues[0]).toBe('Old Trafford');
    expect(venues).toHaveLength(20);
    expect(venues).toContain("St James' Park");
    expect(venues).toContain('Hill Dickinson Stadium');
    expect(venues).not.toContain(OTHER_CUSTOM);
    expect(homeVenue('Chelsea')).toBe('Stamford Bridge');
    expect(homeVenue('Someone Else')).toBe('Old Trafford');
    expect(findClub('wolves')?.stadium).toBe('Molineux');
  });
});

describe('kick-off options', () => {
  it('runs from 10:00 to 21:45 in 15-minute steps shown 12-hour', () => {
    const options = kickOffOptions();
    expect(options).toHaveLength(48);
    expect(options[0]).toEqual({ value: '10:00', label: '10:00 AM' });
    expect(options.at(-1)).toEqual({ value: '21:45', label: '9:45 PM' });
    expect(options.find((o) => o.value === '15:00')?.label).toBe('3:00 PM');
    expect(options.find((o) => o.value === '12:15')?.label).toBe('12:15 PM');
    for (const o of options) expect(o.value).toMatch(/^(1\d|2[01]):(00|15|30|45)$/);
  });
});

describe('score', () => {
  it('steps within 0 and 99', () => {
    expect(stepScore([0, 0], 'home', 1)).toEqual([1, 0]);
    expect(stepScore([0, 0], 'home', -1)).toEqual([0, 0]);
    expect(stepScore([3, 99], 'away', 1)).toEqual([3, 99]);
    expect(formatScore(stepScore([1, 1], 'away', -1))).toBe('1-0');
  });
});

describe('match state', () => {
  it('derives the state and the change each choice sends', () => {
    expect(matchPhase({ isLive: true, startedAt: 'x' })).toBe('live');
    expect(matchPhase({ isLive: false, startedAt: 'x' })).toBe('ended');
    expect(matchPhase({ isLive: false, startedAt: null })).toBe('preparing');
    expect(matchStatePatch('preparing')).toEqual({ isLive: false, startedAt: null });
    expect(matchStatePatch('live')).toEqual({ isLive: true });
    expect(matchStatePatch('ended')).toEqual({ isLive: false });
    expect(canChooseState({ isLive: false, startedAt: null }, 'ended')).toBe(false);
    expect(canChooseState({ isLive: true, startedAt: 'x' }, 'ended')).toBe(true);
  });
});

describe('match details', () => {
  const today = '2026-11-21';
  const schema = matchDetailsSchema(today);

  it('has the product defaults', () => {
    expect(defaultMatchDetails('Old Trafford', today)).toMatchObject({
      venueChoice: 'Old Trafford',
      tournament: 'Premier League',
      kickOffTime: '15:00',
      scheduledDate: today,
    });
  });

  it('requires an opponent, a custom name for Other, and a date not before today', () => {
    const base = defaultMatchDetails('Old Trafford', today);
    expect(schema.safeParse(base).error?.issues[0]?.message).toBe('Opponent is required');
    const custom = schema.safeParse({ ...base, opponentChoice: OTHER_CUSTOM });
    expect(custom.error?.issues.map((i) => i.path.join('.'))).toEqual(['customOpponent']);
    const past = schema.safeParse({ ...base, opponentChoice: 'Arsenal', scheduledDate: '2026-11-20' });
    expect(past.error?.issues[0]?.message).toBe('Match date cannot be in the past');
    expect(schema.safeParse({ ...base, opponentChoice: 'Arsenal' }).success).toBe(true);
  });

  it('builds the contract body and reports the contract first message', () => {
    const base = defaultMatchDetails('Old Trafford', today);
    const result = toCreateMatchBody(
      { ...base, opponentChoice: OTHER_CUSTOM, customOpponent: ' Real Madrid ', venueChoice: 'Anfield' },
      'Manchester United',
    );
    expect(result).toEqual({
      ok: true,
      body: {
        opponent: 'Real Madrid',
        venue: 'Anfield',
        tournament: 'Premier League',
        scheduledDate: today,
        kickOffTime: '15:00',
        title: 'Manchester United vs Real Madrid',
      },
    });
    const bad = toCreateMatchBody({ ...base, opponentChoice: 'Arsenal', kickOffTime: '09:00' }, 'X');
    expect(bad).toEqual({ ok: false, message: KICK_OFF_MESSAGE });
  });

  it('refuses impossible calendar dates before sending (2027-02-30, 2026-13-01), takes 2028-02-29', () => {
    const base = { ...defaultMatchDetails('Old Trafford', today), opponentChoice: 'Arsenal' };
    for (const scheduledDate of ['2027-02-30', '2026-13-01'])
      expect(toCreateMatchBody({ ...base, scheduledDate }, 'X'), scheduledDate).toEqual({
        ok: false,
        message: 'Match date must be a real date (YYYY-MM-DD)',
      });
    expect(toCreateMatchBody({ ...base, scheduledDate: '2028-02-29' }, 'X').ok).toBe(true);
  });

  it('writes the announcement with the club and the opponent', () => {
    expect(announcementText('Manchester United', 'Arsenal')).toBe(
      'Manchester United Vs Arsenal Player Ratings! Voting will open after approximately 75 minutes of play.',
    );
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
