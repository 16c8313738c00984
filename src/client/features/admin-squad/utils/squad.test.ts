import { ApiError } from '@client/lib/api-client';
import { errorText, formMessage } from '@client/lib/i18n/messages';
import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import { type Player, SQUAD_ERRORS } from '@shared/players';
import { UPLOAD_ERRORS } from '@shared/uploads';
import { describe, expect, it } from 'vitest';
import { ADMIN_POSITIONS, positionChoices } from './admin-positions';
import { playerFormSchema, playerImageProblem, toPlayerBody } from './player-form';
import { parseIdList, readIdList, SQUAD_SHORTLIST_KEY, writeIdList } from './shortlist-storage';
import { csvCell, squadCsv, squadExportFileName } from './squad-export';
import {
  isAddedSubstitute,
  publishBody,
  publishCheck,
  type Selection,
  selectionFromPublished,
  substituteBoxLocked,
  toggleStarter,
  toggleSubstitute,
} from './squad-selection';
import { publishFailedToast, refusalToast } from './squad-toasts';

function player(id: number, over: Partial<Player> = {}): Player {
  return {
    id,
    name: `Player ${id}`,
    position: 'Central Midfield',
    image: null,
    jerseyNumber: id,
    isManager: false,
    isSubstitute: false,
    isAvailableForRating: false,
    isActive: true,
    apiPlayerId: null,
    ...over,
  };
}

const outfield = Array.from({ length: 20 }, (_, i) => player(i + 1));
const managers = [player(100, { isManager: true, position: 'Manager' }), player(101, { isManager: true })];
const all = [...outfield, ...managers];
const byId = new Map(all.map((p) => [p.id, p]));
const empty: Selection = { squad: [], subs: [] };

