import type { MatchReport } from '@shared/match-reports';
import { averageOf } from '@shared/percent';
import {
  type BallotReview,
  type BallotVerdict,
  DEFAULT_SHIELD_RULES,
  type ReviewQueue,
  SHIELD_ERRORS,
  type ShieldRules,
  type ShieldSignal,
  SIGNAL_POINTS,
  shieldRules,
} from '@shared/shield';
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';
import { shieldSettings } from '../../db/schema';
import { upsertSingleton } from '../../db/singleton';
import { notFound } from '../../lib/http-error';
import { counted } from '../match-day/results.service';
import { isDisposableDomain } from './disposable-domains';

export async function readShieldRules(db: Database): Promise<ShieldRules> {
  const [row] = await db.select({ rules: shieldSettings.rules }).from(shieldSettings).limit(1);
  // Rules saved before a setting existed take its default.
  const kept = typeof row?.rules === 'object' && row.rules !== null ? row.rules : {};
  const saved = shieldRules.safeParse({ ...DEFAULT_SHIELD_RULES, ...kept });
  return row && saved.success ? saved.data : DEFAULT_SHIELD_RULES;
}

export async function saveShieldRules(db: Database, rules: ShieldRules): Promise<ShieldRules> {
  await upsertSingleton(db, shieldSettings, { rules });
  return rules;
}

/** What the database tells of one fan's ballot; the signals are read from it by the rules. */
interface BallotFacts {
  user_id: string;
  ratings: number;
  seconds: number;
  all_low: boolean;
  all_high: boolean;
  gap: number | null;
  new_account: boolean;
  first_match: boolean;
  domain: string;
  crowded: boolean;
}

export function signalsOf(facts: BallotFacts, rules: ShieldRules): ShieldSignal[] {
  const found: ShieldSignal[] = [];
  if (facts.new_account) found.push('newAccount');
  if (facts.first_match) found.push('firstMatch');
  if (facts.crowded) found.push('crowdedNetwork');
  // Three ratings at least: one quick tap is no pattern.
  if (facts.ratings >= 3 && facts.seconds * 10 < rules.tenthsPerRating * facts.ratings) found.push('tooFast');
  if ((facts.ratings >= 3 && (facts.all_low || facts.all_high)) || (facts.gap ?? 0) >= rules.extremeGap)
    found.push('extremeRun');
  if (isDisposableDomain(facts.domain)) found.push('disposableMail');
  return found;
}

export function verdictOf(
  signals: readonly ShieldSignal[],
  rules: ShieldRules,
): { points: number; verdict: BallotVerdict } {
  const points = signals.reduce((sum, signal) => sum + SIGNAL_POINTS[signal], 0);
  if (!rules.enabled) return { points, verdict: 'counted' };
  return {
    points,
    verdict: points >= rules.excludeAt ? 'excluded' : points >= rules.holdAt ? 'held' : 'counted',
  };
}

/**
 * Reads ballots of one match for the shield's signals and keeps the verdicts: the voters' (with the
 * network each vote came from), or everyone's at full time and at each correction. An admin's decision
 * is never changed by a later reading. When a vote finds its network crowded, the other ballots from that
 * network are read again, so the first of a brigade are caught with the last.
 */
export async function reviewBallots(
  db: Database,
  matchId: number,
  voters?: ReadonlyArray<{ userId: string; network: string | null }>,
): Promise<void> {
  const rules = await readShieldRules(db);
  // Switched off, the shield reads nothing and every ballot counts as it always did.
  if (!rules.enabled) return;
  const located = voters?.filter((v) => v.network) ?? [];
  if (located.length > 0)
    await db.execute(sql`
      insert into ballot_reviews (match_id, user_id, network, signals, points, verdict)
      select ${matchId}, t.user_id, t.network, '{}', 0, 'counted'
      from unnest(${uuidArray(located.map((v) => v.userId))}::uuid[],
                  ${textArray(located.map((v) => v.network ?? ''))}::text[]) as t(user_id, network)
      on conflict (match_id, user_id) do update set network = excluded.network`);
  const ids = voters?.map((v) => v.userId) ?? null;
  const facts = await ballotFacts(db, matchId, rules, ids);
  await keep(db, matchId, facts, rules);
  if (!ids) return;
  const crowdedNetworks = [
    ...new Set(
      facts
        .filter((f) => f.crowded)
        .map((f) => voters?.find((v) => v.userId === f.user_id)?.network)
        .filter((n): n is string => Boolean(n)),
    ),
  ];
  if (crowdedNetworks.length === 0) return;
  const others = await rows<{ user_id: string }>(
    db,
    sql`select user_id from ballot_reviews
        where match_id = ${matchId} and network = any(${textArray(crowdedNetworks)}::text[])
          and not (user_id = any(${uuidArray(ids)}::uuid[]))`,
  );
  if (others.length > 0)
    await keep(
      db,
      matchId,
      await ballotFacts(
        db,
        matchId,
        rules,
        others.map((o) => o.user_id),
      ),
      rules,
    );
}

