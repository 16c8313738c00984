/**
 * What each synthetic fan does and when, drawn from a seeded generator so a run can be repeated: when
 * the fan arrives (most in the first minutes), in which order and how they rate, whether they change a
 * rating once, whom they pick as Man of the Match, and the pauses between, compressed only when the
 * window is too short for a fan's natural pace.
 */

/** mulberry32: small, fast and good enough to draw a match day. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rand: () => number, low: number, high: number) => low + (high - low) * rand();

/** A normal draw (Box-Muller), for ratings spread around a player's match. */
function normal(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/** The shape of the window: when fans arrive, when they must be done, when the admin acts. */
export interface Window {
  ms: number;
  /** Fans arrive in [0, arrivalsEndMs). */
  arrivalsEndMs: number;
  /** Each fan's pace is compressed so they have voted by then. */
  fansDoneByMs: number;
}

export function windowOf(minutes: number): Window {
  const ms = minutes * 60_000;
  return { ms, arrivalsEndMs: ms * 0.5, fansDoneByMs: ms * 0.85 };
}

/**
 * Arrival times for `count` fans: a density that ramps up over the first 5 % of the window (the app is
 * opened as the match gets going) and then decays with a time constant of a quarter of the window, cut
 * at half of it. For 10 minutes: about 60 % of fans in the first two minutes, the last by minute five.
 */
export function arrivals(count: number, window: Window, rand: () => number): number[] {
  const bins = 1000;
  const ramp = window.ms * 0.05;
  const decay = window.ms * 0.25;
  const width = window.arrivalsEndMs / bins;
  const cdf = new Float64Array(bins);
  let total = 0;
  for (let i = 0; i < bins; i++) {
    const t = (i + 0.5) * width;
    total += Math.min(1, t / ramp) * Math.exp(-t / decay);
    cdf[i] = total;
  }
  const times: number[] = [];
  for (let n = 0; n < count; n++) {
    const target = rand() * total;
    let low = 0;
    let high = bins - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cdf[mid] ?? 0) < target) low = mid + 1;
      else high = mid;
    }
    times.push((low + rand()) * width);
  }
  return times.sort((a, b) => a - b);
}

export interface PlayerRef {
  id: number;
  isManager: boolean;
}

/** One rating (or a change of one) and the pause before it. */
export interface RatingStep {
  playerId: number;
  rating: number;
  pauseMs: number;
  change: boolean;
}

export interface FanScript {
  consentPauseMs: number;
  geolocation: boolean;
  steps: RatingStep[];
  motmPauseMs: number;
  motmPlayerId: number;
}

/** A player's match, as the crowd saw it: the centre of the ratings fans give them (5 to 8.5). */
export function playerForm(playerId: number, seed: number): number {
  return between(random(seed * 7919 + playerId * 104_729), 5, 8.5);
}

const clamp = (value: number) => Math.min(10, Math.max(1, Math.round(value)));

/**
 * A fan's script against the players the server listed for them. Natural pace: 1.5-5 s to accept
 * consent, 2-7 s between ratings, 2-6 s to pick the MOTM; a quarter of fans change one rating once.
 * The pauses are scaled down if the fan would otherwise not be done by `budgetMs`.
 */
export function fanScript(players: PlayerRef[], seed: number, fanIndex: number, budgetMs: number): FanScript {
  const rand = random(seed * 1_000_003 + fanIndex);
  // Most go down the page in its order; some jump around.
  const order = [...players];
  if (rand() < 0.3) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j] as PlayerRef, order[i] as PlayerRef];
    }
  }
  const given = new Map<number, number>();
  const steps: RatingStep[] = [];
  for (const player of order) {
    const rating = clamp(playerForm(player.id, seed) + 1.5 * normal(rand));
    given.set(player.id, rating);
    steps.push({ playerId: player.id, rating, pauseMs: between(rand, 2000, 7000), change: false });
  }
  if (order.length > 2 && rand() < 0.25) {
    // Second thoughts about someone already rated, a few ratings later.
    const at = 2 + Math.floor(rand() * (steps.length - 1));
    const earlier = steps[Math.floor(rand() * Math.min(at, steps.length))] as RatingStep;
    const old = given.get(earlier.playerId) ?? 5;
    const rating = clamp(old + (rand() < 0.5 ? -1 : 1) * (1 + Math.floor(rand() * 2)));
    const changed = rating === old ? (old === 10 ? 9 : old + 1) : rating;
    given.set(earlier.playerId, changed);
    steps.splice(at, 0, {
      playerId: earlier.playerId,
      rating: changed,
      pauseMs: between(rand, 2000, 7000),
      change: true,
    });
  }
  // Mostly the fan's own best-rated outfield player; now and then a sentimental pick.
  const outfield = players.filter((p) => !p.isManager);
  const best = [...outfield].sort(
    (a, b) => (given.get(b.id) ?? 0) - (given.get(a.id) ?? 0) || rand() - 0.5,
  )[0];
  const pick = rand() < 0.8 ? best : outfield[Math.floor(rand() * outfield.length)];

  const script: FanScript = {
    consentPauseMs: between(rand, 1500, 5000),
    geolocation: rand() < 0.3,
    steps,
    motmPauseMs: between(rand, 2000, 6000),
    motmPlayerId: pick?.id ?? 0,
  };
  const natural = script.consentPauseMs + script.motmPauseMs + steps.reduce((sum, s) => sum + s.pauseMs, 0);
  if (natural > budgetMs) {
    // Each fan ends somewhere in the last part of their budget, not all at its very end together.
    const scale = (Math.max(budgetMs, 0) * (0.6 + 0.4 * rand())) / natural;
    script.consentPauseMs *= scale;
    script.motmPauseMs *= scale;
    for (const step of steps) step.pauseMs *= scale;
  }
  return script;
}
