import { z } from 'zod';

/**
 * The football-data provider, API-Football (v3) style, as the feed reads it: fixtures, lineups, events
 * and squads. Only the fields the feed uses are read; players are matched by the provider's ids, since
 * names differ between its endpoints. Nothing here touches the database.
 */

/** Why a call gave nothing: the feed backs off on each, longer for a quota than for an outage. */
export type ProviderFailure = 'rate-limited' | 'quota' | 'auth' | 'unavailable' | 'malformed' | 'refused';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: ProviderFailure,
    message: string,
    /** The provider's `retry-after`, in ms, when it gave one. */
    readonly retryAfterMs?: number,
    /** Its count of the day's requests left, when the answer carried one. */
    readonly remaining?: number,
  ) {
    super(message);
  }
}

const id = z.number().int();
const optionalId = id.nullable().optional();

export const providerFixture = z.object({
  fixture: z.object({
    id,
    date: z.string(),
    venue: z.object({ name: z.string().nullish(), city: z.string().nullish() }).partial().nullish(),
    status: z.object({ short: z.string(), elapsed: z.number().int().nullish() }),
  }),
  league: z.object({ name: z.string(), season: z.number().int().nullish(), round: z.string().nullish() }),
  teams: z.object({
    home: z.object({ id, name: z.string() }),
    away: z.object({ id, name: z.string() }),
  }),
  goals: z.object({ home: z.number().int().nullish(), away: z.number().int().nullish() }),
});
export type ProviderFixture = z.infer<typeof providerFixture>;

export const providerEvent = z.object({
  time: z.object({ elapsed: z.number().int().nullish(), extra: z.number().int().nullish() }),
  team: z.object({ id: optionalId }),
  player: z.object({ id: optionalId, name: z.string().nullish() }).nullish(),
  assist: z.object({ id: optionalId, name: z.string().nullish() }).nullish(),
  type: z.string(),
  detail: z.string().nullish(),
});
export type ProviderEvent = z.infer<typeof providerEvent>;

const lineupPlayer = z.object({
  player: z.object({
    id,
    name: z.string(),
    number: z.number().int().nullish(),
    pos: z.string().nullish(),
  }),
});
export const providerLineup = z.object({
  team: z.object({ id }),
  coach: z.object({ id: optionalId, name: z.string().nullish() }).nullish(),
  startXI: z.array(lineupPlayer),
  substitutes: z.array(lineupPlayer),
});
export type ProviderLineup = z.infer<typeof providerLineup>;

export const providerSquad = z.object({
  team: z.object({ id }),
  players: z.array(
    z.object({
      id,
      name: z.string(),
      number: z.number().int().nullish(),
      position: z.string().nullish(),
      photo: z.string().nullish(),
    }),
  ),
});
export type ProviderSquad = z.infer<typeof providerSquad>;

const envelope = <T extends z.ZodType>(item: T) =>
  z.object({
    // A bad key, the day's quota or a rate limit arrive as HTTP 200 with a non-empty `errors`.
    errors: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
    response: z.array(z.unknown()).transform((list) =>
      // An item the feed cannot read is left out rather than failing the whole answer.
      list.flatMap((entry) => {
        const parsed = item.safeParse(entry);
        return parsed.success ? [parsed.data as z.infer<T>] : [];
      }),
    ),
  });

export interface ProviderConfig {
  url: string;
  key: string;
  /** Per request; 10 s unless told. */
  timeoutMs?: number;
}

export interface ProviderAnswer<T> {
  items: T[];
  /** The provider's `x-ratelimit-requests-remaining`. */
  remaining: number | undefined;
}

export interface FootballProvider {
  fixtures(teamId: number, season: number): Promise<ProviderAnswer<ProviderFixture>>;
  fixture(fixtureId: number): Promise<ProviderAnswer<ProviderFixture>>;
  lineups(fixtureId: number): Promise<ProviderAnswer<ProviderLineup>>;
  events(fixtureId: number): Promise<ProviderAnswer<ProviderEvent>>;
  squad(teamId: number): Promise<ProviderAnswer<ProviderSquad>>;
}

const numberHeader = (value: string | null): number | undefined => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** The kind of a refusal that came as HTTP 200 with `errors`, from its keys as the provider names them. */
function refusalOf(errors: Record<string, unknown> | unknown[]): ProviderFailure {
  const keys = Array.isArray(errors) ? [] : Object.keys(errors).map((k) => k.toLowerCase());
  if (keys.includes('requests')) return 'quota';
  if (keys.includes('token')) return 'auth';
  if (keys.includes('ratelimit')) return 'rate-limited';
  return 'refused';
}

export function createFootballProvider(config: ProviderConfig): FootballProvider {
  const base = config.url.replace(/\/+$/, '');

  async function get<T extends z.ZodType>(
    path: string,
    query: Record<string, string | number>,
    item: T,
  ): Promise<ProviderAnswer<z.infer<T>>> {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const what = `${path}?${search}`;
    let res: Response;
    try {
      res = await fetch(`${base}${what}`, {
        headers: { 'x-apisports-key': config.key, accept: 'application/json' },
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new ProviderError('unavailable', `${path}: ${(error as Error).name}`);
    }
    const remaining = numberHeader(res.headers.get('x-ratelimit-requests-remaining'));
    if (res.status === 429) {
      const seconds = numberHeader(res.headers.get('retry-after'));
      await res.body?.cancel();
      throw new ProviderError(
        'rate-limited',
        `${path}: HTTP 429`,
        seconds === undefined ? undefined : seconds * 1000,
        remaining,
      );
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ProviderError('unavailable', `${path}: HTTP ${res.status}`, undefined, remaining);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new ProviderError('malformed', `${path}: not JSON`, undefined, remaining);
    }
    const parsed = envelope(item).safeParse(body);
    if (!parsed.success)
      throw new ProviderError('malformed', `${path}: unexpected answer`, undefined, remaining);
    const { errors, response } = parsed.data;
    if (errors && Object.keys(errors).length > 0) {
      const detail = JSON.stringify(errors).slice(0, 200);
      throw new ProviderError(refusalOf(errors), `${path}: ${detail}`, undefined, remaining);
    }
    return { items: response, remaining };
  }

  return {
    fixtures: (teamId, season) => get('/fixtures', { team: teamId, season }, providerFixture),
    fixture: (fixtureId) => get('/fixtures', { id: fixtureId }, providerFixture),
    lineups: (fixtureId) => get('/fixtures/lineups', { fixture: fixtureId }, providerLineup),
    events: (fixtureId) => get('/fixtures/events', { fixture: fixtureId }, providerEvent),
    squad: (teamId) => get('/players/squads', { team: teamId }, providerSquad),
  };
}
