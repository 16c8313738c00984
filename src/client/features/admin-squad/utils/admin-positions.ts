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

export const POSITION_FILTERS: { value: PositionFilter; label: string }[] = [
  { value: 'all', label: 'All positions' },
  { value: 'Goalkeeper', label: 'Goalkeepers' },
  { value: 'Defender', label: 'Defenders' },
  { value: 'Midfielder', label: 'Midfielders' },
  { value: 'Forward', label: 'Forwards' },
];
