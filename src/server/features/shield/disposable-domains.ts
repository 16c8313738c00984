/**
 * Throwaway mail services: an address at one is a signal, never a refusal (a fan may use one to keep
 * their own address private). The best-known ones; a brigade's scripts reach for these first.
 */
const DISPOSABLE_DOMAINS = new Set(
  [
    '10minutemail.com 20minutemail.com anonaddy.me burnermail.io discard.email dispostable.com',
    'emailondeck.com fakeinbox.com getairmail.com getnada.com guerrillamail.com guerrillamail.net',
    'guerrillamailblock.com inboxkitten.com mail.tm mailcatch.com maildrop.cc mailinator.com',
    'mailnesia.com mintemail.com moakt.com mohmal.com mytemp.email sharklasers.com spamgourmet.com',
    'temp-mail.org tempail.com tempmail.dev tempmailo.com tempr.email throwawaymail.com trashmail.com',
    'trashmail.de yopmail.com yopmail.fr',
  ]
    .join(' ')
    .split(' '),
);

export function isDisposableDomain(domain: string): boolean {
  return DISPOSABLE_DOMAINS.has(domain.toLowerCase());
}
