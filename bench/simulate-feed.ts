/**
 * A match day run by the football-data feed alone, replayed in minutes: the product is started against
 * the local fake provider (tests/fakes) on a clock running `--speed` times real time (60: a minute a
 * second). The feed imports the fixtures and the squad, publishes the lineup when it is announced, takes
 * the match live at kick-off, follows the goals (one cancelled by VAR), half time and a substitution, and
 * opens the vote at full time for its window; `--fans` fans rate who they may and vote before it closes.
 * Nobody signs in as admin for any of it (the admin's session only makes the simulated fans).
 *
 *   npm run simulate -- --feed [--speed 60] [--fans 20]
 *
 * Exits 1 if the match does not end by itself with a report resting on every fan's ballot.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { MatchReport } from '@shared/match-reports';
import type { Match } from '@shared/matches';
import type { Player } from '@shared/players';
import { SESSION_COOKIE } from '../src/server/lib/sessions';
import { startFootballFixtureServer } from '../tests/fakes/football-fixture-server';
import { matchDayWorld } from '../tests/fakes/football-world';
import { type Cleanup, freePort, productEnv, ROOT, startServer } from '../tests/support/processes';

const MINUTE = 60_000;

interface Fan {
  id: string;
  cookie: string;
  rated: Set<number>;
  voted: boolean;
}

async function call<T>(base: string, method: string, route: string, cookie?: string, body?: unknown) {
  const res = await fetch(new URL(route, base), {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function simulateFeed(argv: string[], cleanup: Cleanup): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: { speed: { type: 'string' }, fans: { type: 'string' }, feed: { type: 'boolean' } },
  });
  const speed = Math.min(600, Math.max(1, Number(values.speed ?? 60)));
  const fanCount = Math.min(200, Math.max(1, Number(values.fans ?? 20)));

  // The fake clock starts now and kicks off 100 fake minutes later: lineups appear 35 minutes before.
  const origin = Date.now();
  const start = Math.ceil(origin / MINUTE) * MINUTE;
  const kickOff = start + 100 * MINUTE;
  const fakeNow = () => start + (Date.now() - origin) * speed;
  const provider = await startFootballFixtureServer({
    world: matchDayWorld(new Date(kickOff)),
    now: fakeNow,
  });
  cleanup.add(() => provider.close());

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'matchday-feed-'));
  cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const adminEmail = 'feed-admin@simulation.invalid';
  const adminPassword = randomBytes(12).toString('hex');
  const env = productEnv(port, dataDir, {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    SIMULATION: '1',
    FOOTBALL_API_URL: provider.url,
    FOOTBALL_API_KEY: provider.key,
    FOOTBALL_TEAM_ID: '33',
    SIMULATION_FEED_CLOCK: `${origin}:${start}:${speed}`,
  });
  delete env.DATABASE_URL;
  const server = await startServer({
    name: 'product',
    script: path.join(ROOT, 'src/server/main.ts'),
    port,
    env,
    timeoutMs: 180_000,
  });
  cleanup.add(() => server.stop());
  const base = server.url;
  const clock = () => new Date(fakeNow()).toISOString().slice(11, 16);
  const say = (line: string) => console.log(`[${clock()} on the match's clock] ${line}`);
  say(
    `the product runs at ${base}, the fake provider at ${provider.url}; kick-off at ${new Date(kickOff).toISOString().slice(11, 16)}`,
  );

  const login = await fetch(new URL('/api/auth/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  const adminCookie = (
    login.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? ''
  ).split(';')[0];
  if (login.status !== 200 || !adminCookie) throw new Error(`admin sign-in: HTTP ${login.status}`);
  const made = await call<{ fans: { id: string; token: string }[] }>(
    base,
    'POST',
    '/api/simulation/fans',
    adminCookie,
    {
      prefix: 'feed',
      count: fanCount,
    },
  );
  if (made.status !== 201) throw new Error(`fans: HTTP ${made.status}`);
  const fans: Fan[] = made.body.fans.map((f) => ({
    id: f.id,
    cookie: `${SESSION_COOKIE}=${f.token}`,
    rated: new Set(),
    voted: false,
  }));
  // Consent through the real route, as a fan's page gives it.
  for (const fan of fans) {
    const consent = await call(base, 'PATCH', `/api/user/${fan.id}/consent`, fan.cookie, {
      consentGiven: true,
    });
    if (consent.status !== 200) throw new Error(`consent: HTTP ${consent.status}`);
  }
  const watcher = fans[0] as Fan;
  const refused = new Map<number, number>();

  let last = '';
  let matchId: number | null = null;
  const deadline = Date.now() + (kickOff - start + 200 * MINUTE) / speed;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = (await call<Match | null>(base, 'GET', '/api/matches/current', watcher.cookie)).body;
    if (!current) continue;
    const available = (await call<Player[]>(base, 'GET', '/api/players/available-for-rating', watcher.cookie))
      .body;
    const state = `${current.title} ${current.score} ${current.status}${current.isHalfTime ? ' (half time)' : ''}${
      current.fullTimeAt ? ` full time, voting closes ${current.votingClosesAt?.slice(11, 16)}` : ''
    } · ${available.length} to rate`;
    if (state !== last) say(state);
    last = state;
    if (current.isLive) {
      matchId = current.id;
      await Promise.all(
        fans.map(async (fan) => {
          for (const player of available.filter((p) => !fan.rated.has(p.id))) {
            const rating = 5 + ((player.id + fan.id.charCodeAt(0)) % 5);
            const answer = await call(base, 'POST', '/api/ratings', fan.cookie, {
              userId: fan.id,
              playerId: player.id,
              matchId: current.id,
              rating,
            });
            if (answer.status === 200) fan.rated.add(player.id);
            else refused.set(answer.status, (refused.get(answer.status) ?? 0) + 1);
          }
          if (current.fullTimeAt && !fan.voted) {
            const motm = available.find((p) => !p.isManager);
            const answer = await call(base, 'POST', '/api/user-votes', fan.cookie, {
              userId: fan.id,
              matchId: current.id,
              motmPlayerId: motm?.id,
            });
            if (answer.status === 201) fan.voted = true;
          }
        }),
      );
    }
    if (matchId !== null && !current.isLive && current.id === matchId) break;
  }
  if (matchId === null) {
    console.log('FAILED: the match never went live');
    return 1;
  }
  const report = await call<MatchReport>(base, 'GET', `/api/matches/${matchId}/report`);
  if (report.status !== 200) {
    console.log(`FAILED: no report (HTTP ${report.status}): the vote did not close by itself`);
    return 1;
  }
  const top = report.body.players[0];
  say(
    `voting closed by itself: ${report.body.match.title} ${report.body.match.score}, ${report.body.raters} fans rated, ` +
      `${report.body.totalVotes} voted; top rated ${top?.name} ${top?.averageRating}; MOTM ${report.body.motm?.player.name}`,
  );
  const apiCalls = provider.requests.filter((r) => !r.path.startsWith('/photos/')).length;
  say(`the provider answered ${apiCalls} requests (photos aside)`);
  if (refused.size > 0) say(`ratings refused: ${JSON.stringify(Object.fromEntries(refused))}`);
  const ok = report.body.raters === fanCount && report.body.totalVotes === fanCount;
  console.log(ok ? 'ok: the feed ran the match day by itself' : 'FAILED: some fans’ ballots are missing');
  return ok ? 0 : 1;
}
