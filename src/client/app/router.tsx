import { LoadingScreen } from '@client/components/layout/loading-screen';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { HomeRoute } from './routes/home';

// The first load holds only the home (a signed-in fan's page). Every other screen is a chunk fetched
// when it is opened; the service worker precaches those chunks (but the admin's), so they open offline.
const SignInRoute = lazy(() => import('./routes/signin').then((module) => ({ default: module.SignInRoute })));
const SignUpRoute = lazy(() => import('./routes/signup').then((module) => ({ default: module.SignUpRoute })));
const LoginRoute = lazy(() => import('./routes/login').then((module) => ({ default: module.LoginRoute })));
const ConfirmRoute = lazy(() =>
  import('./routes/confirm').then((module) => ({ default: module.ConfirmRoute })),
);
const ForgotPasswordRoute = lazy(() =>
  import('./routes/forgot-password').then((module) => ({ default: module.ForgotPasswordRoute })),
);
const ResetPasswordRoute = lazy(() =>
  import('./routes/reset-password').then((module) => ({ default: module.ResetPasswordRoute })),
);
const PrivacyRoute = lazy(() =>
  import('./routes/privacy').then((module) => ({ default: module.PrivacyRoute })),
);
const TermsRoute = lazy(() => import('./routes/terms').then((module) => ({ default: module.TermsRoute })));
const NotFoundRoute = lazy(() =>
  import('./routes/not-found').then((module) => ({ default: module.NotFoundRoute })),
);
// Past matches, the season and a fan's own ratings share one chunk: opening one makes the others instant.
const loadSeasonPages = () => import('./routes/season-pages');
const MatchesRoute = lazy(() => loadSeasonPages().then((module) => ({ default: module.MatchesRoute })));
const MatchReportRoute = lazy(() =>
  loadSeasonPages().then((module) => ({ default: module.MatchReportRoute })),
);
const SeasonRoute = lazy(() => loadSeasonPages().then((module) => ({ default: module.SeasonRoute })));
const PlayerRoute = lazy(() => loadSeasonPages().then((module) => ({ default: module.PlayerRoute })));
const MyRatingsRoute = lazy(() => loadSeasonPages().then((module) => ({ default: module.MyRatingsRoute })));
// Admin code lives in its own chunk: a fan's first load never downloads it.
const AdminRoute = lazy(() => import('./routes/admin').then((module) => ({ default: module.AdminRoute })));

function LazyAdminRoute() {
  return (
    <Suspense fallback={<LoadingScreen message="Loading the admin panel..." />}>
      <AdminRoute />
    </Suspense>
  );
}

export function AppRouter() {
  return (
    <Suspense fallback={<LoadingScreen message="Loading..." />}>
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
        <Route path="/players/:id" component={PlayerRoute} />
        <Route path="/me/ratings" component={MyRatingsRoute} />
        <Route path="/privacy" component={PrivacyRoute} />
        <Route path="/terms" component={TermsRoute} />
        <Route component={NotFoundRoute} />
      </Switch>
    </Suspense>
  );
}
