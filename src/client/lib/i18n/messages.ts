import type { AppError } from '@shared/errors';
import { bundleOfKey } from '@shared/i18n/locales';
import { errorCodeText, i18n } from './i18n';

/**
 * A form's validation message as the reader should see it. A rule's message is a catalogue key: the
 * page's own rules name theirs, the shared schemas name their error's (errorKey). Text under no
 * catalogue area (zod's own words for a rule no schema words, or a message already made in the
 * reader's language) is shown as written.
 */
export function formMessage(message: string): string;
export function formMessage(message: string | undefined): string | undefined;
export function formMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  return bundleOfKey(message) ? i18n._(message) : message;
}

/** A known error in the reader's language: its code's text, or its English until that has come. */
export function errorText(error: AppError): string {
  return errorCodeText(error.code) ?? error.message;
}
