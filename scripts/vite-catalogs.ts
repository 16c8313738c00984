import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { CATALOG_AREAS, type CatalogBundle, isLocale, PAGE_BUNDLES } from '../src/shared/i18n/locales';

const PREFIX = 'virtual:catalog/';

/** Every area file of one bundle in one language, merged: `{ key: ICU message }`. */
export function readBundle(dir: string, bundle: CatalogBundle, locale: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [area, owner] of Object.entries(CATALOG_AREAS)) {
    if (owner !== bundle) continue;
    const file = path.join(dir, locale, `${area}.json`);
    Object.assign(merged, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  }
  return merged;
}

function compile(messages: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
}

const moduleCode = (messages: Record<string, unknown>) =>
  `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;

/** The first-screen areas' keys named in the code of the given chunks. */
function keysNamedIn(code: string, keys: Set<string>): Set<string> {
  const named = new Set<string>();
  for (const match of code.matchAll(/["'`]([a-z-]+\.[A-Za-z0-9_.-]+)["'`]/g))
    if (keys.has(match[1] as string)) named.add(match[1] as string);
  return named;
}

/**
 * `virtual:catalog/<bundle>/<locale>`: the bundle's messages compiled at build time (Lingui's compact
 * form), so the page ships no ICU parser and parses nothing when it starts. One chunk per bundle and
 * language, loaded only when that language is chosen.
 *
 * The `first` bundle, fetched before the first screen draws, is cut at the end of the build to the keys
 * the first-load chunks name; the rest of its areas' keys go to `first-rest`, fetched once the screen
 * is up (or as soon as a key of it is asked for). In development both hold every key.
 */
export function catalogsPlugin(dir: string): Plugin {
  return {
    name: 'matchday:catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [bundle, locale] = id.slice(PREFIX.length + 1).split('/');
      const source = bundle === 'first-rest' ? 'first' : bundle;
      if (!isLocale(locale) || !(PAGE_BUNDLES as readonly string[]).includes(source ?? '')) {
        this.error(`unknown catalogue ${id.slice(1)}`);
      }
      for (const name of readdirSync(path.join(dir, locale))) this.addWatchFile(path.join(dir, locale, name));
      return moduleCode(compile(readBundle(dir, source as CatalogBundle, locale)));
    },
    generateBundle(_options, output) {
      const chunks = Object.values(output).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      // The entry and what it imports statically: the code that runs before the first screen draws.
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        const chunk = output[fileName];
        if (chunk?.type === 'chunk') for (const next of chunk.imports) visit(next);
      };
      visit(entry.fileName);
      const code = chunks
        .filter((chunk) => initial.has(chunk.fileName))
        .map((chunk) => chunk.code)
        .join('\n');
      for (const chunk of chunks) {
        const match = /^\0virtual:catalog\/(first|first-rest)\/(\w+)$/.exec(chunk.facadeModuleId ?? '');
        if (!match) continue;
        const messages = readBundle(dir, 'first', match[2] as string);
        const named = keysNamedIn(code, new Set(Object.keys(messages)));
        const kept = Object.fromEntries(
          Object.entries(messages).filter(([key]) => named.has(key) === (match[1] === 'first')),
        );
        chunk.code = moduleCode(compile(kept));
      }
    },
  };
}
