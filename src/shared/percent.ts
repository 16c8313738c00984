/**
 * Shares and averages to one decimal, rounded half up from the integers themselves: scaling the
 * quotient first (145 / 2000 * 100 = 7.249999...) would round a .x5 down.
 */

/** part / whole to one decimal, half up; 0 when whole is 0. */
export function oneDecimalRatio(part: number, whole: number): number {
  if (whole === 0) return 0;
  return Math.round((part * 10) / whole) / 10;
}

/** count as a percentage of total, to one decimal, half up (145 of 2000 is 7.3); 0 when total is 0. */
export function percentOf(count: number, total: number): number {
  return oneDecimalRatio(count * 100, total);
}

/** The mean of ratings from their sum and count, to one decimal, half up; 0 when there are none. */
export function averageOf(sum: number, count: number): number {
  return oneDecimalRatio(sum, count);
}
