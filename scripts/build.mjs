/**
 * npm run build: the page (Vite, to dist/client) and the server (esbuild, one ESM file at
 * dist/server/main.js, packages left in node_modules), then a stamp of the sources it was built from,
 * which npm start compares to decide whether to build again. Plain JavaScript, so plain node runs it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

export async function buildAll() {
  // Taken before building: a source edited during the build makes the next start build again.
  const fingerprint = sourceFingerprint();
  rmSync(stampOf(ROOT), { force: true });
  const started = performance.now();
  const { build: buildPage } = await import('vite');
  await buildPage({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  const { build: bundle } = await import('esbuild');
  rmSync(path.join(ROOT, 'dist/server'), { recursive: true, force: true });
  await bundle({
    absWorkingDir: ROOT,
    entryPoints: ['src/server/main.ts'],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  writeStamp(fingerprint);
  console.warn(`Built the page and the server in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildAll().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
