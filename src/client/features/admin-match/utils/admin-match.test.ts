import { i18n } from '@client/lib/i18n/i18n';
import { formMessage } from '@client/lib/i18n/messages';
import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import { formatScore } from '@client/lib/match-format';
import { KICK_OFF_MESSAGE } from '@shared/matches';
import { matchPhase } from '@shared/rules';
import { describe, expect, it } from 'vitest';
import { announcementText, localToday } from './announcement';
import { findClub, homeVenue, OTHER_CUSTOM, opponentOptions, venueOptions } from './clubs';
import { kickOffOptions } from './kick-off';
import { defaultMatchDetails, matchDetailsSchema, toCreateMatchBody } from './match-details';
import { canChooseState, matchStatePatch, stateConfirmation } from './match-state';
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
  // Newer ICU puts a narrow no-break space before AM/PM: compare with plain spaces.
  const label = (options: { value: string; label: string }[], value: string) =>
    options.find((o) => o.value === value)?.label.replace(/\s/g, ' ');

  it('runs from 10:00 to 21:45 in 15-minute steps, labelled as the locale writes times', () => {
    const us = kickOffOptions('en-US');
    expect(us).toHaveLength(48);
    expect(us[0]?.value).toBe('10:00');
    expect(us.at(-1)?.value).toBe('21:45');
    expect(label(us, '10:00')).toBe('10:00 AM');
    expect(label(us, '21:45')).toBe('9:45 PM');
    expect(label(us, '12:15')).toBe('12:15 PM');
    expect(label(kickOffOptions('en-GB'), '15:00')).toBe('15:00');
    for (const o of us) expect(o.value).toMatch(/^(1\d|2[01]):(00|15|30|45)$/);
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
  loadCatalogsForTests();

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

  it('asks before going live, ending, reopening or resetting, and says what it does to every fan', () => {
    const live = stateConfirmation('preparing', 'live');
    expect(live?.confirmLabel).toBe('Go Live');
    expect(live?.description).toMatch(/gets a notification now/);
    expect(stateConfirmation('live', 'live')).toBeNull();
    const end = stateConfirmation('live', 'ended');
    expect(end?.confirmLabel).toBe('End Match');
    expect(end?.description).toMatch(/Voting closes for every fan/);
    const reopen = stateConfirmation('ended', 'live');
    expect(reopen?.confirmLabel).toBe('Reopen Voting');
    expect(reopen?.description).toMatch(
      /Voting opens again for every fan who has not submitted a final vote/,
    );
    expect(reopen?.description).toMatch(/results are hidden again from fans who have not voted/);
    expect(stateConfirmation('live', 'preparing')?.description).toMatch(/^Voting closes for every fan/);
    expect(stateConfirmation('ended', 'preparing')?.description).toMatch(/^The match shows as Not Started/);
  });
});

describe('match details', () => {
  loadCatalogsForTests();
  const today = '2026-11-21';
  const schema = matchDetailsSchema(today, 'en-GB');
  const defaults = (locale = 'en-GB') => defaultMatchDetails('Old Trafford', today, locale);

  it('has the product defaults, the date written in the locale order', () => {
    expect(defaults()).toMatchObject({
      venueChoice: 'Old Trafford',
      tournament: 'Premier League',
      kickOffTime: '15:00',
      scheduledDate: '21/11/2026',
    });
    expect(defaults('en-US').scheduledDate).toBe('11/21/2026');
  });

  it('reads the typed date in the locale order and says the order when it cannot', () => {
    const base = { ...defaults(), opponentChoice: 'Arsenal' };
    expect(toCreateMatchBody({ ...base, scheduledDate: '05/12/2026' }, 'X', 'en-GB')).toMatchObject({
      ok: true,
      body: { scheduledDate: '2026-12-05' },
    });
    expect(toCreateMatchBody({ ...base, scheduledDate: '12/05/2026' }, 'X', 'en-US')).toMatchObject({
      ok: true,
      body: { scheduledDate: '2026-12-05' },
    });
    const typo = schema.safeParse({ ...base, scheduledDate: '5 Dec' });
    expect(typo.error?.issues[0]?.message).toBe('Enter the match date as DD/MM/YYYY');
  });

  it('requires an opponent, a custom name for Other, and a date not before today', () => {
    const base = defaults();
    // The schema's own messages are catalogue keys, which the form field translates.
    const required = schema.safeParse(base).error?.issues[0]?.message ?? '';
    expect(i18n._(required)).toBe('Opponent is required');
    const custom = schema.safeParse({ ...base, opponentChoice: OTHER_CUSTOM });
    expect(custom.error?.issues.map((i) => i.path.join('.'))).toEqual(['customOpponent']);
    const past = schema.safeParse({ ...base, opponentChoice: 'Arsenal', scheduledDate: '20/11/2026' });
    expect(formMessage(past.error?.issues[0]?.message)).toBe('Match date cannot be in the past');
    expect(schema.safeParse({ ...base, opponentChoice: 'Arsenal' }).success).toBe(true);
  });

  it('builds the contract body and reports the contract first message', () => {
    const base = defaults();
    const result = toCreateMatchBody(
      { ...base, opponentChoice: OTHER_CUSTOM, customOpponent: ' Real Madrid ', venueChoice: 'Anfield' },
      'Manchester United',
      'en-GB',
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
    const bad = toCreateMatchBody({ ...base, opponentChoice: 'Arsenal', kickOffTime: '09:00' }, 'X', 'en-GB');
    expect(bad).toEqual({ ok: false, message: KICK_OFF_MESSAGE });
  });

  it('refuses impossible calendar dates before sending (30/02/2027, 01/13/2026), takes 29/02/2028', () => {
    const base = { ...defaults(), opponentChoice: 'Arsenal' };
    for (const scheduledDate of ['30/02/2027', '01/13/2026', '2027-02-30'])
      expect(toCreateMatchBody({ ...base, scheduledDate }, 'X', 'en-GB'), scheduledDate).toEqual({
        ok: false,
        message: 'Enter the match date as DD/MM/YYYY',
      });
    expect(toCreateMatchBody({ ...base, scheduledDate: '29/02/2028' }, 'X', 'en-GB').ok).toBe(true);
    expect(toCreateMatchBody({ ...base, scheduledDate: '2028-02-29' }, 'X', 'en-GB').ok).toBe(true);
  });

  it('writes the announcement with the club and the opponent', () => {
    expect(announcementText('Manchester United', 'Arsenal')).toBe(
      'Manchester United Vs Arsenal Player Ratings! Voting will open after approximately 75 minutes of play.',
    );
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
