/**
 * Routine events the product only logs: at debug level, so they never look like faults. Problems use console.warn.
 */
export function debugLog(...args: unknown[]): void {
  // biome-ignore lint/suspicious/noConsole: the one place debug-level logging is allowed.
  console.debug(...args);
}
