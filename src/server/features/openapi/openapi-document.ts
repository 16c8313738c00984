import { API_KEY_HEADER, API_KEY_RATE } from '@shared/api-keys';
import { errorBody } from '@shared/errors';
import type { PublicOperation } from '@shared/public-api';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  example?: string | number;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: OpenApiParameter[];
  responses: Record<string, unknown>;
}

/** The parts of an OpenAPI 3.1 document this API uses. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    headers: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

export interface DocumentOptions {
  clubName: string;
  publicUrl: string;
  keylessPerMinute: number;
  operations: readonly PublicOperation[];
}

/** Bumped when an operation or answer changes in a way a partner's client must know of. */
export const API_VERSION = '1.0.0';
/** How long a public answer may be kept (the routes' `cache-control: public, max-age=60`). */
const CACHE_SECONDS = 60;

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's own dialect). `io` picks the side: what a request
 * may send, or what an answer holds. Closed objects are opened: fields are added to answers over time,
 * and a partner's validating client must not break on one.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return io === 'output' ? opened(json) : json;
}

function opened(value: unknown): JsonSchema {
  if (Array.isArray(value)) return value.map(opened) as unknown as JsonSchema;
  if (value === null || typeof value !== 'object') return value as JsonSchema;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => !(key === 'additionalProperties' && v === false))
      .map(([key, v]) => [key, opened(v)]),
  );
}

/** `/api/matches/:id/report` as OpenAPI writes it: `/api/matches/{id}/report`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const schemaName = (operationId: string) =>
  `${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}Response`;

function parametersOf(op: PublicOperation): OpenApiParameter[] {
  const from = (schema: z.ZodType | undefined, where: 'path' | 'query'): OpenApiParameter[] => {
    if (!schema) return [];
    const json = jsonSchemaOf(schema, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    return Object.entries(properties).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...op.parameters?.[name],
      schema: property,
    }));
  };
  return [...from(op.endpoint.params, 'path'), ...from(op.endpoint.query, 'query')];
}

const ref = (kind: 'schemas' | 'responses' | 'headers', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

function describe(o: DocumentOptions): string {
  return [
    `The fans' player ratings of ${o.clubName}, as published: past matches and their reports, seasons and their tables, players' pages, the Team of the Week and of the Season. Read-only, JSON, no sign-in.`,
    '',
    `**Keys.** Media partners send the key the club's admin issued them in the \`${API_KEY_HEADER}\` header. A key is shown once when it is created; the club keeps only a digest of it, and can revoke it at any time. An unknown or revoked key is refused with 401, never answered as a call without a key. Never put a key in a URL or in code a browser downloads.`,
    '',
    `**Limits.** With a key: the key's own rate, ${API_KEY_RATE.default} requests a minute unless agreed otherwise. Without a key: ${o.keylessPerMinute} requests a minute per address. The limit covers every operation below together; each answer says where you stand in \`x-ratelimit-limit\`, \`x-ratelimit-remaining\` and \`x-ratelimit-reset\` (seconds), and a 429 carries \`retry-after\`. The club counts each key's requests per day.`,
    '',
    `**Caching.** Answers may be kept for ${CACHE_SECONDS} seconds (\`cache-control: public, max-age=${CACHE_SECONDS}\`) and vary by \`${API_KEY_HEADER}\`; please keep them rather than ask again. A report does not exist until its match has ended (404 until then).`,
    '',
    `**Attribution.** Figures are the fans' ratings of ${o.clubName}'s supporters on this site: credit them as "Fan ratings: ${o.clubName} Matchday" with a link to ${o.publicUrl}. Figures name no fan. Fields may be added to answers; existing ones keep their meaning within a major version.`,
    '',
    'Errors are JSON `{"message", "code"}`: the code is stable, the message English.',
  ].join('\n');
}

/** The public API's OpenAPI 3.1 document, from the same contracts its routes are registered from. */
export function buildOpenApiDocument(o: DocumentOptions): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const schemas: Record<string, JsonSchema> = { Error: jsonSchemaOf(errorBody, 'output') };
  for (const op of o.operations) {
    const name = schemaName(op.operationId);
    schemas[name] = jsonSchemaOf(op.endpoint.response, 'output');
    const hasParams = Boolean(op.endpoint.params || op.endpoint.query);
    const operation: OpenApiOperation = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      description: op.description,
      parameters: parametersOf(op),
      responses: {
        [String(op.endpoint.status ?? 200)]: {
          description: op.summary,
          headers: {
            'x-ratelimit-limit': ref('headers', 'RateLimitLimit'),
            'x-ratelimit-remaining': ref('headers', 'RateLimitRemaining'),
            'x-ratelimit-reset': ref('headers', 'RateLimitReset'),
          },
          content: { 'application/json': { schema: ref('schemas', name) } },
        },
        ...(hasParams ? { '400': ref('responses', 'BadRequest') } : {}),
        '401': ref('responses', 'InvalidKey'),
        ...(op.endpoint.params ? { '404': ref('responses', 'NotFound') } : {}),
        '429': ref('responses', 'TooManyRequests'),
      },
    };
    const path = openApiPath(op.endpoint.path);
    paths[path] = { ...paths[path], [op.endpoint.method.toLowerCase()]: operation };
  }
  const error = (description: string, extra: Record<string, unknown> = {}) => ({
    description,
    ...extra,
    content: { 'application/json': { schema: ref('schemas', 'Error') } },
  });
  const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });
  return {
    openapi: '3.1.0',
    info: { title: `${o.clubName} fan ratings API`, version: API_VERSION, description: describe(o) },
    servers: [{ url: o.publicUrl }],
    // A key is optional: `{}` is the call without one, at the lower limit.
    security: [{}, { apiKey: [] }],
    tags: [...new Set(o.operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: {
        BadRequest: error('A parameter is out of its range or malformed.'),
        InvalidKey: error('The key sent is unknown or revoked.'),
        NotFound: error('Nothing there: no such match, season or player, or a report before full time.'),
        TooManyRequests: error('Over the limit: wait `retry-after` seconds.', {
          headers: { 'retry-after': integerHeader('Seconds to wait.') },
        }),
      },
      headers: {
        RateLimitLimit: integerHeader(
          "Requests allowed in the current minute: the key's rate, or the keyless one.",
        ),
        RateLimitRemaining: integerHeader('Requests left in the current minute.'),
        RateLimitReset: integerHeader('Seconds until the minute starts again.'),
      },
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: API_KEY_HEADER,
          description:
            "A media partner's key, issued by the club's admin. Optional: without one, the lower limit applies.",
        },
      },
    },
  };
}
