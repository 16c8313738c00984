import { AuthLayout } from '@client/components/layout/auth-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { CheckYourEmail } from './check-your-email';
import { SignUpForm } from './sign-up-form';
import { SocialSignInButton } from './social-sign-in-button';

export function SignUpScreen() {
  const t = useT();
  const company = useCompanyName();
  const [, navigate] = useLocation();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthLayout>
      {sentTo ? (
        <CheckYourEmail email={sentTo} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              {t('auth.signUp.title')}
            </CardTitle>
            <CardDescription>{t('auth.signUp.description', { company })}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <SocialSignInButton />
            <SignUpForm
              onRegistered={(email, requiresVerification) =>
                requiresVerification ? setSentTo(email) : navigate('/signin')
              }
            />
            <p className="text-center text-sm text-muted-foreground">
              <Trans
                id="auth.signUp.haveAccount"
                components={{
                  0: (
                    <Link
                      href="/signin"
                      className="font-semibold text-primary-text underline-offset-4 hover:underline"
                    />
                  ),
                }}
              />
            </p>
          </CardContent>
        </Card>
      )}
    </AuthLayout>
  );
}
