/**
 * The shield against brigading: the signals a fan's ballot (their ratings and vote for one match) is read
 * for, the rules that turn them into a verdict, and the admin's review queue.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { defineErrors, errorKey } from './errors';
import { dbIdParam } from './ids';

/** What a ballot can be read for, each worth its points towards holding it back. */
export const SHIELD_SIGNALS = [
  /** The account was made shortly before kick-off, or during the match. */
  'newAccount',
  /** The fan has rated no earlier match. */
  'firstMatch',
  /** Many new accounts signed up, or ballots were cast, from one network (IPv4 /24, IPv6 /56) within minutes. */
  'crowdedNetwork',
  /** The ratings came faster than a person can tap. */
  'tooFast',
  /** All 1s or all 10s, or one player rated far from the rest of the crowd. */
  'extremeRun',
  /** The address is at a throwaway mail service. */
  'disposableMail',
] as const;
export type ShieldSignal = (typeof SHIELD_SIGNALS)[number];

/** A new fan's first match, on its own, never reaches the holding score. */
export const SIGNAL_POINTS: Record<ShieldSignal, number> = {
  newAccount: 1,
  firstMatch: 1,
  crowdedNetwork: 2,
  tooFast: 2,
  extremeRun: 2,
  disposableMail: 2,
};

export const BALLOT_VERDICTS = ['counted', 'held', 'excluded'] as const;
export type BallotVerdict = (typeof BALLOT_VERDICTS)[number];

export const SHIELD_ERRORS = defineErrors('shield', {
  rules:
    'Check the shield rules: each is a whole number in its range, and excluding needs more points than holding',
  ballotNotFound: 'No such ballot',
  ground:
    'Check the ground: latitude from -90 to 90, longitude from -180 to 180, a radius of 50 to 5,000 metres and at least 1 fan',
});

const rulesKey = errorKey(SHIELD_ERRORS.rules);
const whole = (min: number, max: number, key = rulesKey) =>
  z.number({ error: key }).int(key).min(min, key).max(max, key);

const groundKey = errorKey(SHIELD_ERRORS.ground);
const degrees = (limit: number) =>
  z.number({ error: groundKey }).min(-limit, groundKey).max(limit, groundKey);

/**
 * The club's ground: a vote submitted within its radius, by a fan who consented to location, is marked as
 * cast at the ground (only that mark is kept, never the position), and the report shows the ground's
 * verdict beside everyone's once enough counted ballots were cast there.
 */
export const groundRules = z.object({
  enabled: z.boolean({ error: groundKey }),
  latitude: degrees(90),
  longitude: degrees(180),
  radiusMetres: whole(50, 5_000, groundKey),
  /** Fewer counted ballots at the ground than this and the report shows no ground verdict. */
  minFans: whole(1, 100_000, groundKey),
});
export type GroundRules = z.infer<typeof groundRules>;

export const DEFAULT_GROUND: GroundRules = {
  enabled: false,
  latitude: 0,
  longitude: 0,
  radiusMetres: 600,
  minFans: 10,
};

/** Thresholds, not code: what the admin reads and tunes. */
export const shieldRules = z
  .object({
    enabled: z.boolean({ error: rulesKey }),
    /** An account made less than this many hours before kick-off (or after it) is new. */
    newAccountHours: whole(1, 24 * 30),
    /** This many new accounts or ballots from one network within the window crowd it. */
    networkCrowd: whole(2, 10_000),
    networkWindowMinutes: whole(1, 24 * 60),
    /** A ballot faster than this many tenths of a second per rating is too fast for a person. */
    tenthsPerRating: whole(1, 100),
    /** A rating this many points from the crowd's middle rating (its median) singles a player out. */
    extremeGap: whole(2, 9),
    /** Points at which a ballot is held back for review, and excluded. */
    holdAt: whole(1, 20),
    excludeAt: whole(1, 30),
    ground: groundRules,
  })
  .refine((rules) => rules.excludeAt > rules.holdAt, { message: rulesKey, path: ['excludeAt'] });
export type ShieldRules = z.infer<typeof shieldRules>;

export const DEFAULT_SHIELD_RULES: ShieldRules = {
  enabled: true,
  newAccountHours: 48,
  networkCrowd: 5,
  networkWindowMinutes: 60,
  tenthsPerRating: 6,
  extremeGap: 5,
  holdAt: 5,
  excludeAt: 7,
  ground: DEFAULT_GROUND,
};

export const ballotReview = z.object({
  matchId: z.number().int(),
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  signals: z.array(z.enum(SHIELD_SIGNALS)),
  points: z.number().int(),
  verdict: z.enum(BALLOT_VERDICTS),
  /** Set once an admin decided: who and when. */
  decidedBy: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  reviewedAt: z.iso.datetime(),
});
export type BallotReview = z.infer<typeof ballotReview>;

export const reviewQueue = z.object({
  matchId: z.number().int(),
  counted: z.number().int(),
  held: z.number().int(),
  excluded: z.number().int(),
  /** Held ballots first, then excluded ones, then ballots an admin restored; newest first within each. */
  ballots: z.array(ballotReview),
});
export type ReviewQueue = z.infer<typeof reviewQueue>;

export const reviewQueueQuery = z.object({ matchId: dbIdParam('Invalid match') });
export const ballotParams = z.object({ matchId: dbIdParam('Invalid match'), userId: z.uuid('Invalid user') });
export const ballotDecisionBody = z.object({
  verdict: z.enum(['counted', 'excluded'], { error: 'Choose to count or exclude the ballot' }),
});
export type BallotDecisionBody = z.input<typeof ballotDecisionBody>;

export const shieldAdminApi = {
  rules: endpoint({ method: 'GET', path: '/api/admin/shield/rules', response: shieldRules }),
  saveRules: endpoint({
    method: 'PUT',
    path: '/api/admin/shield/rules',
    body: shieldRules,
    response: shieldRules,
  }),
  /** One match's ballots that a rule or an admin did not simply count, with the counts of each verdict. */
  queue: endpoint({
    method: 'GET',
    path: '/api/admin/shield/reviews',
    query: reviewQueueQuery,
    response: reviewQueue,
  }),
  /** Counts (restores) or excludes a ballot; the decision is kept with who made it and when. */
  decide: endpoint({
    method: 'POST',
    path: '/api/admin/shield/reviews/:matchId/:userId',
    params: ballotParams,
    body: ballotDecisionBody,
    response: ballotReview,
  }),
};
