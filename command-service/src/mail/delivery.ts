import { type Db, type Logger, type PortHealth, withTimeout } from '@lectio/platform';
import { describeMailError, isPermanentRefusal, type MailTransport } from './smtp';

/** Pauses between attempts at one mail: 1 s, 2 s, 4 s ... at most 5 minutes, each give or take a quarter. */
const MAIL_RETRY = { firstMs: 1000, maxMs: 5 * 60_000 } as const;
/** How long a transport's last known state is believed before GET /api/health checks it again (within its 3 s). */
const HEALTH_FRESH_MS = 30_000;
/** Nothing due: look again this often anyway (another process may have written mail). */
const IDLE_MS = 30_000;
/** A claimed mail whose process died mid-send is tried again after this. */
const LEASE = '2 minutes';
/** Delivered and given-up rows are kept this long (for support), without their bodies. */
const KEEP = '30 days';

const WAITING = `transport = 'smtp' AND sent_at IS NULL AND failed_at IS NULL`;

function retryDelayMs(attempts: number): number {
  const bound = Math.min(MAIL_RETRY.firstMs * 2 ** Math.max(0, attempts - 1), MAIL_RETRY.maxMs);
  return Math.round(bound * (0.75 + Math.random() / 2));
}

interface Claimed {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  expired: boolean;
}

/**
 * Sends the outbox's waiting mail over the transport, one at a time, until `close()`. A mail that
 * fails is tried again with growing pauses (the row holds when), so mail accepted while the SMTP
 * server is down goes out when it returns, after a restart too; several processes may run this
 * (rows are claimed with SKIP LOCKED). It also knows whether the transport delivers, for health.
 */
export class MailDelivery {
  private readonly stop = new AbortController();
  private readonly running: Promise<void>;
  private woken = false;
  private wakeUp?: () => void;
  private transportState: { up?: boolean; at: number; error?: string } = { at: 0 };
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly logger: Logger,
  ) {
    this.running = this.run();
  }

  /** New mail was written: deliver it now rather than at the next look. */
  wake() {
    this.woken = true;
    this.wakeUp?.();
  }

  async health(): Promise<PortHealth> {
    if (Date.now() - this.transportState.at > HEALTH_FRESH_MS) {
      await withTimeout(this.transport.verify(), 2500, 'SMTP check').then(
        () => this.transportWorks(),
        (err: unknown) => this.transportFails(err),
      );
    }
    const waiting = await this.db
      .query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE ${WAITING}`)
      .then((r) => r.rows[0]?.n)
      .catch(() => undefined);
    const { up, error } = this.transportState;
    return {
      engine: this.transport.engine,
      up: up === true,
      detail: { waiting, ...(error && !up ? { lastError: error } : {}) },
    };
  }

  async close() {
    if (this.stop.signal.aborted) return;
    this.stop.abort();
    this.wakeUp?.();
    await this.running;
    this.transport.close();
  }

  private async run() {
    while (!this.stop.signal.aborted) {
      let pause = IDLE_MS;
      try {
        this.woken = false;
        while (!this.stop.signal.aborted && (await this.deliverOne()));
        pause = await this.msUntilNextDue();
        await this.sweep();
      } catch (err) {
        // The database is away: nothing is lost (the rows wait), look again shortly.
        this.logger.warn({ err }, 'mail outbox: cannot read the waiting mail; trying again');
        pause = 5000;
      }
      if (!this.woken) await this.pause(pause);
    }
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  /** Claims the next due mail and tries it; false when none is due or the transport failed. */
  private async deliverOne(): Promise<boolean> {
    const r = await this.db.query<Claimed>(
      `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + interval '${LEASE}'
        WHERE id = (SELECT id FROM mail_outbox WHERE ${WAITING} AND next_attempt_at <= now()
                    ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id::text AS id, recipient, subject, text, html, attempts, coalesce(expires_at < now(), false) AS expired`,
    );
    const mail = r.rows[0];
    if (!mail) return false;
    if (mail.expired) {
      await this.finish(mail.id, 'failed_at', 'expired before it could be delivered');
      this.logger.warn(
        { mailId: mail.id, subject: mail.subject, attempts: mail.attempts },
        'mail outbox: a mail expired before delivery; dropped',
      );
      return true;
    }
    try {
      await this.transport.deliver({ to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (err) {
      const mailError = describeMailError(err);
      if (isPermanentRefusal(err)) {
        await this.finish(mail.id, 'failed_at', mailError.message);
        this.logger.error(
          { mailId: mail.id, subject: mail.subject, mailError },
          'mail outbox: the server refused a mail for good',
        );
        return true;
      }
      const delayMs = retryDelayMs(mail.attempts);
      await this.db.query(
        `UPDATE mail_outbox SET next_attempt_at = now() + $2 * interval '1 millisecond', last_error = $3 WHERE id = $1`,
        [mail.id, delayMs, mailError.message],
      );
      this.transportFails(err);
      this.logger.error(
        { mailId: mail.id, subject: mail.subject, attempts: mail.attempts, retryInMs: delayMs, mailError },
        'mail could not be sent; it will be retried',
      );
      return false;
    }
    await this.finish(mail.id, 'sent_at', null);
    this.logger.info({ mailId: mail.id, subject: mail.subject, attempts: mail.attempts }, 'mail sent');
    await this.transportWorks();
    return true;
  }

  /** Delivered or given up: the row stays for support, its bodies (reset links) do not. */
  private async finish(id: string, column: 'sent_at' | 'failed_at', error: string | null) {
    await this.db.query(
      `UPDATE mail_outbox SET ${column} = now(), text = '', html = '', last_error = $2 WHERE id = $1`,
      [id, error],
    );
  }

  private transportFails(err: unknown) {
    this.transportState = { up: false, at: Date.now(), error: describeMailError(err).message };
  }

  /** The transport works (again): whatever waits for a later attempt goes now. */
  private async transportWorks() {
    const wasDown = this.transportState.up === false;
    this.transportState = { up: true, at: Date.now() };
    if (!wasDown) return;
    await this.db
      .query(
        `UPDATE mail_outbox SET next_attempt_at = now() WHERE ${WAITING} AND next_attempt_at > now() + interval '1 second'`,
      )
      .catch(() => {});
    this.wake();
  }

  private async msUntilNextDue(): Promise<number> {
    const r = await this.db.query<{ ms: number | null }>(
      `SELECT (extract(epoch FROM min(next_attempt_at) - now()) * 1000)::float8 AS ms FROM mail_outbox WHERE ${WAITING}`,
    );
    const ms = r.rows[0]?.ms;
    return ms == null ? IDLE_MS : Math.min(Math.max(0, Math.ceil(ms)), IDLE_MS);
  }

  private async sweep() {
    if (Date.now() - this.lastSweep < 3600_000) return;
    this.lastSweep = Date.now();
    await this.db.query(
      `DELETE FROM mail_outbox WHERE transport = 'smtp' AND coalesce(sent_at, failed_at) < now() - interval '${KEEP}'`,
    );
  }
}
