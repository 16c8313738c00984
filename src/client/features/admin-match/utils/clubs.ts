import { DEFAULT_VENUE } from '@shared/domain';

/** The 2025/26 Premier League clubs and their grounds. */
export const PREMIER_LEAGUE_CLUBS = [
  { name: 'Arsenal', stadium: 'Emirates Stadium' },
  { name: 'Aston Villa', stadium: 'Villa Park' },
  { name: 'AFC Bournemouth', stadium: 'Vitality Stadium' },
  { name: 'Brentford', stadium: 'Gtech Community Stadium' },
  { name: 'Brighton & Hove Albion', stadium: 'American Express Stadium' },
  { name: 'Burnley', stadium: 'Turf Moor' },
  { name: 'Chelsea', stadium: 'Stamford Bridge' },
  { name: 'Crystal Palace', stadium: 'Selhurst Park' },
  { name: 'Everton', stadium: 'Hill Dickinson Stadium' },
  { name: 'Fulham', stadium: 'Craven Cottage' },
  { name: 'Leeds United', stadium: 'Elland Road' },
  { name: 'Liverpool', stadium: 'Anfield' },
  { name: 'Manchester City', stadium: 'Etihad Stadium' },
  { name: 'Manchester United', stadium: 'Old Trafford' },
  { name: 'Newcastle United', stadium: "St James' Park" },
  { name: 'Nottingham Forest', stadium: 'City Ground' },
  { name: 'Sunderland', stadium: 'Stadium of Light' },
  { name: 'Tottenham Hotspur', stadium: 'Tottenham Hotspur Stadium' },
  { name: 'West Ham United', stadium: 'London Stadium' },
  { name: 'Wolverhampton Wanderers', stadium: 'Molineux' },
] as const;

/** The free-text choice's value (its label is translated where it is shown). */
export const OTHER_CUSTOM = 'Other (Custom)';

/** "Man Utd", "Manchester United FC" and "manchester united" are the same club. */
function normalise(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\b(a?fc)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const ALIASES: Record<string, string> = {
  'man utd': 'Manchester United',
  'man united': 'Manchester United',
  'man city': 'Manchester City',
  bournemouth: 'AFC Bournemouth',
  brighton: 'Brighton & Hove Albion',
  spurs: 'Tottenham Hotspur',
  tottenham: 'Tottenham Hotspur',
  wolves: 'Wolverhampton Wanderers',
  newcastle: 'Newcastle United',
  'west ham': 'West Ham United',
  leeds: 'Leeds United',
  forest: 'Nottingham Forest',
  villa: 'Aston Villa',
};

/** The league club a name stands for, if it is one. */
export function findClub(name: string): (typeof PREMIER_LEAGUE_CLUBS)[number] | undefined {
  const key = normalise(name);
  const alias = ALIASES[key];
  return PREMIER_LEAGUE_CLUBS.find((club) => normalise(club.name) === key || club.name === alias);
}

/** The opponents to choose from: every other league club (all twenty when ours is not one of them). */
export function opponentOptions(ourClub: string): string[] {
  const ours = findClub(ourClub);
  return PREMIER_LEAGUE_CLUBS.filter((club) => club !== ours).map((club) => club.name);
}

/** Our ground: the club's own stadium when it is a league club, else the product default. */
export function homeVenue(ourClub: string): string {
  return findClub(ourClub)?.stadium ?? DEFAULT_VENUE;
}

/** Our ground first, then the opponents' grounds in the same order as the opponent list. */
export function venueOptions(ourClub: string): string[] {
  const grounds = [homeVenue(ourClub), ...opponentOptions(ourClub).map((name) => findClub(name)?.stadium)];
  return [...new Set(grounds.filter((g): g is string => Boolean(g)))];
}

/** The ground of a chosen opponent, to suggest for an away match. */
export function stadiumOf(club: string): string | undefined {
  return findClub(club)?.stadium;
}
