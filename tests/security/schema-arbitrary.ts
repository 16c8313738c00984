import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that zod's toJSONSchema writes for our request schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** A route's zod schema as JSON Schema (its input side), or null where the route has none. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

const LONE_SURROGATES = ['\uD800', '\uDFFF', 'a\uD83Db', '\uDC00\uD800'];
/** Strings that have broken servers: injections, markup, control and bidi characters, numbers as text. */
export const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '1; select pg_sleep(5)',
  '1 UNION SELECT password_hash FROM users',
  '$1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  `$\{7*7}`,
  '../../../etc/passwd',
  '\u0000',
  'nul\u0000inside',
  '\r\nX-Injected: 1',
  ...LONE_SURROGATES,
  '𝕄𝔸𝕋ℂℍ🏴‍☠️👨‍👩‍👧‍👦',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'Z̸̡̢̛͎͓a̷̡͚l̸g̴o̵',
  '',
  ' ',
  '\t\n',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '9007199254740993',
  '-1',
  '0x1F',
  '1.5',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '%00',
  '%2e%2e%2f',
] as const;

export const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  7.5,
  0.1,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
] as const;

/** Nested `depth` deep: arrays in arrays, or objects in objects. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A JSON value spliced in as raw text (prototype keys, deep nesting), kept raw through JSON.stringify. */
export class RawJson {
  constructor(readonly text: string) {}
}

const longString = fc.constantFrom(1_000, 10_000, 100_000).map((n) => 'x'.repeat(n));
const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: longString },
);
const protoObject = fc
  .constantFrom('__proto__', 'constructor', 'prototype')
  .map((key) => new RawJson(`{"${key}":{"isAdmin":true,"polluted":1}}`));

/** Mostly nothing, now and then a value of `arbitrary`. */
export const sometimes = <T>(arbitrary: fc.Arbitrary<T>, rarity = 3): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: rarity, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

/** A value of the wrong shape or at an edge: what a hostile client puts where a field should be. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 20, max: 3_000 }), fc.constantFrom('array' as const, 'object' as const))
      .map(([depth, kind]) => new RawJson(deeplyNested(depth, kind))),
  },
  { weight: 1, arbitrary: protoObject },
);

/** Days that do not exist (30 February, month 13, 29 February of a common year, year 0), and a leap day that does. */
export const EDGE_DATES = ['2027-02-30', '2026-13-01', '2025-02-29', '2028-02-29', '0000-01-01'] as const;
const EDGE_DATE_TIMES = EDGE_DATES.map((d) => `${d}T15:00:00Z`);

const someDay = fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true });
/** Mostly real days and times, now and then one of the edges. */
const dateOrEdge = (real: fc.Arbitrary<string>, edges: readonly string[]) =>
  fc.oneof({ weight: 3, arbitrary: real }, { weight: 2, arbitrary: fc.constantFrom(...edges) });

const stringFor = (s: JsonSchema, name: string): fc.Arbitrary<string> => {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'email' || name === 'email') return fc.emailAddress();
  if (s.format === 'date')
    return dateOrEdge(
      someDay.map((d) => d.toISOString().slice(0, 10)),
      EDGE_DATES,
    );
  if (s.format === 'date-time')
    return dateOrEdge(
      someDay.map((d) => d.toISOString()),
      EDGE_DATE_TIMES,
    );
  const maxLength = Math.min(s.maxLength ?? 40, 200);
  const minLength = Math.min(s.minLength ?? 0, maxLength);
  if (s.pattern)
    return fc
      .stringMatching(new RegExp(s.pattern))
      .filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY));
  return fc.string({ minLength, maxLength });
};

const INT_LIMIT = 2 ** 31 - 1;
/**
 * Integers at the edges of a database id: 0 and -1 below it, the largest int column value, one past
 * it, 2^53, and 2^53 + 1 (sent as raw JSON text, since a double cannot hold it).
 */
export const EDGE_IDS = [0, -1, INT_LIMIT, INT_LIMIT + 1, 2 ** 53, new RawJson('9007199254740993')] as const;
const integerFor = (s: JsonSchema): fc.Arbitrary<number | RawJson> => {
  const min = s.minimum ?? (s.exclusiveMinimum === undefined ? -INT_LIMIT : s.exclusiveMinimum + 1);
  const max = s.maximum ?? (s.exclusiveMaximum === undefined ? INT_LIMIT : s.exclusiveMaximum - 1);
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: Math.max(min, -INT_LIMIT), max: Math.min(max, INT_LIMIT) }) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_IDS) },
  );
};

/** Values that fit the schema's shape (refinements aside): the valid side of the mix. */
export function validArbitrary(s: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validArbitrary(a, name)));
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => validArbitrary({ ...s, type }, name)));
  switch (s.type) {
    case 'string':
      return stringFor(s, name);
    case 'integer':
      return integerFor(s);
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? validArbitrary(s.items, name) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, 15),
      });
    case 'object': {
      const properties = s.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, mixed(value, key)]),
      );
      return fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly a valid value, sometimes a hostile one. */
export function mixed(s: JsonSchema, name = '', hostileWeight = 1): fc.Arbitrary<unknown> {
  if (hostileWeight === 0) return validArbitrary(s, name);
  return fc.oneof(
    { weight: 5, arbitrary: validArbitrary(s, name) },
    { weight: hostileWeight, arbitrary: hostileValue },
  );
}

/** A JSON text of the value, with RawJson parts spliced in as they are. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"\\u0000raw(\d+)\\u0000"/g, (_, i: string) => raws[Number(i)] ?? 'null');
}

/** An object's JSON text with an extra own key in front (`__proto__` survives this way, unlike in a literal). */
export function withExtraKey(text: string, key: string, valueJson: string): string {
  if (!text.startsWith('{')) return text;
  return text === '{}' ? `{"${key}":${valueJson}}` : `{"${key}":${valueJson},${text.slice(1)}`;
}
