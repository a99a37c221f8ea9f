import { type Runtime, sleep } from '@lectio/platform';
import { pruneResetTokens } from './reset-tokens';

const EVERY_MS = 60 * 60_000;

/**
 * Hourly clean-up, by the accounts module that owns these rows, of rows refused once expired anyway: sessions past their idle timeout
 * or lifetime, and reset tokens a day past expiry. (Rate-limit counters prune themselves.)
 */
export async function runHousekeeping(
  rt: Pick<Runtime, 'db' | 'sessions' | 'logger'>,
  signal: AbortSignal,
  everyMs = EVERY_MS,
) {
  while (!signal.aborted) {
    try {
      const swept = await rt.sessions.sweep();
      const tokens = await pruneResetTokens(rt.db);
      if (swept || tokens) rt.logger.info({ sessions: swept, resetTokens: tokens }, 'housekeeping');
    } catch (err) {
      rt.logger.warn({ err }, 'housekeeping failed; will try again');
    }
    await sleep(everyMs, signal);
  }
}
