// Held in memory only: an e-mail address never goes into the address bar, the history or storage.
let handedOver = '';

/** Carries the address typed into a sign-in form over to the forgot-password screen. */
export function handOverEmail(email: string): void {
  handedOver = email.trim();
}

/** The address a sign-in form handed over, or ''. */
export function handedOverEmail(): string {
  return handedOver;
}
