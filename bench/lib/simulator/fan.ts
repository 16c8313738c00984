/**
 * One synthetic fan on match day, as the page would act for them: arrive (live socket opened, current
 * match and the players to rate loaded), accept consent, rate every listed player with pauses (maybe
 * changing one rating), check the progress, submit the final vote with their Man of the Match, then
 * look at the MOTM result. Acknowledged ratings and votes go to the ledger for the final check.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { currentMatch } from '@shared/matches';
import { playerList } from '@shared/players';
import { RATING_ERRORS } from '@shared/ratings';
import { voteProgress } from '@shared/votes';
import { type Answer, type Api, json } from '../../../tests/support/simulator-calls';
import type { Ledger } from './check';
import type { LiveSockets } from './live-sockets';
import { fanScript, type Window } from './plan';

export interface FanContext {
  api: Api;
  sockets: LiveSockets;
  ledger: Ledger;
  matchId: number;
  /** The ids the admin published: every fan must be offered exactly these. */
  published: Set<number>;
  window: Window;
  seed: number;
  /** performance.now() at the start of the window. */
  startedAt: number;
  state: FanStates;
}

/** How far the fans have got, for the progress read-out. */
export class FanStates {
  arrived = 0;
  consented = 0;
  voted = 0;
  done = 0;
  /** Fans who could not finish (a call failed on their way): each failure is also an error. */
  stopped = 0;
  /** What the server told a fan that it should not have (wrong match, other players, progress short). */
  readonly surprises: string[] = [];
  surpriseCount = 0;

  surprise(text: string): void {
    this.surpriseCount++;
    if (this.surprises.length < 10) this.surprises.push(text);
  }
}

const ok2xx = (a: Answer) => a.status >= 200 && a.status < 300;
/** A clear answer: the request was or was not applied. No answer or a 5xx may be either. */
const unclear = (a: Answer) => a.status === 0 || a.status >= 500;

export async function runFan(
  ctx: FanContext,
  index: number,
  fan: { id: string; cookie: string },
  arrivalMs: number,
): Promise<void> {
  const { api, state } = ctx;
  const wait = ctx.startedAt + arrivalMs - performance.now();
  if (wait > 0) await sleep(wait);
  state.arrived++;
  const cookie = fan.cookie;
  const finished = (completed: boolean) => {
    if (completed) state.done++;
    else state.stopped++;
  };

  // The page opens its socket and loads the match and the players at once.
  const socket = ctx.sockets.hold(cookie);
  const [current, listed] = await Promise.all([
    api.call('arrive', 'GET', '/api/matches/current', { cookie }),
    api.call('arrive', 'GET', '/api/players/available-for-rating', { cookie }),
  ]);
  if (!ok2xx(current) || !ok2xx(listed)) return finished(false);
  const match = currentMatch.parse(json(current));
  if (!match || match.id !== ctx.matchId || !match.isLive) {
    state.surprise(`fan ${index}: current match is ${match ? `${match.id} live=${match.isLive}` : 'none'}`);
    return finished(false);
  }
  const players = playerList.parse(json(listed));
  if (players.length !== ctx.published.size || players.some((p) => !ctx.published.has(p.id))) {
    state.surprise(`fan ${index}: offered players ${players.map((p) => p.id).join(',')}`);
    return finished(false);
  }

  const budget = ctx.window.fansDoneByMs - arrivalMs;
  const script = fanScript(players, ctx.seed, index, budget);
  await sleep(script.consentPauseMs);
  const consent = await api.call('consent', 'PATCH', `/api/user/${fan.id}/consent`, {
    cookie,
    body: { consentGiven: true, geolocationConsent: script.geolocation },
  });
  if (!ok2xx(consent)) return finished(false);
  state.consented++;

  let complete = true;
  for (const step of script.steps) {
    await sleep(step.pauseMs);
    const body = { userId: fan.id, playerId: step.playerId, matchId: ctx.matchId, rating: step.rating };
    const answer = await api.call('rate', 'POST', '/api/ratings', { cookie, body });
    if (ok2xx(answer)) ctx.ledger.rated(index, step.playerId, step.rating);
    else {
      if (unclear(answer)) ctx.ledger.ratingUnclear(index, step.playerId, step.rating);
      complete = false;
    }
  }
  if (!complete) return finished(false);

  await sleep(script.motmPauseMs);
  const progressAnswer = await api.call(
    'progress',
    'GET',
    `/api/user-votes/${fan.id}/match/${ctx.matchId}/progress`,
    {
      cookie,
    },
  );
  if (!ok2xx(progressAnswer)) return finished(false);
  const progress = voteProgress.parse(json(progressAnswer));
  if (progress.completed !== progress.total || progress.total !== players.length) {
    // Every rating was acknowledged: the server must count them all.
    state.surprise(
      `fan ${index}: progress ${progress.completed}/${progress.total} after ${players.length} ratings`,
    );
    return finished(false);
  }

  const vote = { userId: fan.id, matchId: ctx.matchId, motmPlayerId: script.motmPlayerId, isComplete: true };
  const voted = await api.call('vote', 'POST', '/api/user-votes', {
    cookie,
    body: vote,
    // A retry after a lost answer finds the first attempt's vote: that is the vote acknowledged.
    ok: (a) => a.status === 201 || (a.attempts > 1 && a.status === 409 && isAlreadyVoted(a)),
  });
  if (voted.status === 201 || (voted.status === 409 && voted.attempts > 1 && isAlreadyVoted(voted)))
    ctx.ledger.voted(index, script.motmPlayerId);
  else {
    if (unclear(voted)) ctx.ledger.voteUnclear(index, script.motmPlayerId);
    return finished(false);
  }
  state.voted++;

  // The page shows the MOTM result once the vote is in.
  const motm = await api.call('motm', 'GET', `/api/motm/${ctx.matchId}`, { cookie });
  await socket;
  finished(ok2xx(motm));
}

function isAlreadyVoted(answer: Answer): boolean {
  try {
    return (json(answer) as { code?: string }).code === RATING_ERRORS.alreadyVoted.code;
  } catch {
    return false;
  }
}
