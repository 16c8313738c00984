import { LegalPage, LegalSection } from '@client/components/layout/legal-page';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { CONTACT } from '@client/lib/site-config';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PRIVACY_UPDATED } from '@shared/domain';
import { Link } from 'wouter';

export function PrivacyRoute() {
  const company = useCompanyName();
  useDocumentTitle('Privacy Policy · Live Player Ratings');
  const mail = <a href={`mailto:${CONTACT.privacy}`}>{CONTACT.privacy}</a>;

  return (
    <LegalPage title="Privacy Policy" updated={PRIVACY_UPDATED}>
      <p>
        This policy explains what personal data the {company} Live Player Ratings service (&ldquo;the
        service&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) collects when you use it, why we collect it, how
        long we keep it and the choices and rights you have. We keep it short and collect only what the
        service needs to work.
      </p>

      <LegalSection title="1. What we collect">
        <ul>
          <li>
            <strong>Account details:</strong> your name and e-mail address, a securely hashed password (we
            never store or see it in plain text) or, if you sign in with a social provider, the identifier
            that provider gives us. If you choose to, whether you want to receive updates from {company}.
          </li>
          <li>
            <strong>Ratings and votes:</strong> the 1 to 10 ratings you give players and the manager, your Man
            of the Match choice, the match they belong to and when you submitted them.
          </li>
          <li>
            <strong>Geolocation (optional):</strong> only if you tick &ldquo;Optional: Geolocation
            data&rdquo;, your approximate location when you take part. Without that consent we do not collect
            it.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, browser type, device type, the time of your
            requests and basic error logs. These are needed to run and protect the service, for example to
            limit repeated failed sign-in attempts.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="2. Why we use it">
        <ul>
          <li>To create and secure your account, verify your e-mail address and sign you in.</li>
          <li>
            To record your ratings and votes, work out match averages, the fan leaderboard and the Man of the
            Match, and show them to you and other fans. Results are shown as totals and averages, never with
            your name or e-mail attached.
          </li>
          <li>To keep the service reliable and safe, prevent abuse and fix problems.</li>
          <li>To send you updates from {company}, only if you opted in. You can opt out at any time.</li>
          <li>With your consent, to understand in broad terms where fans take part from.</li>
        </ul>
        <p>
          Our legal bases are the agreement between us when you use the service (account and ratings), our
          legitimate interest in running a secure service (technical data) and your consent (geolocation,
          updates and any analytics or tracking).
        </p>
      </LegalSection>

      <LegalSection title="3. Consent and withdrawing it">
        <p>
          When you first sign in we ask for your consent. Rating data collection is required to take part,
          because a rating cannot be counted without being stored. Geolocation is optional and off unless you
          switch it on. If you decline, you are signed out and nothing further is collected.
        </p>
        <p>
          You can withdraw your consent at any time by e-mailing {mail} or by deleting your account with
          &ldquo;Delete account&rdquo; in your account menu. Withdrawing consent does not affect processing
          that happened before you withdrew it.
        </p>
      </LegalSection>

      <LegalSection title="4. Cookies and local storage">
        <p>
          We use a single session cookie to keep you signed in. It is strictly necessary, is not readable by
          scripts on the page and ends when you sign out or it expires. Your browser&apos;s local storage
          keeps a copy of your basic profile so the page can show it straight away, and it may keep ratings
          made while you were offline until they can be sent. Signing out clears your profile copy.
        </p>
        <p>
          Analytics or marketing tracking, if the club switches it on, runs only after you have given your
          consent. We do not sell your data or let advertisers track you through the service.
        </p>
      </LegalSection>

      <LegalSection title="5. Who we share it with">
        <p>
          We share personal data only with providers that help us run the service (hosting, e-mail delivery
          and, if you opted in, the newsletter provider), under contracts that require them to protect it and
          use it only on our instructions, and with authorities where the law requires it. If you sign in with
          a social provider, that provider learns that you signed in to the service.
        </p>
      </LegalSection>

      <LegalSection title="6. How long we keep it">
        <ul>
          <li>Account details: for as long as your account exists.</li>
          <li>
            Ratings and votes: for as long as your account exists. Match results already published may keep
            totals and averages that no longer identify you.
          </li>
          <li>Technical logs: no longer than 90 days, unless needed to investigate abuse.</li>
          <li>
            When you delete your account, or ask us to, your profile, sessions and e-mails to you are deleted
            at once. Your ratings and votes stay only without your name, so match results stay right. Anything
            else still tied to your e-mail address, such as records of failed sign-ins, is deleted within 30
            days of the deletion. If you signed up for our newsletter, we also ask the newsletter provider to
            remove your e-mail address within the same 30 days.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="7. Children">
        <p>
          The service is not intended for children under 13, and we do not knowingly collect their data. If
          you believe a child under 13 has created an account, contact us and we will delete it.
        </p>
      </LegalSection>

      <LegalSection title="8. Your rights">
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy of it;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data deleted;</li>
          <li>restrict or object to our processing of it;</li>
          <li>receive your data in a portable format;</li>
          <li>withdraw your consent at any time;</li>
          <li>
            complain to your data protection authority (in the UK, the Information Commissioner&apos;s
            Office).
          </li>
        </ul>
        <p>
          You can do two of these yourself at any time: open your account menu (your picture at the top of the
          page) and choose &ldquo;Download my data&rdquo; for a copy of everything we hold about you as a JSON
          file, or &ldquo;Delete account&rdquo; to delete your account.
        </p>
        <p>To use any of these rights, e-mail {mail}. We answer within one month.</p>
      </LegalSection>

      <LegalSection title="9. Security">
        <p>
          Passwords are stored only as strong one-way hashes, connections are encrypted in transit, sessions
          can be ended by signing out, and access to administrative tools is limited to club administrators.
        </p>
      </LegalSection>

      <LegalSection title="10. Changes to this policy">
        <p>
          If we change this policy we update the date at the top. If a change affects how we use data you have
          already given us, we will ask for your consent again before it applies.
        </p>
      </LegalSection>

      <LegalSection title="11. Contact">
        <p>
          Questions about this policy or your data: {mail}. Our <Link href="/terms">Terms of Service</Link>{' '}
          explain the rules for using the service.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
