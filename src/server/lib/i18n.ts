import { compileMessage } from '@lingui/message-utils/compileMessage';
import arAccount from '@shared/i18n/catalogs/ar/account.json';
import arAuth from '@shared/i18n/catalogs/ar/auth.json';
import arCards from '@shared/i18n/catalogs/ar/cards.json';
import arCommon from '@shared/i18n/catalogs/ar/common.json';
import arContent from '@shared/i18n/catalogs/ar/content.json';
import arEmbed from '@shared/i18n/catalogs/ar/embed.json';
import arErrors from '@shared/i18n/catalogs/ar/errors.json';
import arHome from '@shared/i18n/catalogs/ar/home.json';
import arMail from '@shared/i18n/catalogs/ar/mail.json';
import arReports from '@shared/i18n/catalogs/ar/reports.json';
import arResults from '@shared/i18n/catalogs/ar/results.json';
import arVoting from '@shared/i18n/catalogs/ar/voting.json';
import enAccount from '@shared/i18n/catalogs/en/account.json';
import enAuth from '@shared/i18n/catalogs/en/auth.json';
import enCards from '@shared/i18n/catalogs/en/cards.json';
import enCommon from '@shared/i18n/catalogs/en/common.json';
import enContent from '@shared/i18n/catalogs/en/content.json';
import enEmbed from '@shared/i18n/catalogs/en/embed.json';
import enErrors from '@shared/i18n/catalogs/en/errors.json';
import enHome from '@shared/i18n/catalogs/en/home.json';
import enMail from '@shared/i18n/catalogs/en/mail.json';
import enReports from '@shared/i18n/catalogs/en/reports.json';
import enResults from '@shared/i18n/catalogs/en/results.json';
import enVoting from '@shared/i18n/catalogs/en/voting.json';
import esAccount from '@shared/i18n/catalogs/es/account.json';
import esAuth from '@shared/i18n/catalogs/es/auth.json';
import esCards from '@shared/i18n/catalogs/es/cards.json';
import esCommon from '@shared/i18n/catalogs/es/common.json';
import esContent from '@shared/i18n/catalogs/es/content.json';
import esEmbed from '@shared/i18n/catalogs/es/embed.json';
import esErrors from '@shared/i18n/catalogs/es/errors.json';
import esHome from '@shared/i18n/catalogs/es/home.json';
import esMail from '@shared/i18n/catalogs/es/mail.json';
import esReports from '@shared/i18n/catalogs/es/reports.json';
import esResults from '@shared/i18n/catalogs/es/results.json';
import esVoting from '@shared/i18n/catalogs/es/voting.json';
import frAccount from '@shared/i18n/catalogs/fr/account.json';
import frAuth from '@shared/i18n/catalogs/fr/auth.json';
import frCards from '@shared/i18n/catalogs/fr/cards.json';
import frCommon from '@shared/i18n/catalogs/fr/common.json';
import frContent from '@shared/i18n/catalogs/fr/content.json';
import frEmbed from '@shared/i18n/catalogs/fr/embed.json';
import frErrors from '@shared/i18n/catalogs/fr/errors.json';
import frHome from '@shared/i18n/catalogs/fr/home.json';
import frMail from '@shared/i18n/catalogs/fr/mail.json';
import frReports from '@shared/i18n/catalogs/fr/reports.json';
import frResults from '@shared/i18n/catalogs/fr/results.json';
import frVoting from '@shared/i18n/catalogs/fr/voting.json';
import {
  acceptedLanguages,
  intlTag,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  matchLocale,
} from '@shared/i18n/locales';
import { type CompiledMessage, type Messages, Translator } from '@shared/i18n/translator';
import type { FastifyRequest } from 'fastify';

const SOURCES: Record<Locale, Record<string, string>[]> = {
  en: [
    enCommon,
    enErrors,
    enHome,
    enVoting,
    enResults,
    enAccount,
    enAuth,
    enContent,
    enReports,
    enMail,
    enCards,
    enEmbed,
  ],
  fr: [
    frCommon,
    frErrors,
    frHome,
    frVoting,
    frResults,
    frAccount,
    frAuth,
    frContent,
    frReports,
    frMail,
    frCards,
    frEmbed,
  ],
  es: [
    esCommon,
    esErrors,
    esHome,
    esVoting,
    esResults,
    esAccount,
    esAuth,
    esContent,
    esReports,
    esMail,
    esCards,
    esEmbed,
  ],
  ar: [
    arCommon,
    arErrors,
    arHome,
    arVoting,
    arResults,
    arAccount,
    arAuth,
    arContent,
    arReports,
    arMail,
    arCards,
    arEmbed,
  ],
};

const compiled = new Map<Locale, Messages>();

/**
 * A language's messages as the server uses them (the fan page's, for drawing the first screen, the
 * mails' and the share cards'), compiled once on first use.
 */
export function serverMessages(locale: Locale): Messages {
  let messages = compiled.get(locale);
  if (!messages) {
    messages = {};
    for (const source of SOURCES[locale])
      for (const [key, text] of Object.entries(source))
        messages[key] = compileMessage(text) as CompiledMessage;
    compiled.set(locale, messages);
  }
  return messages;
}

const translators = new Map<Locale, Translator>();

/** A translator fixed to one language (one per language, shared: each call names its language). */
export function translator(locale: Locale): Translator {
  let i18n = translators.get(locale);
  if (!i18n) {
    i18n = new Translator();
    i18n.load(locale, serverMessages(locale));
    i18n.activate(locale, [intlTag(locale)]);
    translators.set(locale, i18n);
  }
  return i18n;
}

/** The language a request reads in: the page's remembered choice (its cookie), else the browser's. */
export function requestLocale(request: Pick<FastifyRequest, 'headers' | 'cookies'>): Locale | null {
  const chosen = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(chosen)) return chosen;
  const header = request.headers['accept-language'];
  return matchLocale(acceptedLanguages(Array.isArray(header) ? header[0] : header));
}
