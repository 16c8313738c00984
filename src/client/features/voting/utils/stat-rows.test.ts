import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import type { SeasonStats } from '@shared/players';
import { describe, expect, it } from 'vitest';
import { statRole, statRowsFor } from './stat-rows';

const stats: SeasonStats = {
  playerId: 1,
  seasonLabel: '2024/25',
  averageRating: 7.25,
  matchesRated: 3,
  ratingCount: 40,
  motmAwards: 1,
  recentForm: [],
};

const labels = (rows: { label: string }[]) => rows.map((r) => r.label);

describe('statRole', () => {
  it('reads the role from the manager flag and the position group', () => {
    expect(statRole({ isManager: true, position: 'Manager' })).toBe('manager');
    expect(statRole({ isManager: false, position: 'Goalkeeper' })).toBe('goalkeeper');
    expect(statRole({ isManager: false, position: 'Left Winger' })).toBe('forward');
    expect(statRole({ isManager: false, position: 'Right-Back' })).toBe('defender');
    expect(statRole({ isManager: false, position: 'Attacking Midfield' })).toBe('midfielder');
  });
});

describe('statRowsFor', () => {
  loadCatalogsForTests();

  it('gives the manager his fields with only the fan average filled in', () => {
    const rows = statRowsFor({ isManager: true, position: 'Manager' }, stats);
    expect(labels(rows)).toEqual([
      'Matches',
      'Wins',
      'Draws',
      'Losses',
      'Win rate',
      'Tactics used',
      'Trophies',
      'Average rating',
    ]);
    expect(rows.filter((r) => r.value !== null)).toEqual([{ label: 'Average rating', value: '7.3' }]);
  });

  it('gives goalkeepers theirs, all unknown', () => {
    const rows = statRowsFor({ isManager: false, position: 'Goalkeeper' }, stats);
    expect(labels(rows)).toContain('Penalties saved');
    expect(rows.every((r) => r.value === null)).toBe(true);
  });

  it('adds the extra fields of forwards and defenders', () => {
    expect(labels(statRowsFor({ isManager: false, position: 'Striker' }, stats))).toEqual(
      expect.arrayContaining(['Shots on target', 'Dribbles', 'Yellow cards']),
    );
    const defender = labels(statRowsFor({ isManager: false, position: 'Centre-Back' }, stats));
    expect(defender).toEqual(expect.arrayContaining(['Clean sheets', 'Blocks']));
    expect(defender).not.toContain('Dribbles');
    expect(labels(statRowsFor({ isManager: false, position: 'Central Midfield' }, stats))).toHaveLength(8);
  });

  it('shows no average when nobody rated the player', () => {
    const rows = statRowsFor({ isManager: false, position: 'Striker' }, { ...stats, averageRating: null });
    expect(rows.every((r) => r.value === null)).toBe(true);
  });
});
