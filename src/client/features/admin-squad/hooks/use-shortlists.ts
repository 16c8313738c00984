import type { Player } from '@shared/players';
import { useCallback, useMemo, useState } from 'react';
import { readIdList, SQUAD_SHORTLIST_KEY, SUBS_SHORTLIST_KEY, writeIdList } from '../utils/shortlist-storage';
import { type Selection, selectionFromPublished } from '../utils/squad-selection';

/**
 * The Starting XI and substitutes shortlists, kept in browser storage (admin_squad_shortlist,
 * admin_subs_shortlist) so a reload or a second visit keeps the admin's picks. With nothing stored
 * they start from who is published.
 */
export function useShortlists(players: Player[] | undefined): [Selection, (next: Selection) => void] {
  const [stored, setStored] = useState(() => ({
    squad: readIdList(SQUAD_SHORTLIST_KEY),
    subs: readIdList(SUBS_SHORTLIST_KEY),
  }));

  const selection = useMemo<Selection>(() => {
    const seed = players ? selectionFromPublished(players) : { squad: [], subs: [] };
    return { squad: stored.squad ?? seed.squad, subs: stored.subs ?? seed.subs };
  }, [players, stored]);

  const update = useCallback((next: Selection) => {
    setStored(next);
    writeIdList(SQUAD_SHORTLIST_KEY, next.squad);
    writeIdList(SUBS_SHORTLIST_KEY, next.subs);
  }, []);

  return [selection, update];
}
