/**
 * A match day as the API-Football v3 provider would see it: our squad, its coach and a few fixtures,
 * each with a script of what happens when. The fake provider (`football-fixture-server.ts`) reads it at
 * its clock's `now`, so a test walks a whole day by moving that clock.
 */

export type ProviderPosition = 'Goalkeeper' | 'Defender' | 'Midfielder' | 'Attacker';

export interface ProviderPlayer {
  id: number;
  name: string;
  number: number | null;
  position: ProviderPosition;
  age: number;
}

export interface ProviderCoach {
  id: number;
  name: string;
}

export type FixtureStatusShort = 'TBD' | 'NS' | '1H' | 'HT' | '2H' | 'FT' | 'PST' | 'SUSP' | 'ABD' | 'CANC';

export type ScriptStep =
  | { at: number; status: FixtureStatusShort }
  /**
   * `ours` is the scorer's side. An own goal ('Own Goal', scored by one of `ours`' players) counts for the
   * other side, as on the pitch.
   */
  | {
      at: number;
      goal: {
        ours: boolean;
        playerId: number;
        assistId?: number;
        detail?: 'Normal Goal' | 'Own Goal' | 'Penalty';
      };
    }
  /** VAR: the latest standing goal of that player is cancelled (type 'Var', detail 'Goal cancelled'); the score drops. */
  | { at: number; cancelGoal: { ours: boolean; playerId: number } }
  /** In the provider's event, `player` is the one going OFF and `assist` the one coming ON. */
  | { at: number; subst: { ours: boolean; off: number; on: number } }
  | { at: number; card: { ours: boolean; playerId: number; detail: 'Yellow Card' | 'Red Card' } }
  /** A new kick-off (ISO, UTC); the status goes back to NS. */
  | { at: number; reschedule: string };

export interface ScriptedFixture {
  id: number;
  /** ISO 8601 UTC kick-off; `at` in the script counts real minutes from it (negative before). */
  kickoff: string;
  /** Our team plays at home. */
  home: boolean;
  opponent: { id: number; name: string };
  venue: { id: number; name: string; city: string };
  league: { id: number; name: string; country: string; season: number; round: string };
  lineup?: { formation: string; startXI: number[]; substitutes: number[]; announceMinutes: number };
  script: ScriptStep[];
}

export interface FootballWorld {
  team: { id: number; name: string };
  season: number;
  squad: ProviderPlayer[];
  coach: ProviderCoach;
  fixtures: ScriptedFixture[];
}

export const THE_MATCH_ID = 1208021;
/** Away a week after the match: postponed two days before, then moved three days later. */
export const POSTPONED_FIXTURE_ID = 1208033;
/** At home a fortnight after the match: nothing happens to it. */
export const LATER_FIXTURE_ID = 1208047;

export const OUR_TEAM = { id: 33, name: 'Manchester United' } as const;
export const THE_MATCH_OPPONENT = { id: 40, name: 'Liverpool' } as const;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Our squad, by the names the provider's squad endpoint gives; ids are made up but provider-sized. */
const SQUAD: ProviderPlayer[] = [
  { id: 50132, name: 'André Onana', number: 24, position: 'Goalkeeper', age: 29 },
  { id: 162489, name: 'Altay Bayındır', number: 1, position: 'Goalkeeper', age: 27 },
  { id: 20355, name: 'Tom Heaton', number: 22, position: 'Goalkeeper', age: 39 },
  { id: 18846, name: 'Diogo Dalot', number: 20, position: 'Defender', age: 26 },
  { id: 51494, name: 'Matthijs de Ligt', number: 4, position: 'Defender', age: 25 },
  { id: 47380, name: 'Lisandro Martínez', number: 6, position: 'Defender', age: 27 },
  { id: 20219, name: 'Harry Maguire', number: 5, position: 'Defender', age: 32 },
  { id: 19118, name: 'Luke Shaw', number: 23, position: 'Defender', age: 30 },
  { id: 37145, name: 'Noussair Mazraoui', number: 3, position: 'Defender', age: 27 },
  { id: 343027, name: 'Leny Yoro', number: 15, position: 'Defender', age: 19 },
  { id: 284322, name: 'Harry Amass', number: null, position: 'Defender', age: 18 },
  { id: 10284, name: 'Bruno Fernandes', number: 8, position: 'Midfielder', age: 30 },
  { id: 284324, name: 'Kobbie Mainoo', number: 37, position: 'Midfielder', age: 20 },
  { id: 16629, name: 'Manuel Ugarte', number: 25, position: 'Midfielder', age: 24 },
  { id: 747, name: 'Casemiro', number: 18, position: 'Midfielder', age: 33 },
  { id: 10187, name: 'Christian Eriksen', number: 14, position: 'Midfielder', age: 33 },
  { id: 19220, name: 'Mason Mount', number: 7, position: 'Midfielder', age: 26 },
  { id: 305834, name: 'Toby Collyer', number: 43, position: 'Midfielder', age: 21 },
  { id: 284318, name: 'Daniel Gore', number: 64, position: 'Midfielder', age: 20 },
  { id: 909, name: 'Marcus Rashford', number: 10, position: 'Attacker', age: 27 },
  { id: 288006, name: 'Rasmus Højlund', number: 9, position: 'Attacker', age: 22 },
  { id: 284319, name: 'Alejandro Garnacho', number: 17, position: 'Attacker', age: 20 },
  { id: 30417, name: 'Joshua Zirkzee', number: 11, position: 'Attacker', age: 23 },
  { id: 18772, name: 'Amad Diallo', number: 16, position: 'Attacker', age: 22 },
  { id: 382470, name: 'Chido Obi', number: 32, position: 'Attacker', age: 17 },
];

