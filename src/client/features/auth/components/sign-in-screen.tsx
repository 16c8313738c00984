import { AuthLayout } from '@client/components/layout/auth-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { Link } from 'wouter';
import { OAuthFailureAlert } from './oauth-failure-alert';
import { SignInForm } from './sign-in-form';
import { SocialSignInButton } from './social-sign-in-button';

export function SignInScreen() {
  const t = useT();
  const company = useCompanyName();
  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {t('auth.signIn.title')}
          </CardTitle>
          <CardDescription>{t('auth.signIn.description', { company })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <OAuthFailureAlert />
          <SocialSignInButton />
          <SignInForm />
          <p className="text-center text-sm text-muted-foreground">
            <Trans
              id="auth.signIn.noAccount"
              components={{
                0: (
                  <Link
                    href="/signup"
                    className="font-semibold text-primary-text underline-offset-4 hover:underline"
                  />
                ),
              }}
            />
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
