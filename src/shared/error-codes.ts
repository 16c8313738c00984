import { ACCOUNT_ERRORS } from './account';
import { ADMIN_USER_ERRORS } from './admin-users';
import { API_KEY_ERRORS } from './api-keys';
import { AUTH_ERRORS } from './auth';
import { EMBED_ERRORS } from './embed';
import { REQUEST_ERRORS, SERVER_ERRORS } from './error-messages';
import type { AppError } from './errors';
import { FEED_ERRORS } from './feed';
import { MY_RATINGS_CARD_ERRORS, REPORT_ERRORS } from './match-reports';
import { MATCH_ERRORS } from './matches';
import { PLAYER_ERRORS, SQUAD_ERRORS } from './players';
import { PUSH_ERRORS } from './push';
import { RATING_ERRORS } from './ratings';
import { SEASON_SETTINGS_ERRORS } from './seasons-admin';
import { CUSTOMIZATION_ERRORS } from './settings-admin';
import { SHIELD_ERRORS } from './shield';
import { SIMULATION_ERRORS } from './simulation';
import { PUBLISH_ERRORS } from './squad';
import { TRACKING_ERRORS } from './tracking';
import { UPLOAD_ERRORS } from './uploads';
import { VOTE_ERRORS } from './votes';

/**
 * Every error the server can answer with, the feature contracts' and the plumbing's: the one table the
 * catalogue test checks against each language and the server reads a schema's error from by its code.
 * The page never imports it: it knows the errors it names and reads any other answer by its code.
 */
export const ERROR_GROUPS: readonly Readonly<Record<string, AppError>>[] = [
  AUTH_ERRORS,
  ACCOUNT_ERRORS,
  RATING_ERRORS,
  VOTE_ERRORS,
  MATCH_ERRORS,
  PLAYER_ERRORS,
  SQUAD_ERRORS,
  PUBLISH_ERRORS,
  UPLOAD_ERRORS,
  REPORT_ERRORS,
  MY_RATINGS_CARD_ERRORS,
  ADMIN_USER_ERRORS,
  API_KEY_ERRORS,
  EMBED_ERRORS,
  CUSTOMIZATION_ERRORS,
  SEASON_SETTINGS_ERRORS,
  SHIELD_ERRORS,
  FEED_ERRORS,
  TRACKING_ERRORS,
  PUSH_ERRORS,
  SIMULATION_ERRORS,
  REQUEST_ERRORS,
  SERVER_ERRORS,
];

let byCode: Map<string, AppError> | null = null;

/** Every error by its code (made on first use). */
export function knownErrors(): ReadonlyMap<string, AppError> {
  byCode ??= new Map(ERROR_GROUPS.flatMap((group) => Object.values(group).map((e) => [e.code, e] as const)));
  return byCode;
}
