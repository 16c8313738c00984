import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PROJECT_ROOT } from '../../paths';

/** The widgets' two scripts: the loader other sites include, and the one the widget pages run. */
export const EMBED_SCRIPTS = { loader: 'src/embed/embed.ts', frame: 'src/embed/frame.ts' } as const;
export type EmbedScriptName = keyof typeof EMBED_SCRIPTS;

/** Where npm run build writes them as `loader.js` and `frame.js` (scripts/build.mjs, the same esbuild options). */
const EMBED_DIST = path.join(PROJECT_ROOT, 'dist/embed');

/** The server runs from its build (dist/server/main.js): the scripts were built beside it. */
const fromBuild = path.dirname(fileURLToPath(import.meta.url)) === path.join(PROJECT_ROOT, 'dist/server');

/** A script as served: its bytes, compressed once each way, and its tag. */
export interface EmbedScript {
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

/** From the sources (development, tests): esbuild, as the build does it. */
async function compile(name: EmbedScriptName): Promise<Buffer> {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [EMBED_SCRIPTS[name]],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    tsconfig: 'tsconfig.json',
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error(`esbuild wrote nothing for ${name}`);
  return Buffer.from(file.contents);
}

function pack(body: Buffer): EmbedScript {
  return {
    body,
    gzip: gzipSync(body, { level: 9 }),
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
}

const loaded = new Map<EmbedScriptName, Promise<EmbedScript>>();

/** A script, read or compiled once per process. */
export function embedScript(name: EmbedScriptName): Promise<EmbedScript> {
  let script = loaded.get(name);
  if (!script) {
    script = (fromBuild ? readFile(path.join(EMBED_DIST, `${name}.js`)) : compile(name)).then(pack);
    loaded.set(name, script);
    script.catch(() => loaded.delete(name));
  }
  return script;
}
