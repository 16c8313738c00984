import { publishedPlayersQueryOptions } from '@client/lib/squad-queries';
import { useQuery } from '@tanstack/react-query';

/** The 'Players Rated' badge: how many players fans can rate right now (undefined while loading). */
export function usePlayersRatedCount(): number | undefined {
  return useQuery({ ...publishedPlayersQueryOptions(), select: (players) => players.length }).data;
}
