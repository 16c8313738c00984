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

function greeting(name: string): { text: string; html: string } {
  const safe = mailSafeName(name);
  return safe ? { text: `Hi ${safe},`, html: `Hi ${escapeHtml(safe)},` } : { text: 'Hi,', html: 'Hi,' };
}

interface LinkMail {
  to: string;
  name: string;
  link: string;
  company: string;
}

/** The sign-up link; `repeat` when the address signed up again before verifying. */
export function verificationMail(p: LinkMail & { repeat?: boolean }): MailMessage {
  const hi = greeting(p.name);
  const repeat = p.repeat
    ? 'This address was signed up more than once before it was verified, so following the link asks you to choose your password: no password set by anyone else will work on your account.'
    : null;
  return {
    to: p.to,
    subject: `Confirm your email for ${p.company} Player Ratings`,
    text: [
      hi.text,
      '',
      `Thanks for signing up to rate the ${p.company} players. Confirm your email address to finish:`,
      '',
      p.link,
      '',
      ...(repeat ? [repeat, ''] : []),
      'The link works once and expires in 48 hours. If you did not sign up, ignore this email.',
    ].join('\n'),
    html: `<p>${hi.html}</p>
<p>Thanks for signing up to rate the ${escapeHtml(p.company)} players. Confirm your email address to finish:</p>
<p><a href="${escapeHtml(p.link)}">Verify my email</a></p>
<p>Or paste this link into your browser: ${escapeHtml(p.link)}</p>
${repeat ? `<p>${escapeHtml(repeat)}</p>\n` : ''}<p>The link works once and expires in 48 hours. If you did not sign up, ignore this email.</p>`,
  };
}

/** The link to choose a new password. */
export function passwordResetMail(p: LinkMail): MailMessage {
  const hi = greeting(p.name);
  return {
    to: p.to,
    subject: `Reset your password for ${p.company} Player Ratings`,
    text: [
      hi.text,
      '',
      `Someone asked to reset the password of your ${p.company} Player Ratings account. Choose a new password here:`,
      '',
      p.link,
      '',
      'The link works once and expires in one hour. If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
    html: `<p>${hi.html}</p>
<p>Someone asked to reset the password of your ${escapeHtml(p.company)} Player Ratings account. Choose a new password here:</p>
<p><a href="${escapeHtml(p.link)}">Choose a new password</a></p>
<p>Or paste this link into your browser: ${escapeHtml(p.link)}</p>
<p>The link works once and expires in one hour. If you did not ask for it, ignore this email: your password stays as it is.</p>`,
  };
}
