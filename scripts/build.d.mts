// Types for build.mjs, plain JavaScript so that `npm start` needs nothing but node.
export const ROOT: string;
export const SERVER_ENTRY: string;
export function sourceFingerprint(root?: string): string;
export function isBuildCurrent(root?: string): boolean;
export function writeStamp(fingerprint: string, root?: string): void;
export function buildAll(): Promise<void>;
export function precompress(dir: string): Promise<{ files: number; raw: number; br: number; gzip: number }>;
