/**
 * The admin's side of the match day, all through the product's API: sign in, publish the squad, start
 * the match, move the score, end it; and, through the test-only simulation routes, sign up the fans and
 * read back what the database holds.
 */
import { loginBody } from '@shared/auth';
import { type Match, match as matchSchema } from '@shared/matches';
import { type Player, playerList } from '@shared/players';
import {
  SIMULATION_LIMITS,
  type SimulationFans,
  type SimulationRatingRows,
  type SimulationSummary,
  type SimulationVoteRows,
  simulationFans,
  simulationRatingRows,
  simulationSummary,
  simulationVoteRows,
} from '@shared/simulation';
import type { z } from 'zod';
import type { Answer, Api, CallKind } from './simulator-calls';
import { cookieOf, json } from './simulator-calls';

/** Setup and read-back calls wait longer than a fan would: they move thousands of rows. */
const SLOW_MS = 120_000;

export class Admin {
  private constructor(
    private readonly api: Api,
    readonly cookie: string,
  ) {}

  static async signIn(api: Api, email: string, password: string): Promise<Admin> {
    const answer = await api.call('admin', 'POST', '/api/auth/login', {
      body: loginBody.parse({ email, password }),
    });
    const cookie = cookieOf(answer);
    if (answer.status !== 200 || !cookie) throw new Error(`admin sign-in: ${failure(answer)}`);
    return new Admin(api, cookie);
  }

  private async ask<T>(
    what: string,
    schema: z.ZodType<T>,
    method: string,
    path: string,
    body?: unknown,
    kind: CallKind = 'admin',
  ): Promise<T> {
    const answer = await this.api.call(kind, method, path, { cookie: this.cookie, body, timeoutMs: SLOW_MS });
    if (answer.status < 200 || answer.status >= 300) throw new Error(`${what}: ${failure(answer)}`);
    return schema.parse(json(answer));
  }

  private async act(what: string, method: string, path: string, body?: unknown): Promise<void> {
    const answer = await this.api.call('admin', method, path, {
      cookie: this.cookie,
      body,
      timeoutMs: SLOW_MS,
    });
    if (answer.status < 200 || answer.status >= 300) throw new Error(`${what}: ${failure(answer)}`);
  }

  /**
   * As setupMatchDay (bench/lib/product.ts) does: the squad's goalkeeper and ten outfield starters, two
   * substitutes and the manager published for rating, then a new match started.
   */
  async startMatch(opponent: string): Promise<{ match: Match; available: Player[] }> {
    const squad = await this.ask('players', playerList, 'GET', '/api/players');
    const manager = squad.find((p) => p.isManager && p.isActive);
    const outfield = squad.filter((p) => !p.isManager && p.isActive);
    const keeper = outfield.find((p) => p.position === 'Goalkeeper');
    if (!manager || !keeper) throw new Error('the squad has no manager or goalkeeper');
    const starters = [keeper, ...outfield.filter((p) => p.position !== 'Goalkeeper').slice(0, 10)];
    const substitutes = outfield.filter((p) => !starters.includes(p)).slice(0, 2);
    await this.act('update-squad', 'POST', '/api/admin/update-squad', {
      startingXI: [...starters.map((p) => p.id), manager.id],
      substitutes: substitutes.map((p) => p.id),
    });
    const available = [...starters, ...substitutes, manager];
    await this.act('available-for-rating', 'POST', '/api/admin/available-for-rating', {
      playerIds: available.map((p) => p.id),
    });
    const created = await this.ask('create match', matchSchema, 'POST', '/api/matches', { opponent });
    const match = await this.ask('start match', matchSchema, 'PATCH', `/api/matches/${created.id}`, {
      isLive: true,
    });
    return { match, available };
  }

  async updateMatch(matchId: number, changes: Record<string, unknown>): Promise<Match> {
    return this.ask('update match', matchSchema, 'PATCH', `/api/matches/${matchId}`, changes);
  }

  /** `count` verified fans without consent, in calls of at most SIMULATION_LIMITS.maxFansPerCall. */
  async signUpFans(prefix: string, count: number): Promise<SimulationFans['fans']> {
    const fans: SimulationFans['fans'] = [];
    for (let first = 0; first < count; first += SIMULATION_LIMITS.maxFansPerCall) {
      const batch = Math.min(SIMULATION_LIMITS.maxFansPerCall, count - first);
      const answer = await this.ask('sign up fans', simulationFans, 'POST', '/api/simulation/fans', {
        prefix,
        first,
        count: batch,
      });
      fans.push(...answer.fans);
    }
    return fans;
  }

  async summary(matchId: number): Promise<SimulationSummary> {
    return this.ask('summary', simulationSummary, 'GET', `/api/simulation/matches/${matchId}/summary`);
  }

  async storedRatings(matchId: number): Promise<SimulationRatingRows['rows']> {
    return this.pages(simulationRatingRows, `/api/simulation/matches/${matchId}/ratings`);
  }

  async storedVotes(matchId: number): Promise<SimulationVoteRows['rows']> {
    return this.pages(simulationVoteRows, `/api/simulation/matches/${matchId}/votes`);
  }

  private async pages<Row extends { id: number }>(
    schema: z.ZodType<{ rows: Row[] }>,
    path: string,
  ): Promise<Row[]> {
    const all: Row[] = [];
    const limit = SIMULATION_LIMITS.maxRowsPerPage;
    for (let afterId = 0; ; ) {
      const { rows } = await this.ask(
        'read back',
        schema,
        'GET',
        `${path}?afterId=${afterId}&limit=${limit}`,
      );
      all.push(...rows);
      if (rows.length < limit) return all;
      afterId = rows.at(-1)?.id ?? afterId;
    }
  }
}

function failure(answer: Answer): string {
  return answer.status === 0
    ? `no answer (${answer.error})`
    : `${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`;
}
