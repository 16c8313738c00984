import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { type CompiledMessage, Translator } from './translator';

const compile = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, compileMessage(v) as CompiledMessage]));

function translator(locale: string, messages: Record<string, string>, locales = [locale]) {
  const t = new Translator();
  t.load(locale, compile(messages));
  t.activate(locale, locales);
  return t;
}

describe('Translator', () => {
  it('puts values in and formats plural counts by the language’s own rules', () => {
    const ar = translator(
      'ar',
      {
        fans: '{count, plural, zero {لا مشجعين} one {مشجع واحد} two {مشجعان} few {# مشجعين} many {# مشجعًا} other {# مشجع}}',
      },
      ['ar-u-nu-latn'],
    );
    expect([0, 1, 2, 3, 11, 100].map((count) => ar._('fans', { count }))).toEqual([
      'لا مشجعين',
      'مشجع واحد',
      'مشجعان',
      '3 مشجعين',
      '11 مشجعًا',
      '100 مشجع',
    ]);
    const fr = translator('fr', {
      votes: '{n, plural, =0 {aucun vote} one {# vote} other {# votes}} de {name}',
    });
    expect(fr._('votes', { n: 0, name: 'Ana' })).toBe('aucun vote de Ana');
    expect(fr._('votes', { n: 1, name: 'Ana' })).toBe('1 vote de Ana');
    expect(fr._('votes', { n: 1204, name: 'Ana' })).toBe('1\u202f204 votes de Ana');
  });

  it('selects, formats numbers, and reads a missing key through its handler', () => {
    const t = new Translator((_locale, id) => `missing:${id}`);
    t.load(
      'en',
      compile({ pick: '{kind, select, logo {the logo} other {an image}}', share: '{p, number, percent}' }),
    );
    t.activate('en');
    expect(t._('pick', { kind: 'logo' })).toBe('the logo');
    expect(t._('pick', { kind: 'banner' })).toBe('an image');
    expect(t._('share', { p: 0.25 })).toBe('25%');
    expect(t._('nope')).toBe('missing:nope');
    expect(t.number(7.5, { minimumFractionDigits: 1 })).toBe('7.5');
  });

  it('merges later bundles into a language and tells its listeners', () => {
    const t = translator('es', { a: 'uno' });
    let told = 0;
    const stop = t.subscribe(() => {
      told += 1;
    });
    t.load('es', compile({ b: 'dos' }));
    expect([t._('a'), t._('b'), told]).toEqual(['uno', 'dos', 1]);
    stop();
    t.activate('es');
    expect(told).toBe(1);
  });
});
