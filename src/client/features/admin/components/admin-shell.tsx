import { BrandMark } from '@client/components/layout/brand-mark';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useAuth } from '@client/lib/auth/auth-context';
import { useBranding } from '@client/lib/branding/get-customization';
import { ArrowLeft, LogOut, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';

const SECTIONS = [
  'Match Control',
  'Squad Management',
  'Analytics',
  'User Management',
  'Customise',
  'Settings',
  'Scripts & Pixels',
];

/** The admin frame; the tools themselves arrive section by section in later changes. */
export function AdminShell() {
  const { user, signOut } = useAuth();
  const branding = useBranding();
  const company = branding.companyName;
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="flex flex-1 flex-col md:flex-row">
      <aside className="surface-dark bg-chrome text-white md:w-64 md:shrink-0">
        <div className="flex flex-col gap-3 p-4 md:sticky md:top-0 md:gap-6 md:p-5">
          <div className="flex items-center gap-3">
            <BrandMark name={company} logoUrl={branding.logoUrl} />
            <div className="flex min-w-0 flex-col">
              <span className="truncate font-bold leading-tight">{company}</span>
              <span className="text-xs font-medium text-chrome-muted">Admin Panel</span>
            </div>
          </div>
          <nav aria-label="Admin" className="flex gap-2 md:flex-col md:gap-1">
            <Link
              href="/"
              className="flex min-h-11 flex-1 items-center justify-center gap-2 rounded-md border border-white/20 px-3 text-sm font-semibold hover:bg-white/10 md:flex-none md:justify-start md:border-0"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back to Ratings
            </Link>
            <Button
              variant="chrome"
              size="sm"
              className="flex-1 md:flex-none md:justify-start md:border-0 md:bg-transparent"
              disabled={signingOut}
              onClick={() => {
                setSigningOut(true);
                void signOut({ redirectTo: '/login' });
              }}
            >
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </nav>
        </div>
      </aside>
      <main id="main" className="flex flex-1 flex-col gap-6 p-4 sm:p-8">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Admin Panel</h1>
          <p className="text-muted-foreground">Signed in as {user?.name}.</p>
        </div>
        <Card className="flex flex-col items-start gap-4 p-6">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-text">
            <Wrench className="size-6" aria-hidden="true" />
          </span>
          <div className="flex flex-col gap-1">
            <h2 className="text-lg font-bold">Admin tools are on their way</h2>
            <p className="text-[0.9375rem] text-muted-foreground">
              These sections will appear here as they are switched on:
            </p>
          </div>
          <ul className="flex flex-wrap gap-2">
            {SECTIONS.map((section) => (
              <li key={section} className="rounded-full bg-muted px-3 py-1.5 text-sm font-medium">
                {section}
              </li>
            ))}
          </ul>
        </Card>
      </main>
    </div>
  );
}
