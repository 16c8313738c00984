/**
 * `page`: what a signed-in fan's browser downloads on the first load of `/`, and how long `/` takes to
 * become usable on a weak mobile connection.
 *
 *   tsx bench/page.ts [--no-build] [--no-4g] [--runs 3] [--smoke] [--identity]
 *
 * Builds the page and the server (`npm run build`, which also writes the brotli and gzip files the server
 * sends; `--no-build` reads the existing dist/), then takes the first load from the build's manifest
 * (dist/client/.vite/manifest.json): the entry script, everything it imports statically (what index.html
 * modulepreloads) and their CSS, but no lazy chunk. Sums raw, gzip (level 9) and brotli bytes, attributes
 * each chunk's bytes to its source modules through its source map, and checks that no admin module nor
 * chart library is among them.
 *
 * Then (unless `--no-4g`) loads `/` in Chromium over emulated 400 kbit/s with 400 ms latency
 * (bench/lib/page-load.ts), as a visitor and as a fan during a live match, cold and warm, `--runs` times
 * each (1 with `--smoke`); `--identity` adds runs with compression refused, for comparison. Prints tables
 * and writes bench/results/page.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { FIRST_LOAD_JS_GZIP_GUARD, firstCatalogues, firstLoad } from '../scripts/build.mjs';
import { Cleanup } from '../tests/support/processes';
import {
  launchChromium,
  NETWORK,
  startSite,
  TARGET_COLD_MS,
  TARGET_WARM_MS,
  type Visit,
  type Visitor,
  visit,
} from './lib/page-load';
import { printTable, resultsFile } from './lib/report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(ROOT, 'dist/client');
const RESULTS = resultsFile('page');
/** Modules a fan's first load must not hold: the admin panel, and the chart and spreadsheet libraries it uses. */
const ADMIN_ONLY = /(^src\/client\/app\/routes\/admin\.tsx$|^src\/client\/features\/admin[\w-]*\/)/;
const CHARTS = /^node_modules\/(recharts|victory-vendor|d3-[\w-]+|exceljs)$/;

const { values: flags } = parseArgs({
  args: process.argv.slice(2),
  strict: false,
  options: {
    'no-build': { type: 'boolean' },
    'no-4g': { type: 'boolean' },
    runs: { type: 'string' },
    smoke: { type: 'boolean' },
    identity: { type: 'boolean' },
  },
});
/** Screens a signed-out visitor lands on from a link, besides the home, each timed to its main heading. */
const SCREENS: Array<[string, string]> = [
  ['screen_signin', '/signin'],
  ['screen_signup', '/signup'],
  ['screen_forgot_password', '/forgot-password'],
  ['screen_matches', '/matches'],
  ['screen_season', '/season'],
  ['screen_team_of_the_week', '/team-of-the-week'],
];
/** Every signed-out first visit is usable within this on slow 4G, cold. */
const TARGET_SIGNED_OUT_COLD_MS = 2_500;
const RUNS = flags.smoke ? 1 : Math.max(1, Math.min(10, Number(flags.runs ?? 3) || 3));
/** The browser runs end by then or fail: two minutes to start, and 40 s for each visit (cold and warm). */
const DEADLINE_MS = 120_000 + (flags.identity ? 4 : 2) * RUNS * 40_000 + SCREENS.length * RUNS * 40_000;

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

/** As `npm run build`: the page with its precompressed files, and the server the load runs measure. */
function build(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}

/** The bytes the server sends for a file to a browser that accepts brotli: its .br, if the build wrote one. */
function servedBrotli(file: string): number {
  const full = path.join(DIST, file);
  return statSync(`${full}.br`, { throwIfNoEntry: false })?.size ?? statSync(full).size;
}

