/**
 * The fan's Man of the Match pick before the final vote lives only on the page; keeping it in
 * sessionStorage (per user and match) lets a reload or a tab discard on a phone keep it.
 */
const PREFIX = 'matchday_motm_choice';

export function motmChoiceKey(userId: string, matchId: number): string {
  return `${PREFIX}:${userId}:${matchId}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readMotmChoice(userId: string, matchId: number): number | null {
  try {
    const raw = storage()?.getItem(motmChoiceKey(userId, matchId));
    if (!raw) return null;
    const id = Number(raw);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function writeMotmChoice(userId: string, matchId: number, playerId: number | null): void {
  try {
    const key = motmChoiceKey(userId, matchId);
    if (playerId === null) storage()?.removeItem(key);
    else storage()?.setItem(key, String(playerId));
  } catch (error) {
    // Losing the remembered pick is harmless; the fan picks again.
    console.warn('Could not remember the Man of the Match choice', error);
  }
}
