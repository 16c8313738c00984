import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import type { Player } from '@shared/players';
import { describe, expect, it } from 'vitest';
import { groupPlayers, motmCandidates, playerGroupKey } from './group-players';

let nextId = 1;
function player(name: string, position: string, extra: Partial<Player> = {}): Player {
  return {
    id: nextId++,
    name,
    position,
    image: null,
    jerseyNumber: null,
    isManager: false,
    isSubstitute: false,
    isAvailableForRating: true,
    isActive: true,
    apiPlayerId: null,
    ...extra,
  };
}

describe('playerGroupKey', () => {
  it('maps positions to their group', () => {
    expect(playerGroupKey(player('a', 'Goalkeeper'))).toBe('goalkeepers');
    expect(playerGroupKey(player('a', 'Left-Back'))).toBe('defenders');
    expect(playerGroupKey(player('a', 'Centre-Back'))).toBe('defenders');
    expect(playerGroupKey(player('a', 'Defensive Midfield'))).toBe('midfielders');
    expect(playerGroupKey(player('a', 'Right Midfield'))).toBe('midfielders');
    expect(playerGroupKey(player('a', 'Left Winger'))).toBe('forwards');
    expect(playerGroupKey(player('a', 'Striker'))).toBe('forwards');
    expect(playerGroupKey(player('a', 'Centre-Forward'))).toBe('forwards');
  });

  it('lists substitutes together whatever their position, and the manager apart', () => {
    expect(playerGroupKey(player('a', 'Goalkeeper', { isSubstitute: true }))).toBe('substitutes');
    expect(playerGroupKey(player('a', 'Striker', { isSubstitute: true }))).toBe('substitutes');
    expect(playerGroupKey(player('a', 'Manager', { isManager: true }))).toBe('manager');
    expect(playerGroupKey(player('a', 'Manager', { isManager: true, isSubstitute: true }))).toBe('manager');
  });
});

describe('groupPlayers', () => {
  loadCatalogsForTests();

  it('orders the groups as the spec lists them and leaves out empty ones', () => {
    const groups = groupPlayers([
      player('Boss', 'Manager', { isManager: true }),
      player('Sub Keeper', 'Goalkeeper', { isSubstitute: true }),
      player('Nine', 'Striker', { jerseyNumber: 9 }),
      player('Six', 'Central Midfield', { jerseyNumber: 6 }),
      player('Keeper', 'Goalkeeper', { jerseyNumber: 1 }),
    ]);
    expect(groups.map((g) => g.title)).toEqual([
      'Goalkeepers',
      'Midfielders',
      'Forwards',
      'SUBSTITUTES',
      'Manager (1)',
    ]);
    expect(groups[0]?.players.map((p) => p.name)).toEqual(['Keeper']);
  });

  it('sorts a group by shirt number, then name, numberless last', () => {
    const [defenders] = groupPlayers([
      player('Zed', 'Left-Back'),
      player('Five', 'Centre-Back', { jerseyNumber: 5 }),
      player('Two', 'Right-Back', { jerseyNumber: 2 }),
      player('Adam', 'Centre-Back'),
    ]);
    expect(defenders?.players.map((p) => p.name)).toEqual(['Two', 'Five', 'Adam', 'Zed']);
  });

  it('returns nothing for no players', () => {
    expect(groupPlayers([])).toEqual([]);
  });
});

describe('motmCandidates', () => {
  it('leaves out the manager', () => {
    const list = [player('Boss', 'Manager', { isManager: true }), player('Nine', 'Striker')];
    expect(motmCandidates(list).map((p) => p.name)).toEqual(['Nine']);
  });
});