function readManifest(): Manifest {
  const file = path.join(DIST, '.vite/manifest.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: build with build.manifest (vite.config.ts) first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The first screen's catalogue, which the page fetches before it draws: one per language, so the
 * heaviest of them (by gzip) counts, with each language's size reported.
 */
function firstCatalogue(manifest: Manifest): { key: string; sizes: Record<string, Sizes> } | null {
  const found = firstCatalogues(manifest).flatMap((key) => {
    const chunk = manifest[key];
    return chunk ? [[key, chunk] as const] : [];
  });
  if (found.length === 0) return null;
  const sizes: Record<string, Sizes> = {};
  let heaviest = '';
  for (const [key, chunk] of found) {
    const locale = key.slice(key.lastIndexOf('/') + 1);
    sizes[locale] = measure(readFileSync(path.join(DIST, chunk.file)));
    if (
      !heaviest ||
      (sizes[locale]?.gzip ?? 0) > (sizes[heaviest.slice(heaviest.lastIndexOf('/') + 1)]?.gzip ?? 0)
    )
      heaviest = key;
  }
  return { key: heaviest, sizes };
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

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

interface LoadFigures {
  runs: Visit[];
  cold_ms: number;
  warm_ms: number;
  cold_kb: number;
  warm_kb: number;
}

const figuresOf = (runs: Visit[]): LoadFigures => ({
  runs,
  cold_ms: Math.round(median(runs.map((r) => r.cold.ms))),
  warm_ms: Math.round(median(runs.map((r) => r.warm.ms))),
  cold_kb: Math.round(median(runs.map((r) => r.cold.bytes)) / 100) / 10,
  warm_kb: Math.round(median(runs.map((r) => r.warm.bytes)) / 100) / 10,
});

/** The emulated 4G loads of `/`, signed out and as a fan during a live match. */
async function loads(): Promise<Record<string, LoadFigures>> {
  const cleanup = new Cleanup();
  const deadline = setTimeout(() => {
    console.error(`page: the browser runs took more than ${DEADLINE_MS / 1000} s: stopping`);
    void cleanup.run().finally(() => process.exit(1));
  }, DEADLINE_MS);
  deadline.unref();
  try {
    const site = await startSite(cleanup);
    const browser = await launchChromium(cleanup);
    const cases: Array<[string, Visitor, boolean, string?]> = [
      ['signed_out', 'signed-out', false],
      ['fan', 'fan', false],
      ...SCREENS.map(([name, path]): [string, Visitor, boolean, string] => [name, 'screen', false, path]),
      ...(flags.identity
        ? ([
            ['signed_out_identity', 'signed-out', true],
            ['fan_identity', 'fan', true],
          ] as Array<[string, Visitor, boolean]>)
        : []),
    ];
    const results: Record<string, LoadFigures> = {};
    for (const [name, visitor, identity, path] of cases) {
      const runs: Visit[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(
          await visit(browser, site.base, visitor, visitor === 'fan' ? site.fanToken : null, {
            timeoutMs: 40_000,
            identity,
            ...(path ? { path } : {}),
          }),
        );
      }
      results[name] = figuresOf(runs);
    }
    return results;
  } finally {
    await cleanup.run();
    clearTimeout(deadline);
  }
}

async function main(): Promise<void> {
  if (flags['no-build'] !== true) build();
  const manifest = readManifest();
  const { chunks, css } = firstLoad(manifest);
  const catalogue = firstCatalogue(manifest);

  const reports: ChunkReport[] = [];
  for (const key of chunks) {
    const chunk = manifest[key];
    if (!chunk) continue;
    const sizes = measure(readFileSync(path.join(DIST, chunk.file)));
    reports.push({ file: chunk.file, kind: 'js', src: chunk.src ?? null, ...sizes });
  }
  for (const file of css)
    reports.push({ file, kind: 'css', src: null, ...measure(readFileSync(path.join(DIST, file))) });

  // The manifest's view must be what the browser is told to fetch (the catalogue is fetched by the script).
  const fromHtml = new Set(htmlFiles());
  const fromManifest = new Set(reports.map((r) => r.file));
  if (catalogue) {
    const chunk = manifest[catalogue.key];
    if (chunk) {
      const sizes = measure(readFileSync(path.join(DIST, chunk.file)));
      reports.push({ file: chunk.file, kind: 'js', src: catalogue.key, ...sizes });
    }
    console.log("\nthe first screen's catalogue, per language (the heaviest counts in the first load)");
    console.table(Object.entries(catalogue.sizes).map(([locale, sizes]) => ({ locale, ...sizes })));
  }
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
  // What the server actually sends a browser that accepts brotli (the build's .br files).
  const sentBrotli = {
    js: reports.filter((r) => r.kind === 'js').reduce((total, r) => total + servedBrotli(r.file), 0),
    css: reports.filter((r) => r.kind === 'css').reduce((total, r) => total + servedBrotli(r.file), 0),
  };
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
  const met = js.gzip < FIRST_LOAD_JS_GZIP_GUARD;
  console.log(
    `JS gzip ${kb(js.gzip)} (guard ${kb(FIRST_LOAD_JS_GZIP_GUARD)}; the targets are the times below): ${met ? 'met' : 'NOT met'}; ` +
      `admin or chart code in the first load: ${offending.length > 0 ? offending.join(', ') : 'none'}; ` +
      `${lazy} lazy chunks load on demand`,
  );
  console.log(
    `as served to a browser accepting brotli (the build's .br files): JS ${kb(sentBrotli.js)}, CSS ${kb(sentBrotli.css)}`,
  );

  const timed = flags['no-4g'] === true ? null : await loads();
  let loadFigures: Record<string, unknown> = {};
  if (timed) {
    const rows = Object.entries(timed).map(([name, f]) => [
      name,
      ms(f.cold_ms),
      `${f.cold_kb} kB`,
      ms(f.warm_ms),
      `${f.warm_kb} kB`,
    ]);
    console.log(
      `\n/ over emulated 4G (${NETWORK.kbitPerSecond} kbit/s each way, ${NETWORK.latencyMs} ms latency), ` +
        `navigation start to the first rating control visible, median of ${RUNS}`,
    );
    printTable(['visitor', 'cold', 'cold bytes', 'warm', 'warm bytes'], rows);
    // The headline is the fan's: the first players to rate on screen. A visitor signed out has no players;
    // their sign-in form is timed beside it.
    const cold = timed.fan?.cold_ms ?? Number.NaN;
    const warm = timed.fan?.warm_ms ?? Number.NaN;
    console.log(
      `cold_4g_ms ${Math.round(cold)} (target ${TARGET_COLD_MS}: ${cold <= TARGET_COLD_MS ? 'met' : 'NOT met'}); ` +
        `warm_4g_ms ${Math.round(warm)} (target ${TARGET_WARM_MS}: ${warm <= TARGET_WARM_MS ? 'met' : 'NOT met'}); ` +
        `signed out: sign-in form ${Math.round(timed.signed_out?.cold_ms ?? Number.NaN)} ms cold, ` +
        `${Math.round(timed.signed_out?.warm_ms ?? Number.NaN)} ms warm`,
    );
    const signedOut = Object.entries(timed).filter(
      ([name]) => name === 'signed_out' || name.startsWith('screen_'),
    );
    const slowest = Math.max(...signedOut.map(([, f]) => f.cold_ms));
    console.log(
      `signed-out first visits: slowest cold ${Math.round(slowest)} ms (target ${TARGET_SIGNED_OUT_COLD_MS}: ` +
        `${slowest <= TARGET_SIGNED_OUT_COLD_MS ? 'met' : 'NOT met'})`,
    );
    loadFigures = {
      signed_out_screens_cold_4g_ms: Object.fromEntries(signedOut.map(([name, f]) => [name, f.cold_ms])),
      signed_out_screens_warm_4g_ms: Object.fromEntries(signedOut.map(([name, f]) => [name, f.warm_ms])),
      target_signed_out_cold_4g_ms: TARGET_SIGNED_OUT_COLD_MS,
      cold_4g_ms: cold,
      warm_4g_ms: warm,
      signed_out_cold_4g_ms: timed.signed_out?.cold_ms ?? null,
      signed_out_warm_4g_ms: timed.signed_out?.warm_ms ?? null,
      target_cold_4g_ms: TARGET_COLD_MS,
      target_warm_4g_ms: TARGET_WARM_MS,
      network: NETWORK,
      loads: timed,
    };
  }

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
    js_sent_brotli_bytes: sentBrotli.js,
    css_sent_brotli_bytes: sentBrotli.css,
    admin_js_in_first_load: offending.length > 0 ? 1 : 0,
    admin_modules_in_first_load: offending,
    guard_js_gzip_bytes: FIRST_LOAD_JS_GZIP_GUARD,
    // Counted in js_gzip_bytes: the heaviest language's first-screen catalogue.
    catalogue_gzip_bytes: Object.fromEntries(
      Object.entries(catalogue?.sizes ?? {}).map(([locale, sizes]) => [locale, sizes.gzip]),
    ),
    target_met: met ? 1 : 0,
    lazy_chunks: lazy,
    chunks: reports,
    largest_modules: largest,
    ...loadFigures,
  };
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${path.relative(ROOT, RESULTS)}`);
}

await main();
