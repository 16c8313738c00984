import { LegalPage, LegalSection } from '@client/components/layout/legal-page';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { CONTACT } from '@client/lib/site-config';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { TERMS_UPDATED } from '@shared/domain';
import { Link } from 'wouter';

export function TermsRoute() {
  const company = useCompanyName();
  useDocumentTitle('Terms of Service · Live Player Ratings');
  const mail = <a href={`mailto:${CONTACT.support}`}>{CONTACT.support}</a>;

  return (
    <LegalPage title="Terms of Service" updated={TERMS_UPDATED}>
      <p>
        These terms govern your use of the {company} Live Player Ratings service (&ldquo;the service&rdquo;).
        By creating an account or using the service you agree to them. If you do not agree, please do not use
        the service.
      </p>

      <LegalSection title="1. Who can use the service">
        <p>
          You must be at least 13 years old. If you are under the age of majority where you live, you confirm
          that a parent or guardian has agreed to these terms. You may hold one account, and the details you
          give must be accurate and your own.
        </p>
      </LegalSection>

      <LegalSection title="2. Your account">
        <p>
          Keep your password secret and tell us straight away at {mail} if you think someone else has used
          your account. You are responsible for what happens under your account. You can stop using the
          service and ask us to delete your account at any time.
        </p>
      </LegalSection>

      <LegalSection title="3. Ratings and votes">
        <ul>
          <li>
            Ratings and Man of the Match votes are the personal opinions of fans. They are not official club
            assessments and do not reflect the views of {company}, its players or staff.
          </li>
          <li>
            Voting is open only while a match is live. Once you submit your final vote it cannot be changed,
            and ratings submitted after voting has closed are not counted.
          </li>
          <li>
            Season statistics and recent form shown next to players are illustrative placeholder figures, not
            official data.
          </li>
          <li>
            We may leave out or remove ratings and votes that we reasonably believe were not cast fairly.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="4. Fair play">
        <p>When you use the service you agree not to:</p>
        <ul>
          <li>create more than one account, or use someone else&apos;s account;</li>
          <li>use scripts, bots or other automated means to rate, vote or collect data;</li>
          <li>
            try to manipulate results, get around limits, or access data or areas you are not allowed to;
          </li>
          <li>interfere with, overload or probe the security of the service;</li>
          <li>use the service for anything unlawful, abusive or misleading.</li>
        </ul>
      </LegalSection>

      <LegalSection title="5. Names, logos and content">
        <p>
          Club names, crests, player names and images, and other content in the service belong to {company} or
          to their respective owners and are used for fan engagement only. You may not copy, sell or reuse
          them without permission. Links to third-party sites and social networks are provided for
          convenience; their own terms apply there.
        </p>
      </LegalSection>

      <LegalSection title="6. Availability and changes">
        <p>
          We aim to keep the service running during matches but cannot promise it will always be available, on
          time or free of errors. We may change, suspend or end features at any time, for example for
          maintenance or security.
        </p>
      </LegalSection>

      <LegalSection title="7. Suspension and termination">
        <p>
          We may suspend or close an account that breaks these terms, or where we must do so by law. You may
          close your account at any time. Sections 5, 8 and 10 continue to apply after your account ends.
        </p>
      </LegalSection>

      <LegalSection title="8. Liability">
        <p>
          The service is free and provided &ldquo;as is&rdquo;. To the extent the law allows, we are not
          liable for indirect or consequential loss, or for loss of data, arising from your use of the
          service. Nothing in these terms limits liability that cannot be limited by law, such as for death or
          personal injury caused by negligence, or your statutory rights as a consumer.
        </p>
      </LegalSection>

      <LegalSection title="9. Your privacy">
        <p>
          How we handle your personal data is described in our <Link href="/privacy">Privacy Policy</Link>,
          which forms part of these terms.
        </p>
      </LegalSection>

      <LegalSection title="10. Changes to these terms and governing law">
        <p>
          We may update these terms; the date at the top shows the latest version. If a change is significant
          we will tell you in the service before it applies, and continuing to use the service afterwards
          means you accept it. These terms are governed by the laws of England and Wales, and its courts have
          jurisdiction, without taking away any protection you have under the laws of the country where you
          live.
        </p>
      </LegalSection>

      <LegalSection title="11. Contact">
        <p>Questions about these terms: {mail}.</p>
      </LegalSection>
    </LegalPage>
  );
}
