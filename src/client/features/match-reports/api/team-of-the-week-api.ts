import { callEndpoint } from '@client/lib/api-client';
import { keyOf } from '@shared/endpoint';
import { teamOfTheWeekApi } from '@shared/team-of-the-week';
import { useQuery } from '@tanstack/react-query';
// A team changes only when a match of its period ends or is corrected: kept as the reports are.
import { retryUnlessMissing, SETTLED } from './match-reports-api';

/** The period a team is picked from, as the address and the endpoint name it; none: the latest week. */
export interface TeamPeriodChoice {
  match?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** GET /api/team-of-the-week: the fans' best XI of a match, some days, or the latest week. */
export function useTeamOfTheWeek(period: TeamPeriodChoice) {
  const { match, from, to } = period;
  return useQuery({
    queryKey: [...keyOf(teamOfTheWeekApi.week), match ?? '', from ?? '', to ?? ''],
    queryFn: () => callEndpoint(teamOfTheWeekApi.week, { query: { match, from, to } }),
    retry: retryUnlessMissing,
    ...SETTLED,
  });
}

/** GET /api/seasons/{season}/team: the fans' Team of the Season; 404 when nothing in it has ended. */
export function useSeasonTeam(season: string) {
  return useQuery({
    queryKey: keyOf(teamOfTheWeekApi.season, { season }),
    queryFn: () => callEndpoint(teamOfTheWeekApi.season, { params: { season } }),
    retry: retryUnlessMissing,
    ...SETTLED,
  });
}
