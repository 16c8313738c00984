import { PageShell } from '@client/app/layout/page-shell';
import { MatchReportScreen } from '@client/features/match-reports/components/match-report-screen';
import { MatchesScreen } from '@client/features/match-reports/components/matches-screen';
import { MyRatingsScreen } from '@client/features/match-reports/components/my-ratings-screen';
import { PlayerScreen } from '@client/features/match-reports/components/player-screen';
import { SeasonScreen } from '@client/features/match-reports/components/season-screen';
import {
  SeasonTeamScreen,
  TeamOfTheWeekScreen,
} from '@client/features/match-reports/components/team-of-the-week-screen';
import { useT } from '@client/lib/i18n/use-t';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { dbIdParam } from '@shared/ids';
import { seasonSlug } from '@shared/seasons';
import { NotFoundRoute } from './not-found';

// The season's screens: public (but My ratings), in the signed-in frame, one chunk between them.

/** An id from the address, bounded as the server bounds it; anything else is not a page. */
function idFrom(text: string | undefined): number | null {
  const parsed = dbIdParam().safeParse(text);
  return parsed.success ? parsed.data : null;
}

export function MatchesRoute() {
  const t = useT();
  useDocumentTitle(t('reports.matches.documentTitle'));
  return (
    <PageShell>
      <MatchesScreen />
    </PageShell>
  );
}

export function MatchReportRoute({ params }: { params: { id?: string } }) {
  const id = idFrom(params.id);
  if (id === null) return <NotFoundRoute />;
  return (
    <PageShell>
      <MatchReportScreen key={id} matchId={id} />
    </PageShell>
  );
}

export function SeasonRoute({ params }: { params: { slug?: string } }) {
  const slug = params.slug ?? null;
  if (slug !== null && !seasonSlug.safeParse(slug).success) return <NotFoundRoute />;
  return (
    <PageShell>
      <SeasonScreen slug={slug} />
    </PageShell>
  );
}

export function PlayerRoute({ params }: { params: { id?: string } }) {
  const id = idFrom(params.id);
  if (id === null) return <NotFoundRoute />;
  return (
    <PageShell>
      <PlayerScreen key={id} playerId={id} />
    </PageShell>
  );
}

export function MyRatingsRoute() {
  return (
    <PageShell>
      <MyRatingsScreen />
    </PageShell>
  );
}

export function TeamOfTheWeekRoute() {
  return (
    <PageShell>
      <TeamOfTheWeekScreen />
    </PageShell>
  );
}

export function SeasonTeamRoute({ params }: { params: { slug?: string } }) {
  const slug = params.slug ?? '';
  if (!seasonSlug.safeParse(slug).success) return <NotFoundRoute />;
  return (
    <PageShell>
      <SeasonTeamScreen key={slug} slug={slug} />
    </PageShell>
  );
}
