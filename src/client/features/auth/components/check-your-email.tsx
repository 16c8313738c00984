import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { MailCheck } from 'lucide-react';
import { useLocation } from 'wouter';

/** Shown after registration: sign-in stays blocked until the link in the e-mail is opened. */
export function CheckYourEmail({ email }: { email: string }) {
  const [, navigate] = useLocation();
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-8 text-center sm:px-8">
      <span className="flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
        <MailCheck className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">Check Your Email</h1>
      <div role="status" className="flex flex-col gap-2 text-[0.9375rem] text-muted-foreground">
        <p>
          We sent a verification link to <strong className="break-all text-foreground">{email}</strong>.
        </p>
        <p>Open it to activate your account, then sign in. If it has not arrived, check your spam folder.</p>
      </div>
      <Button size="lg" className="mt-2 w-full" onClick={() => navigate('/signin')}>
        Go to Sign In
      </Button>
    </Card>
  );
}
