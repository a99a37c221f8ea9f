/**
 * Runs `job` when the main thread is idle (within `timeoutMs` at the latest), so work the reader
 * does not wait for (keeping a chapter offline) stays out of the first render's way.
 */
export function whenIdle(job: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(job, { timeout: timeoutMs });
  else setTimeout(job, 0);
}
