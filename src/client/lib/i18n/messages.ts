import { codeOfMessage } from '@shared/error-codes';
import { apiErrorCode } from '../api-client';
import { errorCodeText, i18n } from './i18n';

/**
 * A message as the reader should see it: a catalogue key (client-side form rules) is translated, a known
 * server message (the shared schemas' wording, checked here before it is sent) is shown through its code,
 * anything else is shown as it is.
 */
export function translateMessage(message: string): string;
export function translateMessage(message: string | undefined): string | undefined;
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  if (i18n.messages[message] !== undefined) return i18n._(message);
  const code = codeOfMessage(message);
  return (code && errorCodeText(code)) || message;
}

/** Whether the server refused with this (shared) message, known by its code whatever the language. */
export function apiErrorIs(error: unknown, message: string): boolean {
  const code = apiErrorCode(error);
  return code !== null && code === codeOfMessage(message);
}
