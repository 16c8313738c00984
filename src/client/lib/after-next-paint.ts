/** A hidden tab draws no frames: the task still runs, this long after being asked for. */
const HIDDEN_TAB_FALLBACK_MS = 100;

/**
 * Runs `task` once the browser has painted what the current event changed: work that can wait a frame
 * (refreshing the whole board, sending a request) no longer holds back the paint a finger is waiting for.
 */
export function afterNextPaint(task: () => void): void {
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    clearTimeout(fallback);
    task();
  };
  const fallback = setTimeout(run, HIDDEN_TAB_FALLBACK_MS);
  // A frame's callbacks run just before its paint; a task queued from there runs just after it.
  requestAnimationFrame(() => setTimeout(run, 0));
}
