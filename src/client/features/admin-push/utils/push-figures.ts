/** A send's time taken, for the card: seconds to one decimal under a minute, else whole minutes and seconds. */
export function durationParts(ms: number): { minutes: number; seconds: number } {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < 59_950) return { minutes: 0, seconds: Math.round(safe / 100) / 10 };
  const total = Math.round(safe / 1000);
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}

/** Sent as a share of the send's subscriptions, in whole percent (0 for a send to nobody). */
export function deliveredPercent(sent: number, total: number): number {
  return total > 0 ? Math.round((sent / total) * 100) : 0;
}
