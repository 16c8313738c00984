// Types for build.mjs, plain JavaScript so that `npm start` needs nothing but node.
export const ROOT: string;
export const SERVER_ENTRY: string;
export function sourceFingerprint(root?: string): string;
export function isBuildCurrent(root?: string): boolean;
export function writeStamp(fingerprint: string, root?: string): void;
export function buildAll(): Promise<void>;
export function precompress(dir: string): Promise<{ files: number; raw: number; br: number; gzip: number }>;
export const FIRST_LOAD_JS_GZIP_GUARD: number;
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export function firstLoad(manifest: Record<string, ManifestChunk>): { chunks: string[]; css: string[] };
export function firstCatalogues(manifest: Record<string, ManifestChunk>): string[];
export function firstLoadJsGzip(clientDir: string): number;
