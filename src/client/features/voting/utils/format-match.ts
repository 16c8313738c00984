import { formatNumber } from '@client/lib/intl-format';
/** Wording of the voting screens. */

/** A count with its noun, singular for one ("1 rating", "12 ratings", "1,204 ratings"). */
export function countLabel(count: number, noun: string): string {
  return `${formatNumber(count)} ${noun}${count === 1 ? '' : 's'}`;
}
