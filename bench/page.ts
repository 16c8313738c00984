/**
 * `page`: what a signed-in fan's browser downloads on the first load of `/`.
 *
 *   tsx bench/page.ts [--no-build]
 *
 * Builds the page (`vite build`; `--no-build` reads the existing dist/client), then takes the first load
 * from the build's manifest (dist/client/.vite/manifest.json): the entry script, everything it imports
 * statically (what index.html modulepreloads) and their CSS, but no lazy chunk. Sums raw, gzip (level 9)
 * and brotli bytes, attributes each chunk's bytes to its source modules through its source map, and checks
 * that no admin module nor chart library is among them. Prints a table and writes bench/results/page.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { resultsFile } from './lib/report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(ROOT, 'dist/client');
const RESULTS = resultsFile('page');
/** The target: under 150 KB of gzipped JavaScript (taken as 150,000 bytes, the stricter reading). */
const TARGET_JS_GZIP_BYTES = 150_000;
/** Modules a fan's first load must not hold: the admin panel, and the chart and spreadsheet libraries it uses. */
const ADMIN_ONLY = /(^src\/client\/app\/routes\/admin\.tsx$|^src\/client\/features\/admin[\w-]*\/)/;
const CHARTS = /^node_modules\/(recharts|victory-vendor|d3-[\w-]+|exceljs)$/;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

interface ChunkReport extends Sizes {
  file: string;
  kind: 'js' | 'css';
  /** The module the chunk is named after (its facade), when it has one. */
  src: string | null;
}

