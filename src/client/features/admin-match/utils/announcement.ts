/** The announcement published with a new match. */
export function announcementText(club: string, opponent: string): string {
  return `${club} Vs ${opponent} Player Ratings! Voting will open after approximately 75 minutes of play.`;
}

/** Today in the admin's own calendar as `YYYY-MM-DD` (the earliest match date). */
export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
