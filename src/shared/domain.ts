/** Domain constants (positions, limits, defaults), shared by server and page. */

export const POSITIONS = [
  'Goalkeeper',
  'Centre-Back',
  'Left-Back',
  'Right-Back',
  'Defensive Midfield',
  'Central Midfield',
  'Attacking Midfield',
  'Left Midfield',
  'Right Midfield',
  'Left Winger',
  'Right Winger',
  'Centre-Forward',
  'Striker',
  'Manager',
] as const;
export type Position = (typeof POSITIONS)[number];

export const POSITION_ABBREVIATIONS: Record<Position, string> = {
  Goalkeeper: 'GK',
  'Centre-Back': 'CB',
  'Left-Back': 'LB',
  'Right-Back': 'RB',
  'Defensive Midfield': 'DM',
  'Central Midfield': 'CM',
  'Attacking Midfield': 'AM',
  'Left Midfield': 'LM',
  'Right Midfield': 'RM',
  'Left Winger': 'LW',
  'Right Winger': 'RW',
  'Centre-Forward': 'CF',
  Striker: 'ST',
  Manager: 'HC',
};

export type PositionGroup = 'Goalkeeper' | 'Defender' | 'Midfielder' | 'Forward' | 'Manager';

const GROUP_BY_POSITION: Record<string, PositionGroup> = {
  Goalkeeper: 'Goalkeeper',
  'Left-Back': 'Defender',
  'Right-Back': 'Defender',
  'Centre-Back': 'Defender',
  Defender: 'Defender',
  'Central Midfield': 'Midfielder',
  'Attacking Midfield': 'Midfielder',
  'Defensive Midfield': 'Midfielder',
  'Left Midfield': 'Midfielder',
  'Right Midfield': 'Midfielder',
  Midfielder: 'Midfielder',
  'Centre-Forward': 'Forward',
  'Left Winger': 'Forward',
  'Right Winger': 'Forward',
  Striker: 'Forward',
  Forward: 'Forward',
  Manager: 'Manager',
};

export function positionGroup(position: string): PositionGroup | undefined {
  return GROUP_BY_POSITION[position];
}

export const RATING_MIN = 1;
export const RATING_MAX = 10;
export const LEADERBOARD_SIZE = 10;
export const STARTING_XI_MAX = 11;
export const SUBSTITUTES_MAX = 5;
export const MANAGERS_MAX = 1;
export const PASSWORD_MIN_LENGTH = 8;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const HISTORY_PAGE_SIZE = 10;

export const TOURNAMENTS = [
  'Premier League',
  'FA Cup',
  'Carabao Cup',
  'Europa League',
  'Champions League',
] as const;

export const DEFAULT_CLUB_NAME = 'Manchester United';
export const DEFAULT_VENUE = 'Old Trafford';
export const DEFAULT_TOURNAMENT = 'Premier League';
export const DEFAULT_KICK_OFF = '15:00';
export const COPYRIGHT_YEAR = 2025;
/** The month (1-12) a club's season starts in, unless the club says otherwise: August. */
export const DEFAULT_SEASON_START_MONTH = 8;

export interface Season {
  /** Both years: '2025/26'. */
  label: string;
  /** The same for a URL: '2025-26'. */
  slug: string;
  /** First day, and the day after the last (YYYY-MM-DD). */
  start: string;
  end: string;
}

/** A season's label as its URL form: '2025/26' is '2025-26'. */
export const seasonSlug = (label: string) => label.replace('/', '-');

/** The season a day falls in: a year from its start month (August to July by default). */
export function seasonOf(date: Date, startMonth = DEFAULT_SEASON_START_MONTH): Season {
  const year = date.getUTCFullYear();
  const first = date.getUTCMonth() + 1 >= startMonth ? year : year - 1;
  const second = String((first + 1) % 100).padStart(2, '0');
  const month = String(startMonth).padStart(2, '0');
  return {
    label: `${first}/${second}`,
    slug: seasonSlug(`${first}/${second}`),
    start: `${first}-${month}-01`,
    end: `${first + 1}-${month}-01`,
  };
}
export const RECENT_FORM_SIZE = 5;

/** Bumped when the privacy policy changes; a fan's consent records the version they accepted. */
export const PRIVACY_POLICY_VERSION = '2025-09-03';
export const PRIVACY_UPDATED = 'September 3, 2025';
export const TERMS_UPDATED = 'October 7, 2025';