const COACH: ProviderCoach = { id: 4713, name: 'Rúben Amorim' };

function byName(name: string): number {
  const player = SQUAD.find((p) => p.name === name);
  if (!player) throw new Error(`No squad player named ${name}`);
  return player.id;
}

const FIRST_NAMES = ['Jordan', 'Luca', 'Mateo', 'Kai', 'Noah', 'Theo', 'Elias', 'Rafael', 'Tomás', 'Ivan'];
const SURNAMES = [
  'Hartley',
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Castell',
  'Brennan',
  'Adeyemi',
  'Varga',
  'Sørensen',
  'Quintero',
  'Whitlock',
  'Nakamura',
  'Delgado',
  'Fairbanks',
  'Mbeki',
  'Holm',
  'Pereira',
  'Ashworth',
];
/** The shape of every made-up opponent squad: an XI in 4-3-3 order, then a bench of seven. */
const OPPONENT_SHAPE: ProviderPosition[] = [
  'Goalkeeper',
  'Defender',
  'Defender',
  'Defender',
  'Defender',
  'Midfielder',
  'Midfielder',
  'Midfielder',
  'Attacker',
  'Attacker',
  'Attacker',
  'Goalkeeper',
  'Defender',
  'Defender',
  'Midfielder',
  'Midfielder',
  'Attacker',
  'Attacker',
];

/**
 * Made-up players for an opponent, the same for the same team id, so a script can name the scorer and
 * the fake's lineups and events agree on who that is. Ids live in their own range (7xxxxx) so they never
 * collide with ours.
 */
export function opponentSquad(opponent: { id: number }): ProviderPlayer[] {
  return OPPONENT_SHAPE.map((position, index) => ({
    id: 700_000 + opponent.id * 100 + index + 1,
    name: `${FIRST_NAMES[(opponent.id + index) % FIRST_NAMES.length]} ${SURNAMES[(opponent.id * 7 + index) % SURNAMES.length]}`,
    number: index === 0 ? 1 : index + 2,
    position,
    age: 19 + ((opponent.id + index * 5) % 15),
  }));
}

export function opponentCoach(opponent: { id: number }): ProviderCoach {
  return { id: 9_000 + opponent.id, name: `${SURNAMES[opponent.id % SURNAMES.length]} Senior` };
}

/** Kick-off and the real instants of a fixture's script minutes, in epoch milliseconds. */
export function scriptTimes(fixture: Pick<ScriptedFixture, 'kickoff'>): {
  kickoff: number;
  at(minute: number): number;
} {
  const kickoff = Date.parse(fixture.kickoff);
  return { kickoff, at: (minute) => kickoff + minute * MINUTE };
}

function seasonOf(date: Date): number {
  // The provider names a European season by the year it starts in, and it starts in the summer.
  return date.getUTCMonth() >= 6 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
}

