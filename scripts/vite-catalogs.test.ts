import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { ERROR_GROUPS, knownErrors } from '../src/shared/error-codes';
import { errorKey } from '../src/shared/errors';
import { CATALOG_AREAS, type CatalogArea, LOCALES, PAGE_BUNDLES } from '../src/shared/i18n/locales';
import { readBundle } from './vite-catalogs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIR = path.join(ROOT, 'src/shared/i18n/catalogs');
const AREAS = Object.keys(CATALOG_AREAS) as CatalogArea[];

function read(locale: string, area: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(DIR, locale, `${area}.json`), 'utf8')) as Record<string, string>;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...sources(file));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(file);
  }
  return out;
}

type Token = string | [string, string?, unknown?];
/** The ICU argument names a compiled message uses, and the numbered tags (`<0>`) it carries. */
function shape(message: string): string[] {
  const names = new Set<string>();
  // A compiled message is a list of parts: text, or [name] / [name, type, branches or format].
  const walk = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts as Token[]) {
      if (typeof part === 'string') continue;
      names.add(part[0]);
      // The page's translator reads these forms only (no dates, no ordinals).
      expect([undefined, 'plural', 'select', 'number']).toContain(part[1]);
      const branches = part[2];
      if (branches && typeof branches === 'object')
        for (const branch of Object.values(branches)) walk(branch);
    }
  };
  walk(compileMessage(message));
  for (const tag of message.matchAll(/<\/?(\d+)\s*\/?>/g)) names.add(`<${tag[1]}>`);
  return [...names].sort();
}

const english = Object.fromEntries(AREAS.map((area) => [area, read('en', area)]));
const allEnglish: Record<string, string> = Object.assign({}, ...Object.values(english));

describe('catalogues', () => {
  for (const area of AREAS) {
    it(`${area}: every key is in every language, named after its area, with the same arguments`, () => {
      const keys = Object.keys(english[area] ?? {});
      for (const key of keys) expect(key.startsWith(`${area}.`), key).toBe(true);
      for (const locale of LOCALES) {
        const catalogue = read(locale, area);
        expect(Object.keys(catalogue).sort(), `${locale}/${area}.json keys`).toEqual([...keys].sort());
        for (const key of keys) {
          const message = catalogue[key] ?? '';
          expect(message.trim(), `${locale} ${key} is empty`).not.toBe('');
          expect(shape(message), `${locale} ${key}: arguments and tags`).toEqual(
            shape(english[area]?.[key] ?? ''),
          );
        }
      }
    });

    it(`${area}: translations are written, not copied from English`, () => {
      for (const [key, source] of Object.entries(english[area] ?? {})) {
        const words = source.replace(/\{[^{}]*\}|<\/?\d+\/?>/g, ' ').match(/[A-Za-z]{3,}/g) ?? [];
        if (words.length === 0) continue;
        expect(read('ar', area)[key], `ar ${key} has Arabic text`).toMatch(/[\u0600-\u06FF]/);
        if (words.length >= 3) {
          expect(read('fr', area)[key], `fr ${key} is translated`).not.toBe(source);
          expect(read('es', area)[key], `es ${key} is translated`).not.toBe(source);
        }
      }
    });
  }

  it('every key the code names exists, and every key in English is used', () => {
    const code = [...sources(path.join(ROOT, 'src/client')), ...sources(path.join(ROOT, 'src/server'))]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const areaPattern = AREAS.map((a) => a.replace('-', '\\-')).join('|');
    const named = new Set(
      [...code.matchAll(new RegExp(`['"\`]((?:${areaPattern})\\.[A-Za-z0-9_.-]+)['"\`]`, 'g'))].map(
        (m) => m[1] as string,
      ),
    );
    const missing = [...named].filter((key) => !(key in allEnglish) && !key.endsWith('.'));
    expect(missing, 'keys named in the code but missing from the English catalogue').toEqual([]);
    // Error codes are named by the server's answers, not by literal keys.
    const unused = Object.keys(allEnglish).filter((key) => !key.startsWith('errors.') && !named.has(key));
    expect(unused, 'keys in the English catalogue that no code uses').toEqual([]);
  });

  it('each page bundle merges its areas; the mails stay on the server', () => {
    const first = readBundle(DIR, 'first', 'fr');
    expect(Object.keys(first).length).toBeGreaterThan(100);
    expect(Object.keys(first).every((k) => /^(common|home|voting|results)\./.test(k))).toBe(true);
    expect(Object.keys(readBundle(DIR, 'admin', 'fr')).every((k) => k.startsWith('admin'))).toBe(true);
    for (const bundle of PAGE_BUNDLES)
      expect(Object.keys(readBundle(DIR, bundle, 'fr')).some((k) => k.startsWith('mail.'))).toBe(false);
  });
});

describe('error codes', () => {
  it('every error the server can answer with has its text in every language, English the message itself', () => {
    for (const locale of LOCALES) {
      const catalogue = read(locale, 'errors');
      for (const error of knownErrors().values()) {
        expect(catalogue[errorKey(error)], `${locale} ${errorKey(error)}`).toBeTruthy();
        if (locale === 'en') expect(catalogue[errorKey(error)]).toBe(error.message);
      }
      expect(Object.keys(catalogue).length, `${locale}: no text for a code that does not exist`).toBe(
        knownErrors().size,
      );
    }
  });

  it('each error is defined once: one code, one sentence, written only where it is defined', () => {
    const errors = ERROR_GROUPS.flatMap((group) => Object.values(group));
    expect(new Set(errors.map((e) => e.code)).size, 'codes').toBe(errors.length);
    const sentences = errors.map((e) => e.message);
    expect(
      sentences.filter((m, i) => sentences.indexOf(m) !== i),
      'sentences defined twice',
    ).toEqual([]);
    // No copy of a sentence anywhere else: the server throws the constant, the page compares its code.
    const code = ['src/shared', 'src/server', 'src/client']
      .flatMap((dir) => sources(path.join(ROOT, dir)))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const copies = sentences.filter(
      (m) => code.split(`'${m}'`).length + code.split(`"${m}"`).length - 2 !== 1,
    );
    expect(copies, 'sentences written more than once, or not as a literal').toEqual([]);
  });
});
