import { ACCOUNT_MESSAGES } from './account';
import { ADMIN_USER_MESSAGES } from './admin-users';
import { AUTH_MESSAGES } from './auth';
import { REQUEST_MESSAGES, SERVER_MESSAGES } from './error-messages';
import type { ErrorBody } from './errors';
import { MY_RATINGS_CARD_MESSAGES } from './match-reports';
import { MATCH_MESSAGES } from './matches';
import { PLAYER_MESSAGES, SQUAD_MESSAGES } from './players';
import { PUSH_MESSAGES } from './push';
import { RATING_MESSAGES } from './ratings';
import { SEASON_SETTINGS_MESSAGES } from './seasons-admin';
import { CUSTOMIZATION_MESSAGES } from './settings-admin';
import { SIMULATION_MESSAGES } from './simulation';
import { PUBLISH_MESSAGES } from './squad';
import { TRACKING_MESSAGES } from './tracking';
import { UPLOAD_MESSAGES } from './uploads';
import { VOTE_MESSAGES } from './votes';

/**
 * The codes of the server's error answers: each known message (the feature contracts' own, and the
 * plumbing's in error-messages.ts) under `group.name`. A module of its own, so a page that only shows
 * messages does not carry this table.
 */
/** Each group under the first part of its codes: `rating.alreadyVoted`, `request.notFound`. */
export const ERROR_GROUPS = {
  auth: AUTH_MESSAGES,
  account: ACCOUNT_MESSAGES,
  rating: RATING_MESSAGES,
  vote: VOTE_MESSAGES,
  match: MATCH_MESSAGES,
  player: PLAYER_MESSAGES,
  squad: SQUAD_MESSAGES,
  publish: PUBLISH_MESSAGES,
  upload: UPLOAD_MESSAGES,
  myRatingsCard: MY_RATINGS_CARD_MESSAGES,
  adminUser: ADMIN_USER_MESSAGES,
  customization: CUSTOMIZATION_MESSAGES,
  seasonSettings: SEASON_SETTINGS_MESSAGES,
  tracking: TRACKING_MESSAGES,
  push: PUSH_MESSAGES,
  simulation: SIMULATION_MESSAGES,
  request: REQUEST_MESSAGES,
  server: SERVER_MESSAGES,
} as const;

let codes: Map<string, string> | null = null;
let byMessage: Map<string, string> | null = null;

/** Every code with its English message (made on first use, so a page that never asks carries none). */
export function errorCodes(): ReadonlyMap<string, string> {
  codes ??= new Map(
    Object.entries(ERROR_GROUPS).flatMap(([group, messages]) =>
      Object.entries(messages).map(([name, message]) => [`${group}.${name}`, message] as const),
    ),
  );
  return codes;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'request.invalid',
  401: 'request.unauthenticated',
  403: 'request.forbidden',
  404: 'request.notFound',
  409: 'request.conflict',
  413: 'request.tooLarge',
  415: 'request.unsupportedType',
  429: 'auth.tooManyRequests',
  503: 'server.unavailable',
};

/** A known message's code (null for any other text). */
export function codeOfMessage(message: string): string | null {
  if (!byMessage) {
    byMessage = new Map();
    for (const [code, text] of errorCodes()) if (!byMessage.has(text)) byMessage.set(text, code);
  }
  return byMessage.get(message) ?? null;
}

/** The code an answer carries: its message's own, else its status's general one. */
export function errorCodeFor(message: string, status: number): string {
  return (
    codeOfMessage(message) ??
    CODE_BY_STATUS[status] ??
    (status >= 500 ? 'server.internal' : 'request.invalid')
  );
}

/** The body of an error answer: the message with its code. */
export function errorPayload(message: string, status: number): ErrorBody {
  return { message, code: errorCodeFor(message, status) };
}
