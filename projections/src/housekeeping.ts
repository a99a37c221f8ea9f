import type { Runtime } from '@lectio/platform/runtime';
import { Sessions } from '@lectio/platform/sessions';
import { sleep } from '@lectio/platform/time';

const EVERY_MS = 60 * 60_000;

/**
 * Hourly clean-up of rows that are refused once expired anyway: sessions past their idle timeout
 * or lifetime, and reset tokens a day past expiry. (Rate-limit counters prune themselves.)
 */
export async function runHousekeeping(rt: Runtime, signal: AbortSignal, everyMs = EVERY_MS) {
  const sessions = new Sessions(rt.db, rt.config);
  while (!signal.aborted) {
    try {
      const swept = await sessions.sweep();
      const tokens = await rt.db.query(`DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'`);
      if (swept || tokens.rowCount) rt.logger.info({ sessions: swept, resetTokens: tokens.rowCount }, 'housekeeping');
    } catch (err) {
      rt.logger.warn({ err }, 'housekeeping failed; will try again');
    }
    await sleep(everyMs, signal);
  }
}