function measure(bytes: Buffer): Sizes {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function build(): void {
  const started = performance.now();
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
  console.log(`built the page in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function readManifest(): Manifest {
  const file = path.join(DIST, '.vite/manifest.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: build with build.manifest (vite.config.ts) first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The manifest keys of the entry and of every chunk it imports statically, and their CSS files. */
function firstLoad(manifest: Manifest): { chunks: string[]; css: string[] } {
  const entry = manifest['index.html'];
  if (!entry?.isEntry) throw new Error('the manifest has no index.html entry');
  const chunks: string[] = [];
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunks.includes(key)) return;
    chunks.push(key);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit('index.html');
  return { chunks, css: [...css] };
}

/** What index.html itself makes the browser fetch: module scripts, modulepreloads and style sheets. */
function htmlFiles(): string[] {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const attrs = tag[0];
    const url = /\b(?:src|href)="\/([^"]+)"/.exec(attrs)?.[1];
    if (!url) continue;
    const wanted =
      (tag[1] === 'script' && /type="module"/.test(attrs)) || /rel="(modulepreload|stylesheet)"/.test(attrs);
    if (wanted) files.push(url);
  }
  return files;
}

// Source maps: each generated segment's bytes go to the module it came from.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One generated line's segments as [generated column, source index or -1]. */
function decodeLine(line: string, state: { source: number }): Array<[number, number]> {
  const segments: Array<[number, number]> = [];
  let column = 0;
  for (const segment of line.split(',')) {
    if (!segment) continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
        continue;
      }
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
    column += fields[0] ?? 0;
    if (fields.length >= 4) state.source += fields[1] ?? 0;
    segments.push([column, fields.length >= 4 ? state.source : -1]);
  }
  return segments;
}

/** A source path as the repository names it: `src/...` or `node_modules/<package>` (no deeper). */
function moduleName(source: string, mapDir: string): string {
  const absolute = path.resolve(mapDir, source.replace(/^\0/, ''));
  const relative = path.relative(ROOT, absolute).split(path.sep).join('/');
  const at = relative.lastIndexOf('node_modules/');
  if (at < 0) return relative;
  const parts = relative.slice(at + 'node_modules/'.length).split('/');
  const name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  return `node_modules/${name}`;
}

/** Bytes of the chunk's code per module (packages grouped); `(unmapped)` for the bundler's own glue. */
function attribute(file: string): Map<string, number> {
  const code = readFileSync(path.join(DIST, file), 'utf8');
  const mapFile = path.join(DIST, `${file}.map`);
  const bytes = new Map<string, number>();
  const add = (name: string, n: number) => bytes.set(name, (bytes.get(name) ?? 0) + n);
  if (!existsSync(mapFile)) {
    // Only the bundler's runtime has none; any other chunk without one could hide admin code.
    if (Buffer.byteLength(code) > 2000)
      console.warn(`${file} has no source map: its modules are not checked`);
    add('(no source map)', Buffer.byteLength(code));
    return bytes;
  }
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const mapDir = path.dirname(mapFile);
  const names = map.sources.map((source) => moduleName(source, mapDir));
  const lines = code.split('\n');
  const state = { source: 0 };
  map.mappings.split(';').forEach((mapping, index) => {
    const line = lines[index] ?? '';
    const segments = decodeLine(mapping, state);
    let last = 0;
    let owner = '(unmapped)';
    for (const [column, source] of segments) {
      add(owner, Buffer.byteLength(line.slice(last, column)));
      last = column;
      owner = source >= 0 ? (names[source] ?? '(unmapped)') : '(unmapped)';
    }
    add(owner, Buffer.byteLength(line.slice(last)) + 1);
  });
  for (const line of lines.slice(map.mappings.split(';').length))
    add('(unmapped)', Buffer.byteLength(line) + 1);
  return bytes;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function main(): void {
  if (!process.argv.includes('--no-build')) build();
  const manifest = readManifest();
  const { chunks, css } = firstLoad(manifest);

  const reports: ChunkReport[] = [];
  for (const key of chunks) {
    const chunk = manifest[key];
    if (!chunk) continue;
    const sizes = measure(readFileSync(path.join(DIST, chunk.file)));
    reports.push({ file: chunk.file, kind: 'js', src: chunk.src ?? null, ...sizes });
  }
  for (const file of css)
    reports.push({ file, kind: 'css', src: null, ...measure(readFileSync(path.join(DIST, file))) });

  // The manifest's view must be what the browser is told to fetch.
  const fromHtml = new Set(htmlFiles());
  const fromManifest = new Set(reports.map((r) => r.file));
  const mismatch = [...fromHtml]
    .filter((f) => !fromManifest.has(f))
    .concat([...fromManifest].filter((f) => !fromHtml.has(f)));
  if (mismatch.length > 0) console.warn(`index.html and the manifest disagree on: ${mismatch.join(', ')}`);

  const modules = new Map<string, number>();
  for (const report of reports) {
    if (report.kind !== 'js') continue;
    for (const [name, bytes] of attribute(report.file)) modules.set(name, (modules.get(name) ?? 0) + bytes);
  }
  const offending = [...modules.keys()].filter((name) => ADMIN_ONLY.test(name) || CHARTS.test(name)).sort();

  const sum = (kind: ChunkReport['kind'], field: keyof Sizes) =>
    reports.filter((r) => r.kind === kind).reduce((total, r) => total + r[field], 0);
  const js: Sizes = { raw: sum('js', 'raw'), gzip: sum('js', 'gzip'), brotli: sum('js', 'brotli') };
  const styles: Sizes = { raw: sum('css', 'raw'), gzip: sum('css', 'gzip'), brotli: sum('css', 'brotli') };
  const lazy = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length;
  const largest = [...modules]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([module, raw]) => ({ module, raw }));

  console.log('\npage: first load of / for a signed-in fan');
  console.table(
    reports.map((r) => ({ file: r.file, module: r.src ?? '', raw: r.raw, gzip: r.gzip, brotli: r.brotli })),
  );
  console.log('largest modules of the first-load JavaScript (minified bytes, before compression)');
  console.table(largest);
  console.table([
    { figure: 'JavaScript', raw: kb(js.raw), gzip: kb(js.gzip), brotli: kb(js.brotli) },
    { figure: 'CSS', raw: kb(styles.raw), gzip: kb(styles.gzip), brotli: kb(styles.brotli) },
  ]);
  const met = js.gzip < TARGET_JS_GZIP_BYTES;
  console.log(
    `JS gzip ${kb(js.gzip)} (target under ${kb(TARGET_JS_GZIP_BYTES)}): ${met ? 'met' : 'NOT met'}; ` +
      `admin or chart code in the first load: ${offending.length > 0 ? offending.join(', ') : 'none'}; ` +
      `${lazy} lazy chunks load on demand`,
  );

  mkdirSync(path.dirname(RESULTS), { recursive: true });
  const results = {
    benchmark: 'page',
    date: new Date().toISOString(),
    js_raw_bytes: js.raw,
    js_gzip_bytes: js.gzip,
    js_brotli_bytes: js.brotli,
    css_raw_bytes: styles.raw,
    css_gzip_bytes: styles.gzip,
    css_brotli_bytes: styles.brotli,
    admin_js_in_first_load: offending.length > 0 ? 1 : 0,
    admin_modules_in_first_load: offending,
    target_js_gzip_bytes: TARGET_JS_GZIP_BYTES,
    target_met: met ? 1 : 0,
    lazy_chunks: lazy,
    chunks: reports,
    largest_modules: largest,
  };
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${path.relative(ROOT, RESULTS)}`);
}

main();
