import type { MailMessage } from '../../lib/mailer';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function verificationMail(p: {
  to: string;
  name: string;
  link: string;
  company: string;
}): MailMessage {
  return {
    to: p.to,
    subject: `Confirm your email for ${p.company} Player Ratings`,
    text: [
      `Hi ${p.name},`,
      '',
      `Thanks for signing up to rate the ${p.company} players. Confirm your email address to finish:`,
      '',
      p.link,
      '',
      'The link works once and expires in 48 hours. If you did not sign up, ignore this email.',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(p.name)},</p>
<p>Thanks for signing up to rate the ${escapeHtml(p.company)} players. Confirm your email address to finish:</p>
<p><a href="${escapeHtml(p.link)}">Verify my email</a></p>
<p>Or paste this link into your browser: ${escapeHtml(p.link)}</p>
<p>The link works once and expires in 48 hours. If you did not sign up, ignore this email.</p>`,
  };
}
