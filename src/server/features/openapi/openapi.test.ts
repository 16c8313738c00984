import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { CreatedApiKey } from '@shared/api-keys';
import { PUBLIC_API_ENDPOINTS } from '@shared/public-api';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFan } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { adminOnly, signedIn } from '../../plugins/auth';
import type { OpenApiDocument, OpenApiOperation } from './openapi-document';

let t: TestContext;
let baseUrl: string;
let doc: OpenApiDocument;
let admin: Awaited<ReturnType<typeof createFan>>;

beforeAll(async () => {
  t = await createTestContext();
  admin = await createFan(t, { isAdmin: true });
  // A real port: the calls below come through the HTTP server as a partner's do (fast reads included).
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
});
afterAll(() => t.close());

/**
 * The unguarded reads that are not the partners': the site's plumbing and branding, sign-in (`me` answers
 * the caller's own session, 401 without one), the live match of the moment (no-store, pushed to pages
 * live), the widgets' own feed (framed on partners' sites as the club draws it), and the API's own
 * description.
 */
const NOT_FOR_PARTNERS = new Set([
  '/api/health',
  '/api/ready',
  '/api/customization',
  '/api/ground',
  '/api/social-media',
  '/api/banners',
  '/api/announcement',
  '/api/scripts/tracking',
  '/api/auth/providers',
  '/api/auth/me',
  '/api/oauth/google',
  '/api/oauth/google/callback',
  '/api/matches/current',
  '/api/embed/live',
  '/api/openapi.json',
  '/api/docs',
]);

const isGuarded = (route: RouteOptions) =>
  [route.preValidation].flat().some((hook) => hook === signedIn || hook === adminOnly);
