import { LoadingScreen } from '@client/components/layout/loading-screen';
import { withCatalog } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { HomeRoute } from './routes/home';

// The first load holds only the home (a signed-in fan's page). Every other screen is a chunk fetched
// when it is opened; the service worker precaches those chunks (but the admin's), so they open offline.
const SignInRoute = lazy(() =>
  withCatalog('auth', () => import('./routes/signin'))().then((module) => ({ default: module.SignInRoute })),
);
const SignUpRoute = lazy(() =>
  withCatalog('auth', () => import('./routes/signup'))().then((module) => ({ default: module.SignUpRoute })),
);
const LoginRoute = lazy(() =>
  withCatalog('auth', () => import('./routes/login'))().then((module) => ({ default: module.LoginRoute })),
);
const ConfirmRoute = lazy(() =>
  withCatalog('auth', () => import('./routes/confirm'))().then((module) => ({
    default: module.ConfirmRoute,
  })),
);
const ForgotPasswordRoute = lazy(() =>
  withCatalog('auth', () => import('./routes/forgot-password'))().then((module) => ({
    default: module.ForgotPasswordRoute,
  })),
);
const ResetPasswordRoute = lazy(() =>
  withCatalog('auth', () => import('./routes/reset-password'))().then((module) => ({
    default: module.ResetPasswordRoute,
  })),
);
const PrivacyRoute = lazy(() =>
  withCatalog('content', () => import('./routes/privacy'))().then((module) => ({
    default: module.PrivacyRoute,
  })),
);
const TermsRoute = lazy(() =>
  withCatalog('content', () => import('./routes/terms'))().then((module) => ({ default: module.TermsRoute })),
);
const NotFoundRoute = lazy(() =>
  withCatalog('content', () => import('./routes/not-found'))().then((module) => ({
    default: module.NotFoundRoute,
  })),
);
// Past matches, the season and a fan's own ratings share one chunk: opening one makes the others instant.
const loadSeasonPages = withCatalog('reports', () => import('./routes/season-pages'));
const MatchesRoute = lazy(() => loadSeasonPages().then((module) => ({ default: module.MatchesRoute })));
const MatchReportRoute = lazy(() =>
  loadSeasonPages().then((module) => ({ default: module.MatchReportRoute })),
);
const SeasonRoute = lazy(() => loadSeasonPages().then((module) => ({ default: module.SeasonRoute })));
const PlayerRoute = lazy(() => loadSeasonPages().then((module) => ({ default: module.PlayerRoute })));
const MyRatingsRoute = lazy(() => loadSeasonPages().then((module) => ({ default: module.MyRatingsRoute })));
const TeamOfTheWeekRoute = lazy(() =>
  loadSeasonPages().then((module) => ({ default: module.TeamOfTheWeekRoute })),
);
const SeasonTeamRoute = lazy(() => loadSeasonPages().then((module) => ({ default: module.SeasonTeamRoute })));
// Admin code lives in its own chunk: a fan's first load never downloads it.
const AdminRoute = lazy(() =>
  withCatalog('admin', () => import('./routes/admin'))().then((module) => ({ default: module.AdminRoute })),
);

function LazyAdminRoute() {
  const t = useT();
  return (
    <Suspense fallback={<LoadingScreen message={t('common.loadingAdmin')} />}>
      <AdminRoute />
    </Suspense>
  );
}

export function AppRouter() {
  const t = useT();
  return (
    <Suspense fallback={<LoadingScreen message={t('common.loading')} />}>
      <Switch>
        <Route path="/" component={HomeRoute} />
        <Route path="/signin" component={SignInRoute} />
        <Route path="/signup" component={SignUpRoute} />
        <Route path="/register" component={SignUpRoute} />
        <Route path="/login" component={LoginRoute} />
        <Route path="/confirm" component={ConfirmRoute} />
        <Route path="/forgot-password" component={ForgotPasswordRoute} />
        <Route path="/reset-password" component={ResetPasswordRoute} />
        <Route path="/admin" component={LazyAdminRoute} />
        <Route path="/matches" component={MatchesRoute} />
        <Route path="/matches/:id" component={MatchReportRoute} />
        <Route path="/season" component={SeasonRoute} />
        <Route path="/season/:slug" component={SeasonRoute} />
        <Route path="/season/:slug/team" component={SeasonTeamRoute} />
        <Route path="/team-of-the-week" component={TeamOfTheWeekRoute} />
        <Route path="/players/:id" component={PlayerRoute} />
        <Route path="/me/ratings" component={MyRatingsRoute} />
        <Route path="/privacy" component={PrivacyRoute} />
        <Route path="/terms" component={TermsRoute} />
        <Route component={NotFoundRoute} />
      </Switch>
    </Suspense>
  );
}
