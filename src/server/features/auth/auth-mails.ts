import type { ClubColours } from '@shared/club-colours';
import { clubPalette } from '@shared/club-palette';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@shared/i18n/locales';
import { translator } from '../../lib/i18n';
import type { MailMessage } from '../../lib/mailer';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The account's name as a mail may greet it: letters, marks, spaces, apostrophes and hyphens only, at
 * most 50 characters. Nothing else (no dot, colon, slash, @ or digit) so no mail client can turn any of
 * it into a link, an address or a phone number. Any other name is left out of the mail.
 */
export function mailSafeName(name: string): string | null {
  const plain = name.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (plain.length > 50) return null;
  return /^[\p{L}\p{M}](?:[\p{L}\p{M} '\u2019-]*[\p{L}\p{M}])?$/u.test(plain) ? plain : null;
}

/** The language a mail is written in: the account's, else English. */
export function mailLocale(locale: string | null | undefined): Locale {
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** One message of the mail catalogue as plain text and as HTML (its values escaped). */
function say(locale: Locale, key: string, values: Record<string, string> = {}) {
  const i18n = translator(locale);
  const escaped = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)]));
  return { text: i18n._(key, values), html: i18n._(key, escaped) };
}

function greeting(locale: Locale, name: string): { text: string; html: string } {
  const safe = mailSafeName(name);
  return safe ? say(locale, 'mail.greeting', { name: safe }) : say(locale, 'mail.greetingNoName');
}

interface LinkMail {
  to: string;
  name: string;
  link: string;
  company: string;
  /** The club's colours: the mail's band and button are drawn in them. */
  colours: ClubColours;
  locale: Locale;
}

/**
 * A mail of the club's name on its dark band, a greeting, an introduction, one link (as a button in the
 * club's colour and written out) and closing lines. Inline styles: mail clients drop style sheets.
 */
function linkMail(
  p: LinkMail,
  parts: { subject: string; intro: string; button: string; closing: string[] },
): MailMessage {
  const hi = greeting(p.locale, p.name);
  const intro = say(p.locale, parts.intro, { company: p.company });
  const closing = parts.closing.map((key) => say(p.locale, key));
  const { light, dark } = clubPalette(p.colours);
  const band = `margin:0 0 16px;padding:12px 16px;background:${dark.chrome};color:#ffffff;font-weight:700`;
  const button = `display:inline-block;padding:12px 20px;border-radius:8px;background:${light.primary};color:${light.primaryForeground};font-weight:600;text-decoration:none`;
  return {
    to: p.to,
    subject: say(p.locale, parts.subject, { company: p.company }).text,
    text: [hi.text, '', intro.text, '', p.link, '', ...closing.flatMap((line) => [line.text, ''])]
      .join('\n')
      .trimEnd(),
    html: [
      `<p style="${band}">${escapeHtml(p.company)}</p>`,
      `<p>${hi.html}</p>`,
      `<p>${intro.html}</p>`,
      `<p><a href="${escapeHtml(p.link)}" style="${button}">${say(p.locale, parts.button).html}</a></p>`,
      `<p>${say(p.locale, 'mail.pasteLink', { link: p.link }).html}</p>`,
      ...closing.map((line) => `<p>${line.html}</p>`),
    ].join('\n'),
  };
}

/** The sign-up link; `repeat` when the address signed up again before verifying. */
export function verificationMail(p: LinkMail & { repeat?: boolean }): MailMessage {
  return linkMail(p, {
    subject: 'mail.verify.subject',
    intro: 'mail.verify.intro',
    button: 'mail.verify.button',
    closing: [...(p.repeat ? ['mail.verify.repeat'] : []), 'mail.verify.expiry'],
  });
}

/** The link to choose a new password. */
export function passwordResetMail(p: LinkMail): MailMessage {
  return linkMail(p, {
    subject: 'mail.reset.subject',
    intro: 'mail.reset.intro',
    button: 'mail.reset.button',
    closing: ['mail.reset.expiry'],
  });
}
