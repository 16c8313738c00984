import type { Position } from '@shared/domain';
import { i18n } from './i18n';

// Literal keys, so the catalogue test sees each in use.
const NAME = {
  Goalkeeper: 'common.position.goalkeeper',
  'Centre-Back': 'common.position.centreBack',
  'Left-Back': 'common.position.leftBack',
  'Right-Back': 'common.position.rightBack',
  'Defensive Midfield': 'common.position.defensiveMidfield',
  'Central Midfield': 'common.position.centralMidfield',
  'Attacking Midfield': 'common.position.attackingMidfield',
  'Left Midfield': 'common.position.leftMidfield',
  'Right Midfield': 'common.position.rightMidfield',
  'Left Winger': 'common.position.leftWinger',
  'Right Winger': 'common.position.rightWinger',
  'Centre-Forward': 'common.position.centreForward',
  Striker: 'common.position.striker',
  Manager: 'common.position.manager',
} as const satisfies Record<Position, string>;

const SHORT = {
  Goalkeeper: 'common.positionShort.goalkeeper',
  'Centre-Back': 'common.positionShort.centreBack',
  'Left-Back': 'common.positionShort.leftBack',
  'Right-Back': 'common.positionShort.rightBack',
  'Defensive Midfield': 'common.positionShort.defensiveMidfield',
  'Central Midfield': 'common.positionShort.centralMidfield',
  'Attacking Midfield': 'common.positionShort.attackingMidfield',
  'Left Midfield': 'common.positionShort.leftMidfield',
  'Right Midfield': 'common.positionShort.rightMidfield',
  'Left Winger': 'common.positionShort.leftWinger',
  'Right Winger': 'common.positionShort.rightWinger',
  'Centre-Forward': 'common.positionShort.centreForward',
  Striker: 'common.positionShort.striker',
  Manager: 'common.positionShort.manager',
} as const satisfies Record<Position, string>;

/** A position's name in the language being read; one the product does not know is shown as stored. */
export function positionName(position: string): string {
  const key = NAME[position as Position];
  return key ? i18n._(key) : position;
}

/** A position's short form (GK, DC...) in the language being read. */
export function positionShort(position: string): string {
  const key = SHORT[position as Position];
  return key ? i18n._(key) : position;
}
