import type { Player } from '@shared/players';
import { useCallback, useMemo, useState } from 'react';
import { useUserVote } from '../api/get-user-vote';
import { readMotmChoice, writeMotmChoice } from '../utils/motm-choice-storage';

interface MotmChoice {
  /** The player chosen, if they are still one of the candidates. */
  motmPlayerId: number | null;
  /** Tapping the chosen player again clears the choice. */
  toggle: (playerId: number) => void;
  /** Forgets the unsent pick once the server holds the vote. */
  forget: () => void;
}

/**
 * The fan's Man of the Match pick. A submitted vote's pick (GET user vote) wins; before that the pick
 * lives in state, remembered per user and match in sessionStorage so a reload keeps it.
 */
export function useMotmChoice(
  userId: string,
  matchId: number,
  candidates: readonly Player[] | undefined,
): MotmChoice {
  const [localChoice, setLocalChoice] = useState<{ key: string; playerId: number | null }>(() => ({
    key: `${userId}:${matchId}`,
    playerId: readMotmChoice(userId, matchId),
  }));
  const savedVote = useUserVote(userId, matchId);

  // A different user or match starts from its own remembered pick.
  const key = `${userId}:${matchId}`;
  const local = localChoice.key === key ? localChoice.playerId : readMotmChoice(userId, matchId);
  const saved = savedVote.data?.motmPlayerId ?? null;
  const chosen = saved ?? local;

  const motmPlayerId = useMemo(() => {
    if (chosen === null) return null;
    // Until the list loads, keep the pick; afterwards drop one that is no longer a candidate.
    if (!candidates) return chosen;
    return candidates.some((p) => p.id === chosen && !p.isManager) ? chosen : null;
  }, [chosen, candidates]);

  const toggle = useCallback(
    (playerId: number) => {
      const next = motmPlayerId === playerId ? null : playerId;
      setLocalChoice({ key, playerId: next });
      writeMotmChoice(userId, matchId, next);
    },
    [motmPlayerId, key, userId, matchId],
  );

  const forget = useCallback(() => writeMotmChoice(userId, matchId, null), [userId, matchId]);

  return { motmPlayerId, toggle, forget };
}
