import { AUTH_ERRORS } from '@shared/auth';
import { REQUEST_ERRORS } from '@shared/error-messages';
import type { AppError, ErrorBody } from '@shared/errors';

/**
 * A refusal: one of the shared error constants with the status it is answered with. Thrown through the
 * factories below (`throw notFound(PLAYER_ERRORS.notFound)`), so its status is fixed where it is thrown
 * and its code and message where the error is defined.
 */
export class HttpError extends Error {
  readonly code: string;
  /** Seconds to wait before asking again, sent as Retry-After (a busy server's 503). */
  readonly retryAfterS: number | undefined;

  constructor(
    readonly statusCode: number,
    error: AppError,
    options?: ErrorOptions & { retryAfterS?: number },
  ) {
    super(error.message, options);
    this.name = 'HttpError';
    this.code = error.code;
    this.retryAfterS = options?.retryAfterS;
  }

  /** The answer's body: `{"message", "code"}`. */
  get body(): ErrorBody {
    return errorAnswer(this);
  }
}

export const badRequest = (error: AppError) => new HttpError(400, error);
export const unauthorized = (error: AppError = AUTH_ERRORS.notAuthenticated) => new HttpError(401, error);
export const forbidden = (error: AppError = REQUEST_ERRORS.forbidden) => new HttpError(403, error);
export const notFound = (error: AppError = REQUEST_ERRORS.notFound) => new HttpError(404, error);
export const conflict = (error: AppError) => new HttpError(409, error);
export const payloadTooLarge = (error: AppError) => new HttpError(413, error);
export const tooManyRequests = (error: AppError) => new HttpError(429, error);
export const serviceUnavailable = (error: AppError, options?: ErrorOptions & { retryAfterS?: number }) =>
  new HttpError(503, error, options);

/**
 * The body of an error answer sent without throwing. `message` replaces the English only where the
 * answer names what the request asked for (`Route GET /x not found`); the code stays the error's.
 */
export function errorAnswer(error: AppError, message: string = error.message): ErrorBody {
  return { message, code: error.code };
}
