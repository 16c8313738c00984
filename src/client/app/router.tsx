import { LoadingScreen } from '@client/components/layout/loading-screen';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ConfirmRoute } from './routes/confirm';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { PrivacyRoute } from './routes/privacy';
import { SignInRoute } from './routes/signin';
import { SignUpRoute } from './routes/signup';
import { TermsRoute } from './routes/terms';

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
    <Switch>
      <Route path="/" component={HomeRoute} />
      <Route path="/signin" component={SignInRoute} />
      <Route path="/signup" component={SignUpRoute} />
      <Route path="/register" component={SignUpRoute} />
      <Route path="/login" component={LoginRoute} />
      <Route path="/confirm" component={ConfirmRoute} />
      <Route path="/admin" component={LazyAdminRoute} />
      <Route path="/privacy" component={PrivacyRoute} />
      <Route path="/terms" component={TermsRoute} />
      <Route component={NotFoundRoute} />
    </Switch>
  );
}