describe('Starting XI limits', () => {
  it('accepts 11 players and refuses the 12th', () => {
    let selection = empty;
    for (const p of outfield.slice(0, 11)) {
      const result = toggleStarter(selection, p, true, byId);
      if (!result.ok) throw new Error('refused');
      selection = result.selection;
    }
    expect(selection.squad).toHaveLength(11);
    expect(toggleStarter(selection, outfield[11] as Player, true, byId)).toEqual({
      ok: false,
      reason: 'starter-limit',
    });
    // The manager does not count against the 11.
    const withManager = toggleStarter(selection, managers[0] as Player, true, byId);
    expect(withManager.ok).toBe(true);
    if (!withManager.ok) return;
    expect(toggleStarter(withManager.selection, managers[1] as Player, true, byId)).toEqual({
      ok: false,
      reason: 'manager-limit',
    });
  });

  it('unticks, ignores stale ids and moves a player between the XI and the substitutes', () => {
    const stale: Selection = { squad: [999, ...outfield.slice(0, 10).map((p) => p.id)], subs: [12] };
    const result = toggleStarter(stale, outfield[11] as Player, true, byId);
    expect(result).toEqual({ ok: true, selection: { squad: [...stale.squad, 12], subs: [] } });
    expect(toggleStarter(stale, { id: 1, isManager: false }, false, byId)).toMatchObject({
      ok: true,
      selection: { squad: [999, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    });
    expect(toggleSubstitute({ squad: [1, 2], subs: [] }, 2, true, byId)).toEqual({
      ok: true,
      selection: { squad: [1], subs: [2] },
    });
    expect(toggleSubstitute({ squad: [], subs: [2, 3] }, 2, false, byId)).toEqual({
      ok: true,
      selection: { squad: [], subs: [3] },
    });
  });
});

describe('substitutes', () => {
  it('takes 5 substitutes and refuses the 6th (stale ids do not count)', () => {
    const five: Selection = { squad: [], subs: [12, 13, 14, 15, 16, 999] };
    expect(toggleSubstitute(five, 17, true, byId)).toEqual({ ok: false, reason: 'substitute-limit' });
    expect(toggleSubstitute({ ...five, subs: [12, 13, 14, 15, 999] }, 17, true, byId).ok).toBe(true);
  });

  it('locks the Substitute box of a goalkeeper already added, until the substitutes list removes them', () => {
    const keeper = player(30, {
      position: 'Goalkeeper',
      isSubstitute: true,
      isAvailableForRating: true,
    });
    const picked: Selection = { squad: [], subs: [30, 31] };
    expect(substituteBoxLocked(picked, keeper)).toBe(true);
    // Removed from the list: the box is free to tick again.
    expect(substituteBoxLocked({ squad: [], subs: [31] }, keeper)).toBe(false);
    // Not yet added (picked, not published), or not a goalkeeper: free.
    expect(substituteBoxLocked(picked, { ...keeper, isAvailableForRating: false })).toBe(false);
    expect(substituteBoxLocked(picked, { ...keeper, id: 31, position: 'Striker' })).toBe(false);
  });

  it('knows which substitutes are published for rating', () => {
    expect(isAddedSubstitute(player(1, { isSubstitute: true, isAvailableForRating: true }))).toBe(true);
    expect(isAddedSubstitute(player(1, { isSubstitute: true }))).toBe(false);
    expect(isAddedSubstitute(player(1, { isAvailableForRating: true }))).toBe(false);
  });
});

describe('publishing', () => {
  loadCatalogsForTests();
  const published = all.map((p) =>
    p.id <= 11 || p.id === 100
      ? { ...p, isAvailableForRating: true }
      : p.id === 12 || p.id === 13
        ? { ...p, isAvailableForRating: true, isSubstitute: true }
        : p,
  );
  const xi = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

  it('starts the selection from what is published, and knows it is published', () => {
    const selection = selectionFromPublished(published);
    expect(selection).toEqual({ squad: [...xi, 100], subs: [12, 13] });
    const check = publishCheck(selection, published);
    expect(check).toMatchObject({ starters: 11, substitutes: 2, managers: 1, total: 14, published: true });
    expect(check.errors).toEqual([]);
    expect(check.warnings).toEqual([]);
  });

  it('publishes the XI, the substitutes and the manager apart, dropping stale ids and overlaps', () => {
    const selection: Selection = { squad: [...xi.slice(1), 13, 100, 999], subs: [12, 13, 14, 998] };
    expect(publishBody(selection, published)).toEqual({
      startingXI: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13],
      // 13 is in the XI, so it is no longer a substitute.
      substitutes: [12, 14],
      managerId: 100,
    });
    const check = publishCheck(selection, published);
    expect(check.total).toBe(14);
    expect(check.published).toBe(false);
  });

  it('stops an empty XI or too many substitutes, and notes a short XI or no manager', () => {
    expect(publishCheck({ squad: [], subs: [] }, published).errors).toEqual([
      'Pick the Starting XI: tick Starting XI next to each starter.',
    ]);
    const short = publishCheck({ squad: [1, 2, 3], subs: [12, 13, 14, 15, 16, 17] }, published);
    expect(short.errors).toEqual(['Maximum 5 substitutes can be added for rating: untick some.']);
    expect(short.warnings).toEqual([
      'Only 3 of 11 starters picked.',
      'No manager picked: fans will not rate one.',
    ]);
    expect(publishCheck({ squad: [...xi, 100, 101], subs: [] }, published).errors).toEqual([
      'Only 1 manager can be selected',
    ]);
  });
});

describe('shortlist storage', () => {
  it('reads arrays of ids and nothing else', () => {
    expect(parseIdList(null)).toBeNull();
    expect(parseIdList('nope')).toBeNull();
    expect(parseIdList('{"a":1}')).toBeNull();
    expect(parseIdList('[3,3,"4",-1,2.5,7]')).toEqual([3, 7]);
  });

  it('writes and reads back', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    writeIdList(SQUAD_SHORTLIST_KEY, [1, 2], storage);
    expect(data.get('admin_squad_shortlist')).toBe('[1,2]');
    expect(readIdList(SQUAD_SHORTLIST_KEY, storage)).toEqual([1, 2]);
  });
});

