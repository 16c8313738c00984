/**
 * The specs' time budgets are sized on an idle 2-core machine. CI's machine has run the same browser
 * steps up to four times slower (a busy host), so there every test's budget, the default wait of an
 * assertion and the wait for a shared server are stretched by E2E_TIME_SCALE (3 under CI unless set).
 * A slow machine then waits longer; a page that never gets there still fails.
 */
const fromEnv = Number(process.env.E2E_TIME_SCALE);
export const TIME_SCALE = Number.isFinite(fromEnv) && fromEnv >= 1 ? fromEnv : process.env.CI ? 3 : 1;

/** A budget in milliseconds, stretched for this machine. */
export function budget(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}
