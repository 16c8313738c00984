import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { type Locale, PAGE_BUNDLES } from '@shared/i18n/locales';
import type { CompiledMessage } from '@shared/i18n/translator';
import { readBundle } from '../../../../scripts/vite-catalogs';
import { activateWith } from './i18n';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/i18n/catalogs');

/** For unit tests of code that translates: the language's page catalogues, compiled and active. */
export function loadCatalogsForTests(locale: Locale = 'en'): void {
  const messages: Record<string, string> = Object.assign(
    {},
    ...PAGE_BUNDLES.map((bundle) => readBundle(DIR, bundle, locale)),
  );
  activateWith(
    locale,
    Object.fromEntries(
      Object.entries(messages).map(([key, text]) => [key, compileMessage(text) as CompiledMessage]),
    ),
  );
}
