import { createHash } from 'node:crypto';
import { API_KEY_HEADER } from '@shared/api-keys';
import type { ClubColours } from '@shared/club-colours';
import { textOn } from '@shared/club-palette';
import { escapeXml } from '../../lib/markup';
import type { OpenApiDocument, OpenApiOperation, OpenApiParameter } from './openapi-document';

/** The few marks the document's descriptions use: `code` and **bold**, after escaping. */
const inline = (text: string) =>
  escapeXml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

function typeOf(schema: Record<string, unknown>): string {
  const type = schema.type;
  const named = Array.isArray(type) ? type.join(' | ') : String(type ?? 'any');
  const range =
    schema.minimum !== undefined && schema.maximum !== undefined
      ? ` ${String(schema.minimum)}-${String(schema.maximum)}`
      : '';
  // A named format says it better than its pattern; a long pattern is left to the document.
  const shape =
    typeof schema.format === 'string'
      ? ` (${schema.format})`
      : typeof schema.pattern === 'string' && schema.pattern.length <= 24
        ? ` ${schema.pattern}`
        : '';
  return `${named}${range}${shape}`;
}

/** The call with its required parameters filled by their examples, and the header a partner adds. */
function exampleCurl(baseUrl: string, path: string, op: OpenApiOperation): string {
  const value = (p: OpenApiParameter) => encodeURIComponent(String(p.example ?? 1));
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    return param ? value(param) : name;
  });
  const query = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${value(p)}`)
    .join('&');
  return `curl -H '${API_KEY_HEADER}: mdk_your_key' '${baseUrl}${filled}${query ? `?${query}` : ''}'`;
}

function operationHtml(baseUrl: string, path: string, method: string, op: OpenApiOperation): string {
  // A list, not a table: a phone shows each parameter whole, its meaning under it.
  const params = op.parameters
    .map(
      (p) =>
        `<li><code>${escapeXml(p.name)}</code> <span class="muted">${p.in} · ${p.required ? 'required' : 'optional'} · <code>${escapeXml(typeOf(p.schema))}</code></span><br>${inline(p.description ?? '')}</li>`,
    )
    .join('');
  const statuses = Object.keys(op.responses).join(', ');
  return `<section class="op" id="${escapeXml(op.operationId)}">
<h3><span class="method">${method.toUpperCase()}</span> <code>${escapeXml(path)}</code></h3>
<p class="summary">${escapeXml(op.summary)} <span class="id">operationId <code>${escapeXml(op.operationId)}</code></span></p>
<p>${inline(op.description)}</p>
${params ? `<ul class="params">${params}</ul>` : '<p class="muted">No parameters.</p>'}
<pre><code>${escapeXml(exampleCurl(baseUrl, path, op))}</code></pre>
<p class="muted">Answers: ${statuses}. The 200's shape is in <a href="/api/openapi.json">the OpenAPI document</a>.</p>
</section>`;
}

function styleOf(colours: ClubColours): string {
  return [
    ':root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1a1a;background:#fff}',
    'body{margin:0}',
    `header{background:${colours.primary};color:${textOn(colours.primary)};padding:24px 16px}`,
    'header h1{margin:0;font-size:1.5rem}',
    'header p{margin:4px 0 0}',
    'header a{color:inherit}',
    'main{max-width:920px;margin:0 auto;padding:16px}',
    'h2{font-size:1.2rem;margin:32px 0 8px}',
    'h3{font-size:1rem;margin:0 0 4px;overflow-wrap:anywhere}',
    `.method{display:inline-block;padding:0 8px;border-radius:4px;background:${colours.secondary};color:${textOn(colours.secondary)};font-size:.8rem}`,
    '.op{border:1px solid #ddd;border-radius:8px;padding:16px;margin:16px 0}',
    '.summary{font-weight:600;margin:0}',
    '.id{font-weight:400;color:#555;font-size:.85rem;margin-inline-start:8px}',
    '.muted{color:#555;font-size:.9rem}',
    'code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}',
    'pre{background:#f4f4f4;border-radius:6px;padding:12px;white-space:pre-wrap;overflow-wrap:anywhere}',
    '.params{list-style:none;padding:0;margin:12px 0}',
    '.params li{border-top:1px solid #eee;padding:8px 0;overflow-wrap:anywhere}',
    `a{color:#1a1a1a;text-decoration-color:${colours.primary};text-decoration-thickness:2px}`,
  ].join('\n');
}

/**
 * The API's reference as one plain page: HTML and one style element, no script, no font or file from
 * elsewhere. Its policy allows that style element by its digest and nothing else, so it stays within the
 * API's "loads nothing" rule but for its own look.
 */
export function referencePage(
  doc: OpenApiDocument,
  colours: ClubColours,
): { html: string; contentSecurityPolicy: string } {
  const style = styleOf(colours);
  const digest = createHash('sha256').update(style).digest('base64');
  const baseUrl = doc.servers[0]?.url.replace(/\/+$/, '') ?? '';
  const paragraphs = doc.info.description
    .split('\n\n')
    .map((p) => `<p>${inline(p)}</p>`)
    .join('\n');
  const operations = doc.tags
    .map((tag) => {
      const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, op]) => op.tags.includes(tag.name))
          .map(([method, op]) => operationHtml(baseUrl, path, method, op)),
      );
      return `<h2>${escapeXml(tag.name)}</h2>\n${ops.join('\n')}`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeXml(doc.info.title)}</title>
<style>${style}</style>
</head>
<body>
<header><h1>${escapeXml(doc.info.title)}</h1><p>Version ${escapeXml(doc.info.version)} · <a href="/api/openapi.json">OpenAPI 3.1 document</a></p></header>
<main>
${paragraphs}
${operations}
</main>
</body>
</html>
`;
  return {
    html,
    contentSecurityPolicy: `default-src 'none'; style-src '${`sha256-${digest}`}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  };
}
