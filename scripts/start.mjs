/**
 * npm start: builds only when dist/ is missing or was built from other sources, then runs the compiled
 * server with plain node, so a restart during a match takes seconds.
 */
import { buildAll, isBuildCurrent, SERVER_ENTRY } from './build.mjs';

process.env.NODE_ENV ??= 'production';
if (!isBuildCurrent()) await buildAll();
await import(SERVER_ENTRY);