/** A PostgreSQL array literal of ids (uuids: no quoting needed). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
/** A PostgreSQL array literal of texts, each quoted. */
const textArray = (texts: readonly string[]) =>
  `{${texts.map((t) => `"${t.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

async function ballotFacts(
  db: Database,
  matchId: number,
  rules: ShieldRules,
  userIds: string[] | null,
): Promise<BallotFacts[]> {
  const only = userIds ? sql`and r.user_id = any(${uuidArray(userIds)}::uuid[])` : sql``;
  const fresh = sql`make_interval(hours => ${rules.newAccountHours})`;
  const window = sql`make_interval(mins => ${rules.networkWindowMinutes})`;
  return rows<BallotFacts>(
    db,
    sql`with m as (select coalesce(started_at, created_at) as kickoff from matches where id = ${matchId}),
        raters as (
          select r.user_id, count(*)::int as ratings,
                 extract(epoch from max(r.updated_at) - min(r.created_at))::float8 as seconds,
                 bool_and(r.rating = 1) as all_low, bool_and(r.rating = 10) as all_high
          from ratings r
          where r.match_id = ${matchId} and r.user_id is not null ${only}
          group by r.user_id),
        crowd as (
          -- The crowd's middle, not its mean: a brigade moves a mean towards itself, hardly a median.
          select player_id, percentile_cont(0.5) within group (order by rating)::float8 as mean
          from ratings where match_id = ${matchId} group by player_id),
        gaps as (
          select r.user_id, max(abs(r.rating - c.mean))::float8 as gap
          from ratings r join crowd c on c.player_id = r.player_id
          where r.match_id = ${matchId} and r.user_id in (select user_id from raters)
          group by r.user_id)
        select x.user_id, x.ratings, x.seconds, x.all_low, x.all_high, g.gap,
          u.created_at > m.kickoff - ${fresh} as new_account,
          not exists (select 1 from ratings o where o.user_id = x.user_id and o.match_id <> ${matchId}) as first_match,
          split_part(u.email, '@', 2) as domain,
          (u.signup_network is not null and (
             select count(*) from users v
             where v.signup_network = u.signup_network
               and v.created_at between u.created_at - ${window} and u.created_at + ${window}
           ) >= ${rules.networkCrowd})
          or (b.network is not null and (
             select count(*) from ballot_reviews o join users ou on ou.id = o.user_id
             where o.match_id = ${matchId} and o.network = b.network and ou.created_at > m.kickoff - ${fresh}
           ) >= ${rules.networkCrowd}) as crowded
        from raters x
        join users u on u.id = x.user_id
        cross join m
        left join gaps g on g.user_id = x.user_id
        left join ballot_reviews b on b.match_id = ${matchId} and b.user_id = x.user_id`,
  );
}

/** Keeps each ballot's signals and points; the verdict too, unless an admin decided it. */
async function keep(db: Database, matchId: number, facts: BallotFacts[], rules: ShieldRules): Promise<void> {
  if (facts.length === 0) return;
  const read = facts.map((f) => {
    const signals = signalsOf(f, rules);
    return { userId: f.user_id, signals, ...verdictOf(signals, rules) };
  });
  await db.execute(sql`
    insert into ballot_reviews (match_id, user_id, signals, points, verdict)
    select ${matchId}, t.user_id, string_to_array(t.signals, ','), t.points, t.verdict
    from unnest(${uuidArray(read.map((r) => r.userId))}::uuid[],
                ${textArray(read.map((r) => r.signals.join(',')))}::text[],
                ${`{${read.map((r) => r.points).join(',')}}`}::int[],
                ${`{${read.map((r) => r.verdict).join(',')}}`}::text[])
      as t(user_id, signals, points, verdict)
    on conflict (match_id, user_id) do update set
      signals = excluded.signals,
      points = excluded.points,
      verdict = case when ballot_reviews.decided_at is null then excluded.verdict else ballot_reviews.verdict end,
      reviewed_at = now()`);
}

