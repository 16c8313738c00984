import { LegalPage, LegalSection } from '@client/components/layout/legal-page';
import { legalDate } from '@client/features/content/legal-date';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { CONTACT } from '@client/lib/site-config';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { TERMS_UPDATED } from '@shared/domain';
import { Link } from 'wouter';

export function TermsRoute() {
  const t = useT();
  const company = useCompanyName();
  useDocumentTitle(t('content.terms.documentTitle'));
  const email = CONTACT.support;
  // The message supplies the link text (the address itself, through {email}).
  const mail = { 0: <a href={`mailto:${email}`}>{email}</a> };

  return (
    <LegalPage title={t('content.terms.title')} updated={legalDate(TERMS_UPDATED)}>
      <p>{t('content.terms.intro', { company })}</p>

      <LegalSection title={t('content.terms.eligibility.title')}>
        <p>{t('content.terms.eligibility.body')}</p>
      </LegalSection>

      <LegalSection title={t('content.terms.account.title')}>
        <p>
          <Trans id="content.terms.account.body" components={mail} values={{ email }} />
        </p>
      </LegalSection>

      <LegalSection title={t('content.terms.ratings.title')}>
        <ul>
          <li>{t('content.terms.ratings.opinions', { company })}</li>
          <li>{t('content.terms.ratings.voting')}</li>
          <li>{t('content.terms.ratings.statistics')}</li>
          <li>{t('content.terms.ratings.fairness')}</li>
        </ul>
      </LegalSection>

      <LegalSection title={t('content.terms.fairPlay.title')}>
        <p>{t('content.terms.fairPlay.intro')}</p>
        <ul>
          <li>{t('content.terms.fairPlay.oneAccount')}</li>
          <li>{t('content.terms.fairPlay.automation')}</li>
          <li>{t('content.terms.fairPlay.manipulation')}</li>
          <li>{t('content.terms.fairPlay.security')}</li>
          <li>{t('content.terms.fairPlay.unlawful')}</li>
        </ul>
      </LegalSection>

      <LegalSection title={t('content.terms.ownership.title')}>
        <p>{t('content.terms.ownership.body', { company })}</p>
      </LegalSection>

      <LegalSection title={t('content.terms.availability.title')}>
        <p>{t('content.terms.availability.body')}</p>
      </LegalSection>

      <LegalSection title={t('content.terms.suspension.title')}>
        <p>{t('content.terms.suspension.body')}</p>
      </LegalSection>

      <LegalSection title={t('content.terms.liability.title')}>
        <p>{t('content.terms.liability.body')}</p>
      </LegalSection>

      <LegalSection title={t('content.terms.privacy.title')}>
        <p>
          <Trans id="content.terms.privacy.body" components={{ 0: <Link href="/privacy" /> }} />
        </p>
      </LegalSection>

      <LegalSection title={t('content.terms.changes.title')}>
        <p>{t('content.terms.changes.body')}</p>
      </LegalSection>

      <LegalSection title={t('content.terms.contact.title')}>
        <p>
          <Trans id="content.terms.contact.body" components={mail} values={{ email }} />
        </p>
      </LegalSection>
    </LegalPage>
  );
}