/**
 * Our match day against Liverpool at `kickoff`, plus the next two fixtures. THE MATCH runs a little
 * longer than 90 real minutes (stoppage time, a 16-minute break) so the clock shows `extra`:
 *
 * - -35 lineups; 0 kick-off; 23 our goal; 30 their yellow; 47 half-time; 63 second half;
 * - 79 our first change; 88 their goal; 93 our second change; 99 our goal, cancelled by VAR at 101;
 * - 112 full time: 2-1 on the way, 1-1 in the end.
 */
export function matchDayWorld(kickoff: Date): FootballWorld {
  const season = seasonOf(kickoff);
  const them = opponentSquad(THE_MATCH_OPPONENT);
  const theirs = (index: number) => {
    const player = them[index];
    if (!player) throw new Error(`No opponent player at ${index}`);
    return player.id;
  };
  const premierLeague = (round: number) => ({
    id: 39,
    name: 'Premier League',
    country: 'England',
    season,
    round: `Regular Season - ${round}`,
  });
  const oldTrafford = { id: 556, name: 'Old Trafford', city: 'Manchester' };
  const daysLater = (days: number) => new Date(kickoff.getTime() + days * DAY);
  const postponedKickoff = daysLater(7);

  return {
    team: { ...OUR_TEAM },
    season,
    squad: SQUAD.map((player) => ({ ...player })),
    coach: { ...COACH },
    fixtures: [
      {
        id: THE_MATCH_ID,
        kickoff: kickoff.toISOString(),
        home: true,
        opponent: { ...THE_MATCH_OPPONENT },
        venue: oldTrafford,
        league: premierLeague(14),
        lineup: {
          formation: '4-2-3-1',
          // In the order the grid is filled: keeper, back four right to left, the two, the three, the one.
          startXI: [
            'André Onana',
            'Diogo Dalot',
            'Matthijs de Ligt',
            'Lisandro Martínez',
            'Luke Shaw',
            'Manuel Ugarte',
            'Kobbie Mainoo',
            'Amad Diallo',
            'Bruno Fernandes',
            'Alejandro Garnacho',
            'Rasmus Højlund',
          ].map(byName),
          substitutes: [
            'Altay Bayındır',
            'Harry Maguire',
            'Noussair Mazraoui',
            'Leny Yoro',
            'Casemiro',
            'Christian Eriksen',
            'Mason Mount',
            'Joshua Zirkzee',
            'Marcus Rashford',
          ].map(byName),
          announceMinutes: 35,
        },
        script: [
          { at: -1440, status: 'NS' },
          { at: 0, status: '1H' },
          {
            at: 23,
            goal: { ours: true, playerId: byName('Bruno Fernandes'), assistId: byName('Amad Diallo') },
          },
          { at: 30, card: { ours: false, playerId: theirs(6), detail: 'Yellow Card' } },
          { at: 47, status: 'HT' },
          { at: 63, status: '2H' },
          { at: 79, subst: { ours: true, off: byName('Rasmus Højlund'), on: byName('Joshua Zirkzee') } },
          { at: 88, goal: { ours: false, playerId: theirs(9), assistId: theirs(7) } },
          { at: 93, subst: { ours: true, off: byName('Alejandro Garnacho'), on: byName('Mason Mount') } },
          {
            at: 99,
            goal: { ours: true, playerId: byName('Joshua Zirkzee'), assistId: byName('Mason Mount') },
          },
          { at: 101, cancelGoal: { ours: true, playerId: byName('Joshua Zirkzee') } },
          { at: 112, status: 'FT' },
        ],
      },
      {
        id: POSTPONED_FIXTURE_ID,
        kickoff: postponedKickoff.toISOString(),
        home: false,
        opponent: { id: 42, name: 'Arsenal' },
        venue: { id: 494, name: 'Emirates Stadium', city: 'London' },
        league: premierLeague(15),
        script: [
          { at: -20_160, status: 'NS' },
          { at: -2880, status: 'PST' },
          { at: -2000, reschedule: new Date(postponedKickoff.getTime() + 3 * DAY).toISOString() },
        ],
      },
      {
        id: LATER_FIXTURE_ID,
        kickoff: daysLater(14).toISOString(),
        home: true,
        opponent: { id: 49, name: 'Chelsea' },
        venue: oldTrafford,
        league: premierLeague(16),
        script: [{ at: -20_160, status: 'NS' }],
      },
    ],
  };
}
