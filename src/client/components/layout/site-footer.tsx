import { AuthContext } from '@client/lib/auth/auth-context';
import { useBranding } from '@client/lib/branding/get-customization';
import { useSocialMedia } from '@client/lib/branding/get-social-media';
import { useT } from '@client/lib/i18n/use-t';
import { CONTACT } from '@client/lib/site-config';
import { cn, safeExternalUrl } from '@client/lib/utils';
import { COPYRIGHT_YEAR } from '@shared/domain';
import { Mail } from 'lucide-react';
import { useContext } from 'react';
import { Link } from 'wouter';
import { BrandMark } from './brand-mark';
// The footer is a lazy chunk of its own (page-shell.tsx), so the marks stay off the first load.
import { SOCIAL_NETWORKS, SocialIcon } from './social-icons';

const footerLink = 'inline-flex min-h-11 items-center text-white underline-offset-4 hover:underline';

/**
 * 'Follow {company}' with the club's social links. Without any, an admin is told where to add them and a
 * fan sees nothing (not a hint meant for the club's staff).
 */
function FollowColumn({ company }: { company: string }) {
  const t = useT();
  // Read without requiring a provider: a page drawn outside one (a legal page's render) is a fan's.
  const user = useContext(AuthContext)?.user ?? null;
  const { data, isPending } = useSocialMedia();
  if (isPending) return null;
  const links = SOCIAL_NETWORKS.flatMap(({ key, icon }) => {
    const href = safeExternalUrl(data?.[key]);
    return href ? [{ key, icon, href }] : [];
  });
  if (links.length === 0 && !user?.isAdmin) return null;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-semibold text-sm text-white">{t('common.footer.follow', { company })}</p>
      {links.length === 0 ? (
        <p className="text-sm text-chrome-muted">{t('common.footer.socialEmpty')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {links.map(({ key, icon, href }) => (
            <li key={key}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('common.footer.socialLink', { company, network: icon.title })}
                className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-primary hover:text-primary-foreground"
              >
                <SocialIcon icon={icon} className="size-5" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface SiteFooterProps {
  /** The compact footer (sign-in and status screens) keeps only the legal links and the copyright. */
  compact?: boolean;
}

export function SiteFooter({ compact = false }: SiteFooterProps) {
  const t = useT();
  const branding = useBranding();
  const company = branding.companyName;
  const copyright = `© ${COPYRIGHT_YEAR} ${company}`;
  const legalLinks = (
    <>
      <li>
        <Link href="/privacy" className={footerLink}>
          {t('common.footer.privacy')}
        </Link>
      </li>
      <li>
        <Link href="/terms" className={footerLink}>
          {t('common.footer.terms')}
        </Link>
      </li>
    </>
  );

  if (compact) {
    return (
      <footer className="surface-dark bg-chrome text-sm text-chrome-muted">
        <div className="mx-auto flex w-full max-w-6xl flex-col items-center gap-1 px-4 py-3 sm:flex-row sm:justify-between sm:px-6">
          <nav aria-label={t('common.footer.legalNav')}>
            <ul className="flex gap-5">{legalLinks}</ul>
          </nav>
          <p>{copyright}</p>
        </div>
      </footer>
    );
  }

  return (
    <footer className="surface-dark mt-auto bg-chrome text-chrome-muted">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-3">
            <BrandMark name={company} logoUrl={branding.logoUrl} />
            <p className="text-lg font-bold text-white">{company}</p>
          </div>
          <p className="max-w-sm text-sm leading-relaxed">
            {branding.description || t('common.footer.defaultDescription')}
          </p>
        </div>
        <nav aria-label={t('common.footer.nav')} className="text-sm">
          <p className="mb-1 font-semibold text-white">{t('common.footer.information')}</p>
          <ul className="flex flex-col">
            {legalLinks}
            <li>
              <a href={`mailto:${CONTACT.media}`} className={cn(footerLink, 'gap-2')}>
                <Mail className="size-4" aria-hidden="true" />
                {t('common.footer.media')}
              </a>
            </li>
          </ul>
        </nav>
        <FollowColumn company={company} />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto w-full max-w-6xl px-4 py-4 text-sm sm:px-6">{copyright}</p>
      </div>
    </footer>
  );
}
