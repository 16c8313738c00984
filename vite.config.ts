import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { catalogsPlugin } from './scripts/vite-catalogs';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('./src/client'),
  publicDir: here('./src/client/public'),
  plugins: [
    react(),
    catalogsPlugin(here('./src/shared/i18n/catalogs')),
    tailwindcss(),
    serviceWorker({
      entry: here('./src/client/sw/sw.ts'),
      publicDir: here('./src/client/public'),
      // A fan's page never needs the admin panel offline: its chunks are cached once an admin opens it.
      lazyOnly: /\/src\/client\/(app\/routes\/admin\.tsx|features\/admin[\w-]*\/)/,
      // Latin fonts cover the page's text; other scripts' subsets are cached when a page first needs them.
      skipAsset: (file) => file.endsWith('.woff2') && !file.includes('-latin-'),
    }),
  ],
  resolve: {
    alias: { '@shared': here('./src/shared'), '@client': here('./src/client') },
  },
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the chunk graph the page benchmark (bench/page.ts) reads the first load from.
    manifest: true,
    // A browser without modulepreload still loads every module, only without the early fetch: the
    // polyfill is not worth its first-load bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first load needs in one chunk: split into the common chunks shared with lazy
        // screens, it compressed worse and took one request each.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: { strictPort: false },
});

// The service worker (src/client/sw/sw.ts) and its precache list, built beside the page.

interface ServiceWorkerOptions {
  /** The worker's TypeScript entry; emitted as /sw.js, unhashed, so its address never changes. */
  entry: string;
  /** The public directory: its files (favicon) belong to the shell. */
  publicDir: string;
  /** Lazy chunks (by their entry module) left out of the precache: cached on first use instead. */
  lazyOnly: RegExp;
  /** Assets (by file name) of the shell kept out of the precache, such as fonts for other scripts. */
  skipAsset: (fileName: string) => boolean;
}

/**
 * Builds the service worker beside the page: the worker is compiled on its own (one classic script, no
 * shared chunks) with this build's version and app-shell file list defined in it.
 */
function serviceWorker(options: ServiceWorkerOptions): Plugin {
  let minify = true;
  return {
    name: 'matchday:service-worker',
    apply: 'build',
    // After Vite's own plugins, so the bundle already holds index.html.
    enforce: 'post',
    configResolved(config) {
      minify = config.build.minify !== false;
    },
    async generateBundle(_output, bundle) {
      const publicFiles = listFiles(options.publicDir);
      const precache = ['/', ...shellFiles(bundle, options), ...publicFiles.map((f) => `/${f}`)];
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('service worker: the bundle has no index.html');
      // The shell's file names are content-hashed; index.html and the public files are not.
      const hash = createHash('sha256').update(JSON.stringify(precache)).update(html.source);
      for (const file of publicFiles) hash.update(readFileSync(path.join(options.publicDir, file)));
      const version = hash.digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: await compileWorker(options.entry, { version, precache, minify }),
      });
    },
  };
}

/** The entry chunks, their imports and lazy chunks (but the lazy-only ones), with their CSS and assets. */
function shellFiles(bundle: Rolldown.OutputBundle, options: ServiceWorkerOptions): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    if (chunk.isDynamicEntry && chunk.facadeModuleId && options.lazyOnly.test(chunk.facadeModuleId)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      files.add(css);
      const sheet = bundle[css];
      for (const asset of (sheet?.type === 'asset' && sheet.viteMetadata?.importedAssets) || [])
        files.add(asset);
    }
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const file of Object.values(bundle)) if (file.type === 'chunk' && file.isEntry) visit(file.fileName);
  return [...files].filter((f) => !options.skipAsset(f)).map((f) => `/${f}`);
}

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}

async function compileWorker(
  entry: string,
  { version, precache, minify }: { version: string; precache: string[]; minify: boolean },
): Promise<string> {
  const output = await build({
    configFile: false,
    root: path.dirname(entry),
    publicDir: false,
    logLevel: 'warn',
    define: {
      __SW_VERSION__: JSON.stringify(version),
      __SW_PRECACHE__: JSON.stringify(precache),
    },
    build: {
      write: false,
      minify,
      sourcemap: false,
      copyPublicDir: false,
      modulePreload: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input: entry,
        output: { format: 'iife', entryFileNames: 'sw.js' },
      },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((file) => file.type === 'chunk' && file.isEntry);
    if (chunk?.type === 'chunk') return chunk.code;
  }
  throw new Error(`service worker: building ${entry} produced no script`);
}
