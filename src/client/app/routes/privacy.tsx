import { LegalPage, LegalSection } from '@client/components/layout/legal-page';
import { legalDate } from '@client/features/content/legal-date';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { CONTACT } from '@client/lib/site-config';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PRIVACY_UPDATED } from '@shared/domain';
import { Link } from 'wouter';

export function PrivacyRoute() {
  const t = useT();
  const company = useCompanyName();
  useDocumentTitle(t('content.privacy.documentTitle'));
  const email = CONTACT.privacy;
  // The message supplies the link text (the address itself, through {email}).
  const mail = { 0: <a href={`mailto:${email}`}>{email}</a> };
  const strong = { 0: <strong /> };

  return (
    <LegalPage title={t('content.privacy.title')} updated={legalDate(PRIVACY_UPDATED)}>
      <p>{t('content.privacy.intro', { company })}</p>

      <LegalSection title={t('content.privacy.collect.title')}>
        <ul>
          <li>
            <Trans id="content.privacy.collect.account" components={strong} values={{ company }} />
          </li>
          <li>
            <Trans id="content.privacy.collect.ratings" components={strong} />
          </li>
          <li>
            <Trans id="content.privacy.collect.geolocation" components={strong} />
          </li>
          <li>
            <Trans id="content.privacy.collect.technical" components={strong} />
          </li>
        </ul>
      </LegalSection>

      <LegalSection title={t('content.privacy.use.title')}>
        <ul>
          <li>{t('content.privacy.use.account')}</li>
          <li>{t('content.privacy.use.ratings')}</li>
          <li>{t('content.privacy.use.safety')}</li>
          <li>{t('content.privacy.use.fairness')}</li>
          <li>{t('content.privacy.use.updates', { company })}</li>
          <li>{t('content.privacy.use.geolocation')}</li>
        </ul>
        <p>{t('content.privacy.use.legalBases')}</p>
      </LegalSection>

      <LegalSection title={t('content.privacy.consent.title')}>
        <p>{t('content.privacy.consent.asked')}</p>
        <p>
          <Trans id="content.privacy.consent.withdraw" components={mail} values={{ email }} />
        </p>
      </LegalSection>

      <LegalSection title={t('content.privacy.cookies.title')}>
        <p>{t('content.privacy.cookies.session')}</p>
        <p>{t('content.privacy.cookies.tracking')}</p>
      </LegalSection>

      <LegalSection title={t('content.privacy.sharing.title')}>
        <p>{t('content.privacy.sharing.body')}</p>
      </LegalSection>

      <LegalSection title={t('content.privacy.retention.title')}>
        <ul>
          <li>{t('content.privacy.retention.account')}</li>
          <li>{t('content.privacy.retention.ratings')}</li>
          <li>{t('content.privacy.retention.logs')}</li>
          <li>{t('content.privacy.retention.deletion')}</li>
        </ul>
      </LegalSection>

      <LegalSection title={t('content.privacy.children.title')}>
        <p>{t('content.privacy.children.body')}</p>
      </LegalSection>

      <LegalSection title={t('content.privacy.rights.title')}>
        <p>{t('content.privacy.rights.intro')}</p>
        <ul>
          <li>{t('content.privacy.rights.access')}</li>
          <li>{t('content.privacy.rights.correct')}</li>
          <li>{t('content.privacy.rights.delete')}</li>
          <li>{t('content.privacy.rights.restrict')}</li>
          <li>{t('content.privacy.rights.portability')}</li>
          <li>{t('content.privacy.rights.withdraw')}</li>
          <li>{t('content.privacy.rights.complain')}</li>
        </ul>
        <p>{t('content.privacy.rights.selfService')}</p>
        <p>
          <Trans id="content.privacy.rights.contact" components={mail} values={{ email }} />
        </p>
      </LegalSection>

      <LegalSection title={t('content.privacy.security.title')}>
        <p>{t('content.privacy.security.body')}</p>
      </LegalSection>

      <LegalSection title={t('content.privacy.changes.title')}>
        <p>{t('content.privacy.changes.body')}</p>
      </LegalSection>

      <LegalSection title={t('content.privacy.contact.title')}>
        <p>
          <Trans
            id="content.privacy.contact.body"
            components={{ ...mail, 1: <Link href="/terms" /> }}
            values={{ email }}
          />
        </p>
      </LegalSection>
    </LegalPage>
  );
}
