/**
 * Benchmark name → its script, relative to bench/, in the order `npm run bench` runs them. Read by
 * bench/run.ts and by `npm test`, which runs each at its smoke size so none of them rots.
 */
export const BENCHMARKS: Record<string, string> = {
  page: 'page.ts',
  ratings: 'ratings.ts',
  reads: 'reads.ts',
  season: 'season.ts',
  matchday: 'matchday.ts',
  brigade: 'brigade.ts',
  fanout: 'fanout.ts',
  'fanout-capacity': 'fanout-capacity.ts',
  logins: 'logins.ts',
  push: 'push.ts',
  restart: 'restart.ts',
};