describe('export', () => {
  it('escapes CSV cells and defuses formulas', () => {
    expect(csvCell('Bruno Fernandes')).toBe('Bruno Fernandes');
    expect(csvCell('Smith, Jr.')).toBe('"Smith, Jr."');
    expect(csvCell('The "Rock"')).toBe('"The ""Rock"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(7)).toBe('7');
  });

  it('writes a header and one row per player', () => {
    const csv = squadCsv([
      player(8, { name: 'Bruno Fernandes', isAvailableForRating: true }),
      player(100, { name: 'The Boss', isManager: true, position: 'Manager', jerseyNumber: null }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Name,Position,Jersey Number,Manager,Substitute,Available for Rating',
      'Bruno Fernandes,Central Midfield,8,No,No,Yes',
      'The Boss,Manager,,Yes,No,No',
      '',
    ]);
  });

  it('names the files by date', () => {
    expect(squadExportFileName('csv', new Date(2026, 10, 21, 9))).toBe('squad-2026-11-21.csv');
    expect(squadExportFileName('xlsx', new Date(2026, 0, 2))).toBe('squad-2026-01-02.xlsx');
  });
});

describe('player form', () => {
  it('words its rules with the contract errors, shown in the reader’s language', () => {
    // What the form field shows: the rule names its error's catalogue key, translated there.
    const shown = (values: object) =>
      formMessage(
        playerFormSchema.safeParse({ name: 'A', position: 'Striker', jerseyNumber: '', ...values }).error
          ?.issues[0]?.message,
      );
    loadCatalogsForTests();
    expect(shown({})).toBeUndefined();
    expect(shown({ name: '  ' })).toBe('Name is required');
    expect(shown({ position: '' })).toBe('Position is required');
    expect(shown({ jerseyNumber: '0' })).toBe('Jersey number must be between 1 and 99');
    expect(shown({ jerseyNumber: '100' })).toBe('Jersey number must be between 1 and 99');
    expect(shown({ jerseyNumber: '9.5' })).toBe('Jersey number must be between 1 and 99');
    loadCatalogsForTests('fr');
    expect(shown({ name: '  ' })).toBe('Le nom est obligatoire');
    expect(shown({ jerseyNumber: '0' })).toBe('Le numéro de maillot doit être compris entre 1 et 99');
    loadCatalogsForTests();
    expect(toPlayerBody({ name: ' Kobbie ', position: 'Central Midfield', jerseyNumber: '37' })).toEqual({
      name: 'Kobbie',
      position: 'Central Midfield',
      jerseyNumber: 37,
    });
    expect(toPlayerBody({ name: 'X', position: 'Striker', jerseyNumber: '' }).jerseyNumber).toBeNull();
  });

  it('offers the admin positions, keeping a player’s other position', () => {
    expect(ADMIN_POSITIONS).toHaveLength(11);
    expect(positionChoices('Striker')).toHaveLength(11);
    expect(positionChoices('Left Midfield').at(-1)).toBe('Left Midfield');
  });

  it('accepts PNG and JPG up to 5 MB only', () => {
    expect(playerImageProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(playerImageProblem({ name: 'a.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(playerImageProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toEqual(
      UPLOAD_ERRORS.playerImageType,
    );
    const tooLarge = playerImageProblem({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 });
    expect(tooLarge).toEqual(UPLOAD_ERRORS.tooLarge);
    // Shown by its code in the reader's language.
    loadCatalogsForTests('fr');
    expect(tooLarge && errorText(tooLarge)).toBe('Le fichier doit faire moins de 5 Mo');
    loadCatalogsForTests();
  });
});

describe('squad toasts', () => {
  loadCatalogsForTests();

  it("a refused publish says 'Failed to update squad' with the server's reason, else asks to try again", () => {
    const refused = new ApiError(400, 'Bad Request', JSON.stringify(SQUAD_ERRORS.unknownPlayer));
    expect(publishFailedToast(refused)).toEqual({
      variant: 'destructive',
      title: 'Failed to update squad',
      description: SQUAD_ERRORS.unknownPlayer.message,
    });
    expect(publishFailedToast(new TypeError('Failed to fetch'))).toEqual({
      variant: 'destructive',
      title: 'Failed to update squad',
      description: 'Please try again.',
    });
  });

  it('a tick over a limit names the limit', () => {
    expect(refusalToast('starter-limit')).toEqual({
      variant: 'destructive',
      title: 'Player Limit Reached',
      description: 'Maximum 11 players can be selected for Starting XI',
    });
    expect(refusalToast('manager-limit').title).toBe('Manager Already Selected');
    expect(refusalToast('substitute-limit').title).toBe('Too Many Substitutes');
  });
});
