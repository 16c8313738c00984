import type { Position, PositionGroup } from '@shared/domain';

/** The positions an admin picks from when adding or editing a player. */
export const ADMIN_POSITIONS = [
  'Goalkeeper',
  'Centre-Back',
  'Left-Back',
  'Right-Back',
  'Central Midfield',
  'Defensive Midfield',
  'Attacking Midfield',
  'Left Winger',
  'Right Winger',
  'Striker',
  'Manager',
] as const satisfies readonly Position[];

/** The admin list, plus a player's current position when it is not in it (so editing never drops it). */
export function positionChoices(current?: string): string[] {
  const list: string[] = [...ADMIN_POSITIONS];
  return current && !list.includes(current) ? [...list, current] : list;
}

export type PositionFilter = 'all' | Exclude<PositionGroup, 'Manager'>;

/** Catalogue keys, translated where the filter is drawn. */
export const POSITION_FILTERS = [
  { value: 'all', labelKey: 'admin-squad.filter.all' },
  { value: 'Goalkeeper', labelKey: 'admin-squad.filter.goalkeepers' },
  { value: 'Defender', labelKey: 'admin-squad.filter.defenders' },
  { value: 'Midfielder', labelKey: 'admin-squad.filter.midfielders' },
  { value: 'Forward', labelKey: 'admin-squad.filter.forwards' },
] as const satisfies readonly { value: PositionFilter; labelKey: string }[];