interface ReviewRow {
  match_id: number;
  user_id: string;
  name: string;
  email: string;
  signals: string[];
  points: number;
  verdict: BallotVerdict;
  decided_by_name: string | null;
  decided_at: Date | string | null;
  reviewed_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toReview(row: ReviewRow): BallotReview {
  return {
    matchId: row.match_id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    signals: row.signals.filter((s): s is ShieldSignal => s in SIGNAL_POINTS),
    points: row.points,
    verdict: row.verdict,
    decidedBy: row.decided_by_name,
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    reviewedAt: iso(row.reviewed_at),
  };
}

const reviewColumns = sql`b.match_id, b.user_id, u.name, u.email, b.signals, b.points, b.verdict,
  b.decided_by_name, b.decided_at, b.reviewed_at`;

export async function readReviewQueue(db: Database, matchId: number): Promise<ReviewQueue> {
  const [counts] = await rows<{ counted: number; held: number; excluded: number }>(
    db,
    sql`select count(*) filter (where verdict = 'counted')::int as counted,
               count(*) filter (where verdict = 'held')::int as held,
               count(*) filter (where verdict = 'excluded')::int as excluded
        from ballot_reviews where match_id = ${matchId}`,
  );
  const ballots = await rows<ReviewRow>(
    db,
    sql`select ${reviewColumns}
        from ballot_reviews b join users u on u.id = b.user_id
        where b.match_id = ${matchId} and (b.verdict <> 'counted' or b.decided_at is not null)
        order by case b.verdict when 'held' then 0 when 'excluded' then 1 else 2 end,
                 b.reviewed_at desc
        limit 500`,
  );
  return {
    matchId,
    counted: counts?.counted ?? 0,
    held: counts?.held ?? 0,
    excluded: counts?.excluded ?? 0,
    ballots: ballots.map(toReview),
  };
}

/** The admin counts (restores) or excludes a ballot; who and when are kept with it. */
export async function decideBallot(
  db: Database,
  input: { matchId: number; userId: string; verdict: 'counted' | 'excluded' },
  admin: { id: string; name: string },
): Promise<BallotReview> {
  const [row] = await rows<ReviewRow>(
    db,
    sql`with decided as (
          update ballot_reviews set verdict = ${input.verdict}, decided_by = ${admin.id},
            decided_by_name = ${admin.name}, decided_at = now()
          where match_id = ${input.matchId} and user_id = ${input.userId}
          returning *)
        select ${reviewColumns} from decided b join users u on u.id = b.user_id`,
  );
  if (!row) throw notFound(SHIELD_ERRORS.ballotNotFound);
  return toReview(row);
}

/**
 * The ground's verdict: each player's average from the counted ballots whose vote was cast at the ground,
 * or null while the ground is not set or fewer than its fans cast a counted ballot there.
 */
export async function groundVerdict(db: Database, matchId: number): Promise<MatchReport['ground']> {
  const { ground } = await readShieldRules(db);
  if (!ground.enabled) return null;
  const players = await rows<{ player_id: number; n: number; s: number }>(
    db,
    sql`select r.player_id, count(*)::int as n, sum(r.rating)::int as s
        from ratings r join user_votes v on v.user_id = r.user_id and v.match_id = r.match_id
        where r.match_id = ${matchId} and v.at_ground and ${counted(matchId)}
        group by r.player_id`,
  );
  const [fans] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from user_votes r
        where r.match_id = ${matchId} and r.at_ground and ${counted(matchId)}`,
  );
  const raters = fans?.n ?? 0;
  if (raters < ground.minFans) return null;
  return {
    raters,
    players: players.map((p) => ({ id: p.player_id, averageRating: averageOf(p.s, p.n), ratingCount: p.n })),
  };
}
