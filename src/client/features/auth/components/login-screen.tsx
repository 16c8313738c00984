import { AuthLayout } from '@client/components/layout/auth-layout';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { useT } from '@client/lib/i18n/use-t';
import { useState } from 'react';
import { CheckYourEmail } from './check-your-email';
import { type Credentials, EMPTY_CREDENTIALS } from './credentials';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { SocialSignInButton } from './social-sign-in-button';

/** The pause on the success message before /login goes home. */
const LOGIN_REDIRECT_DELAY_MS = 1000;

/** /login: sign-in and register on one screen with a mode toggle. */
export function LoginScreen() {
  const t = useT();
  const company = useCompanyName();
  const [mode, setMode] = useState<'signin' | 'register'>('signin');
  const [sentTo, setSentTo] = useState<string | null>(null);
  // What was typed survives the mode toggle: switching to register should not mean typing it again.
  const [credentials, setCredentials] = useState<Credentials>(EMPTY_CREDENTIALS);
  const registering = mode === 'register';

  if (sentTo) {
    return (
      <AuthLayout>
        <CheckYourEmail email={sentTo} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {registering ? t('auth.signUp.title') : t('auth.login.welcomeBack')}
          </CardTitle>
          <CardDescription>
            {registering
              ? t('auth.signUp.description', { company })
              : t('auth.login.description', { company })}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <SocialSignInButton />
          {registering ? (
            <SignUpForm
              idPrefix="login-register"
              requireFilled
              credentials={credentials}
              onCredentialsChange={setCredentials}
              onRegistered={(email) => setSentTo(email)}
            />
          ) : (
            <SignInForm
              idPrefix="login"
              requireFilled
              redirectDelayMs={LOGIN_REDIRECT_DELAY_MS}
              credentials={credentials}
              onCredentialsChange={setCredentials}
            />
          )}
          <p className="flex flex-wrap items-center justify-center gap-x-1 text-sm text-muted-foreground">
            {registering ? t('auth.login.alreadyRegistered') : t('auth.login.newHere')}
            {/* Names avoid "Sign In" and "Create Account", which belong to the submit buttons. */}
            <Button
              variant="link"
              className="min-h-11 font-semibold"
              onClick={() => setMode(registering ? 'signin' : 'register')}
            >
              {registering ? t('auth.login.logInInstead') : t('auth.login.register')}
            </Button>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
