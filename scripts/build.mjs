/**
 * npm run build: the page (Vite, to dist/client) and the server (esbuild, one ESM file at
 * dist/server/main.js, packages left in node_modules), then a stamp of the sources it was built from,
 * which npm start compares to decide whether to build again. Plain JavaScript, so plain node runs it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, gzipSync } from 'node:zlib';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js');
const stampOf = (root) => path.join(root, 'dist/.build-stamp');
const INPUTS = ['src', 'package-lock.json', 'tsconfig.json', 'vite.config.ts'];

function* files(entry) {
  const stat = statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) {
    yield [entry, stat];
    return;
  }
  for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** Every input's path, size and time: any edit, checkout or copy of the sources changes it. */
export function sourceFingerprint(root = ROOT) {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const [file, stat] of files(path.join(root, input))) {
      hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/** A build of both halves exists and was made from the sources as they are now. */
export function isBuildCurrent(root = ROOT) {
  try {
    return (
      statSync(path.join(root, 'dist/server/main.js')).isFile() &&
      statSync(path.join(root, 'dist/client/index.html')).isFile() &&
      readFileSync(stampOf(root), 'utf8').trim() === sourceFingerprint(root)
    );
  } catch {
    return false;
  }
}

/** Written last, so a build that failed half way is never taken for a current one. */
export function writeStamp(fingerprint, root = ROOT) {
  mkdirSync(path.dirname(stampOf(root)), { recursive: true });
  writeFileSync(stampOf(root), `${fingerprint}\n`);
}

/** Text types worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside every compressible file under `dir`, each
 * only when smaller than the file itself, so the server sends them at no CPU cost per request. Dot
 * folders (Vite's `.vite` manifest, read only by the page benchmark) are skipped. Returns the totals.
 */
export async function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  const jobs = [];
  for (const [file, stat] of files(dir)) {
    const relative = path.relative(dir, file);
    if (!COMPRESSIBLE.test(file) || relative.split(path.sep).some((part) => part.startsWith('.'))) continue;
    jobs.push(async () => {
      const bytes = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: stat.size,
          },
        }),
        gzipped(bytes, { level: 9 }),
      ]);
      totals.files += 1;
      totals.raw += bytes.length;
      for (const [suffix, packed, key] of [
        ['.br', br, 'br'],
        ['.gz', gz, 'gzip'],
      ]) {
        // A variant that saves nothing would only cost the client a decoding step.
        if (packed.length < bytes.length) {
          writeFileSync(file + suffix, packed);
          totals[key] += packed.length;
        } else {
          rmSync(file + suffix, { force: true });
          totals[key] += bytes.length;
        }
      }
    });
  }
  // Two at a time: the machine's cores, without queueing every file in zlib's thread pool at once.
  const running = [];
  for (const job of jobs) {
    running.push(job());
    if (running.length >= 2) await running.shift();
  }
  await Promise.all(running);
  return totals;
}

/**
 * The most gzipped JavaScript a first visit may fetch before the page draws: the entry, every chunk it
 * imports statically and the heaviest language's first-screen catalogue. A guard, not the target: the
 * targets are times a person feels (bench/page.ts); a build over it fails rather than ship.
 */
export const FIRST_LOAD_JS_GZIP_GUARD = 200_000;

/** The manifest keys of the entry and of every chunk it imports statically, and their CSS files. */
export function firstLoad(manifest) {
  const entry = manifest['index.html'];
  if (!entry?.isEntry) throw new Error('the manifest has no index.html entry');
  const chunks = [];
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunks.includes(key)) return;
    chunks.push(key);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit('index.html');
  return { chunks, css: [...css] };
}

/** The first-screen catalogues' manifest keys, one per language (`virtual:catalog/first/en`). */
export function firstCatalogues(manifest) {
  return Object.keys(manifest).filter((key) => /virtual:catalog\/first\/\w+$/.test(key));
}

/** The first load's JavaScript in gzip bytes (as the build wrote its .gz files), read from a built page. */
export function firstLoadJsGzip(clientDir) {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'));
  const gzipOf = (file) => {
    const full = path.join(clientDir, file);
    return (
      statSync(`${full}.gz`, { throwIfNoEntry: false })?.size ??
      gzipSync(readFileSync(full), { level: 9 }).length
    );
  };
  const fileOf = (key) => manifest[key]?.file;
  const entry = firstLoad(manifest)
    .chunks.map(fileOf)
    .filter(Boolean)
    .reduce((sum, file) => sum + gzipOf(file), 0);
  const catalogue = Math.max(0, ...firstCatalogues(manifest).map((key) => gzipOf(fileOf(key))));
  return entry + catalogue;
}

export async function buildAll() {
  // Taken before building: a source edited during the build makes the next start build again.
  const fingerprint = sourceFingerprint();
  rmSync(stampOf(ROOT), { force: true });
  const started = performance.now();
  const { build: buildPage } = await import('vite');
  await buildPage({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  const packed = await precompress(path.join(ROOT, 'dist/client'));
  const { build: bundle } = await import('esbuild');
  rmSync(path.join(ROOT, 'dist/server'), { recursive: true, force: true });
  await bundle({
    absWorkingDir: ROOT,
    // The server, and beside it the page's first screen as the server draws it (plugins/first-screen.ts).
    entryPoints: { main: 'src/server/main.ts', 'first-screen': 'src/client/app/first-screen.tsx' },
    outdir: path.dirname(SERVER_ENTRY),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // The page's catalogues are Vite's virtual modules; the server's render is given its messages.
    external: ['virtual:catalog/*'],
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The widgets' scripts (features/embed/embed-scripts.ts compiles the same way from the sources).
  rmSync(path.join(ROOT, 'dist/embed'), { recursive: true, force: true });
  await bundle({
    absWorkingDir: ROOT,
    entryPoints: { loader: 'src/embed/embed.ts', frame: 'src/embed/frame.ts' },
    outdir: path.join(ROOT, 'dist/embed'),
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    tsconfig: 'tsconfig.json',
    logLevel: 'warning',
  });
  const kB = (bytes) => `${Math.round(bytes / 1000)} kB`;
  const firstJs = firstLoadJsGzip(path.join(ROOT, 'dist/client'));
  if (firstJs > FIRST_LOAD_JS_GZIP_GUARD)
    throw new Error(
      `the first load's JavaScript is ${firstJs} B of gzip, over the ${FIRST_LOAD_JS_GZIP_GUARD} B guard: ` +
        'load the new code with the screen that needs it (npm run bench -- page lists the largest modules)',
    );
  writeStamp(fingerprint);
  console.warn(
    `Built the page and the server in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(${packed.files} page files: ${kB(packed.raw)}, ${kB(packed.br)} brotli, ${kB(packed.gzip)} gzip; ` +
      `first load ${kB(firstJs)} of JavaScript gzip, guard ${kB(FIRST_LOAD_JS_GZIP_GUARD)})`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildAll().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
