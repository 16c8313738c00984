import { LoadingScreen } from '@client/components/layout/loading-screen';
import { withCatalog } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import { preloadable } from '@client/lib/preloadable';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, type RouteComponentProps, Switch } from 'wouter';
import { HomeRoute, preloadSignedOutHome } from './routes/home';

// The first load holds only the home (a signed-in fan's page). Every other screen is a chunk fetched
// when it is opened; the service worker precaches those chunks (but the admin's), so they open offline.
const SignInRoute = preloadable(() =>
  withCatalog('auth', () => import('./routes/signin'))().then((module) => ({ default: module.SignInRoute })),
);
const SignUpRoute = preloadable(() =>
  withCatalog('auth', () => import('./routes/signup'))().then((module) => ({ default: module.SignUpRoute })),
);
const LoginRoute = preloadable(() =>
  withCatalog('auth', () => import('./routes/login'))().then((module) => ({ default: module.LoginRoute })),
);
const ConfirmRoute = preloadable(() =>
  withCatalog('auth', () => import('./routes/confirm'))().then((module) => ({
    default: module.ConfirmRoute,
  })),
);
const ForgotPasswordRoute = preloadable(() =>
  withCatalog('auth', () => import('./routes/forgot-password'))().then((module) => ({
    default: module.ForgotPasswordRoute,
  })),
);
const ResetPasswordRoute = preloadable(() =>
  withCatalog('auth', () => import('./routes/reset-password'))().then((module) => ({
    default: module.ResetPasswordRoute,
  })),
);
const PrivacyRoute = preloadable(() =>
  withCatalog('content', () => import('./routes/privacy'))().then((module) => ({
    default: module.PrivacyRoute,
  })),
);
const TermsRoute = preloadable(() =>
  withCatalog('content', () => import('./routes/terms'))().then((module) => ({ default: module.TermsRoute })),
);
const NotFoundRoute = preloadable(() =>
  withCatalog('content', () => import('./routes/not-found'))().then((module) => ({
    default: module.NotFoundRoute,
  })),
);
// Past matches, the season and a fan's own ratings share one chunk: opening one makes the others instant.
const loadSeasonPages = withCatalog('reports', () => import('./routes/season-pages'));
const MatchesRoute = preloadable(() =>
  loadSeasonPages().then((module) => ({ default: module.MatchesRoute })),
);
const MatchReportRoute = preloadable(() =>
  loadSeasonPages().then((module) => ({ default: module.MatchReportRoute })),
);
const SeasonRoute = preloadable(() => loadSeasonPages().then((module) => ({ default: module.SeasonRoute })));
const PlayerRoute = preloadable(() => loadSeasonPages().then((module) => ({ default: module.PlayerRoute })));
const MyRatingsRoute = preloadable(() =>
  loadSeasonPages().then((module) => ({ default: module.MyRatingsRoute })),
);
const TeamOfTheWeekRoute = preloadable(() =>
  loadSeasonPages().then((module) => ({ default: module.TeamOfTheWeekRoute })),
);
const SeasonTeamRoute = preloadable(() =>
  loadSeasonPages().then((module) => ({ default: module.SeasonTeamRoute })),
);
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

/** The screens by address, in the order they are matched. */
const ROUTES: ReadonlyArray<readonly [string, ComponentType<RouteComponentProps>]> = [
  ['/', HomeRoute],
  ['/signin', SignInRoute],
  ['/signup', SignUpRoute],
  ['/register', SignUpRoute],
  ['/login', LoginRoute],
  ['/confirm', ConfirmRoute],
  ['/forgot-password', ForgotPasswordRoute],
  ['/reset-password', ResetPasswordRoute],
  ['/admin', LazyAdminRoute],
  ['/matches', MatchesRoute],
  ['/matches/:id', MatchReportRoute],
  ['/season', SeasonRoute],
  ['/season/:slug', SeasonRoute],
  ['/season/:slug/team', SeasonTeamRoute],
  ['/team-of-the-week', TeamOfTheWeekRoute],
  ['/players/:id', PlayerRoute],
  ['/me/ratings', MyRatingsRoute],
  ['/privacy', PrivacyRoute],
  ['/terms', TermsRoute],
];

/** Whether `pathname` fits a route's pattern (`:name` takes one segment), as the router matches it. */
function fits(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/$/, '').split('/');
  if (pathname === '/') return pattern === '/';
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/**
 * Fetches the code (and words) of the screen at `pathname`, so that a screen the server drew is replaced
 * by the page's own only once the page can draw it whole. Never fails: the page then draws as it can.
 */
export async function preloadScreen(pathname: string, signedOut: boolean): Promise<void> {
  const found = ROUTES.find(([pattern]) => fits(pattern, pathname));
  const component: ComponentType<RouteComponentProps> = found ? found[1] : NotFoundRoute;
  const loads: Promise<void>[] = [];
  if (component === HomeRoute) {
    if (signedOut) loads.push(preloadSignedOutHome());
  } else if ('preload' in component) {
    loads.push((component as { preload: () => Promise<void> }).preload());
  }
  await Promise.all(loads).catch(() => undefined);
}

export function AppRouter() {
  const t = useT();
  return (
    <Suspense fallback={<LoadingScreen message={t('common.loading')} />}>
      <Switch>
        {ROUTES.map(([path, component]) => (
          <Route key={path} path={path} component={component} />
        ))}
        <Route component={NotFoundRoute} />
      </Switch>
    </Suspense>
  );
}