const gets = () => t.app.registeredRoutes.filter((r) => r.method === 'GET');
const documented = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
const asOpenApi = (route: RouteOptions) => `GET ${route.url.replace(/:(\w+)/g, '{$1}')}`;

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, public and cacheable', async () => {
    const res = await fetch(`${baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const again = await fetch(`${baseUrl}/api/openapi.json`, {
      headers: { 'if-none-match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.info.title).toContain('Manchester United');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(doc.security).toEqual([{}, { apiKey: [] }]);
  });

  it('describes exactly the routes marked public API in the live route table, from their contracts', () => {
    const marked = gets().filter((r) => r.config?.publicApi);
    expect(marked.map(asOpenApi).sort()).toEqual(documented().sort());
    expect(marked).toHaveLength(PUBLIC_API_ENDPOINTS.length);
    for (const op of PUBLIC_API_ENDPOINTS) {
      const route = marked.find((r) => r.url === op.endpoint.path);
      if (!route) throw new Error(`${op.endpoint.path} is not registered`);
      expect((route.schema as { response: Record<number, unknown> }).response[200]).toBe(
        op.endpoint.response,
      );
      expect(isGuarded(route), op.endpoint.path).toBe(false);
    }
    // Their HEAD twins pass the same door.
    const heads = t.app.registeredRoutes.filter((r) => r.method === 'HEAD' && r.config?.publicApi);
    expect(heads).toHaveLength(PUBLIC_API_ENDPOINTS.length);
  });

  it('leaves out no public read a partner would use: every other one is the page’s own, by name', () => {
    const publicReads = gets().filter((r) => r.url.startsWith('/api/') && !isGuarded(r));
    const unclassified = publicReads
      .filter((r) => !r.config?.publicApi && !NOT_FOR_PARTNERS.has(r.url))
      .map((r) => r.url);
    // A new public read: list it in shared/public-api.ts, or here with why partners do without it.
    expect(unclassified).toEqual([]);
    const stale = [...NOT_FOR_PARTNERS].filter((url) => !publicReads.some((r) => r.url === url));
    expect(stale).toEqual([]);
  });
});

/** A typed fetch made from the document alone: operation → method and path template → filled → called. */
function client(document: OpenApiDocument, base: string) {
  const operations = new Map<string, { method: string; path: string; op: OpenApiOperation }>();
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(methods)) operations.set(op.operationId, { method, path, op });
  return async <T>(
    operationId: string,
    params: Record<string, string | number> = {},
    options: { apiKey?: string } = {},
  ): Promise<{ status: number; headers: Headers; body: T }> => {
    const found = operations.get(operationId);
    if (!found) throw new Error(`no operation ${operationId}`);
    const query = new URLSearchParams();
    for (const p of found.op.parameters) {
      const value = params[p.name];
      if (value === undefined && p.required) throw new Error(`${operationId}: ${p.name} is required`);
      if (value !== undefined && p.in === 'query') query.set(p.name, String(value));
    }
    const path = found.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String(params[name])),
    );
    const scheme = document.components.securitySchemes.apiKey as { name: string };
    const res = await fetch(`${base}${path}${query.size ? `?${query}` : ''}`, {
      method: found.method.toUpperCase(),
      headers: options.apiKey ? { [scheme.name]: options.apiKey } : {},
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as T };
  };
}

/** The answer holds what the document's schema requires, of the types it names (objects and arrays walked). */
function conforms(value: unknown, schema: Record<string, unknown>, where = '$'): string[] {
  const ref = schema.$ref;
  if (typeof ref === 'string')
    return conforms(value, doc.components.schemas[ref.split('/').at(-1) ?? ''] ?? {}, where);
  const types = [schema.type ?? []].flat() as string[];
  const typeOf = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (types.length && !types.some((ty) => ty === typeOf || (ty === 'integer' && Number.isInteger(value))))
    return [`${where}: ${typeOf}, not ${types.join('|')}`];
  if (typeOf === 'array' && schema.items)
    return (value as unknown[]).flatMap((v, i) =>
      conforms(v, schema.items as Record<string, unknown>, `${where}[${i}]`),
    );
  if (typeOf !== 'object') return [];
  const object = value as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  return [
    ...((schema.required ?? []) as string[])
      .filter((k) => !(k in object))
      .map((k) => `${where}.${k}: missing`),
    ...Object.entries(properties).flatMap(([k, s]) =>
      k in object ? conforms(object[k], s, `${where}.${k}`) : [],
    ),
  ];
}

describe('a partner calling through the document', () => {
  const createKey = async (ratePerMinute: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: { cookie: admin.cookie },
      payload: { name: 'Gazette', ratePerMinute },
    });
    return res.json() as CreatedApiKey;
  };
  const usageToday = async (id: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/api-keys',
      headers: { cookie: admin.cookie },
    });
    return (res.json() as { keys: { id: number; requestsToday: number }[] }).keys.find((k) => k.id === id)
      ?.requestsToday;
  };

  it("with a key: the key's limit, counted for today", async () => {
    const call = client(doc, baseUrl);
    const { apiKey, key } = await createKey(250);
    const res = await call<{ items: unknown[] }>('listPastMatches', { page: 1 }, { apiKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('250');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('249');
    expect(res.headers.get('vary')).toMatch(/x-api-key/);
    const schema = doc.paths['/api/match-reports']?.get?.responses['200'] as {
      content: { 'application/json': { schema: Record<string, unknown> } };
    };
    expect(conforms(res.body, schema.content['application/json'].schema)).toEqual([]);
    const seasons = await call<unknown[]>('listSeasons', {}, { apiKey });
    expect(seasons.status).toBe(200);
    // One minute for the whole API: the second operation drew on the same allowance.
    expect(seasons.headers.get('x-ratelimit-remaining')).toBe('248');
    expect(await usageToday(key.id)).toBe(2);
  });

  it('without a key: the lower limit', async () => {
    const res = await client(doc, baseUrl)<unknown>('listPastMatches');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('120');
  });

  it('with a revoked key: 401, for GET and HEAD alike', async () => {
    const { apiKey, key } = await createKey(250);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/api-keys/${key.id}/revoke`,
      headers: { cookie: admin.cookie },
      payload: {},
    });
    const res = await client(doc, baseUrl)<{ code: string }>(
      'getSeasonTable',
      { season: '2025-26' },
      { apiKey },
    );
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('apiKey.invalid');
    const head = await fetch(`${baseUrl}/api/seasons`, { method: 'HEAD', headers: { 'x-api-key': apiKey } });
    expect(head.status).toBe(401);
  });
});

describe('the reference page', () => {
  it('lists every operation with its example call and the limits, drawn with no script under its own policy', async () => {
    const res = await fetch(`${baseUrl}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const op of PUBLIC_API_ENDPOINTS) expect(html).toContain(`id="${op.operationId}"`);
    expect(html).toContain(
      `curl -H &#39;x-api-key: mdk_your_key&#39; &#39;http://matchday.test/api/matches/1/report&#39;`,
    );
    expect(html).toContain('120 requests a minute per address');
    expect(html).not.toMatch(/<script|style="|https?:\/\/(?!matchday\.test)[^"'<\s]*\.(js|css)/i);
    const style = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    const digest = createHash('sha256').update(style).digest('base64');
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'sha256-${digest}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
