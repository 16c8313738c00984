import { AuthLayout } from '@client/components/layout/auth-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { Link } from 'wouter';
import { OAuthFailureAlert } from './oauth-failure-alert';
import { SignInForm } from './sign-in-form';
import { SocialSignInButton } from './social-sign-in-button';

export function SignInScreen() {
  const company = useCompanyName();
  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Sign In
          </CardTitle>
          <CardDescription>Welcome back. Sign in to rate the {company} players.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <OAuthFailureAlert />
          <SocialSignInButton />
          <SignInForm />
          <p className="text-center text-sm text-muted-foreground">
            Don&apos;t have an account?{' '}
            <Link
              href="/signup"
              className="font-semibold text-primary-text underline-offset-4 hover:underline"
            >
              Sign up
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
