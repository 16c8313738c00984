/**
 * Standard competition ranks ("1, 2, 2, 4") over a list already sorted best first: entries that show the
 * same average to one decimal share a rank, since the fan cannot tell them apart on screen.
 */
export function competitionRanks(averages: readonly number[]): number[] {
  const ranks: number[] = [];
  averages.forEach((average, index) => {
    const previous = index > 0 ? averages[index - 1] : undefined;
    const tied = previous !== undefined && previous.toFixed(1) === average.toFixed(1);
    ranks.push(tied ? (ranks[index - 1] ?? index + 1) : index + 1);
  });
  return ranks;
}
