import { randomBytes } from 'node:crypto';
import { openPostgres } from '@lectio/platform';
import { streams } from '@lectio/contracts/events';

/** One answer the load received: what a reader's browser would have seen. */
export interface LoadAnswer {
  user: string;
  route: string;
  /** 0 when no HTTP answer came at all (connection refused or reset, or 20 s without one). */
  status: number;
  /** When it was sent (performance.now()) and how long the answer took. */
  at: number;
  ms: number;
  message?: string;
  /** x-lectio-position of an acknowledged command: where its event was written. */
  position?: bigint;
}

interface Reader {
  userId: string;
  cookie: string;
}

const PASSWORD = 'Hebrews-12:1 run with endurance';

/**
 * Readers who each, in a loop, dismiss the preference reminder (a command that always appends an
 * event) and read it back, over real HTTP: the load a fault test runs while it breaks an engine.
 * Each reader has its own stream, so the answers are about the fault, not about write races.
 */
export class CommandLoad {
  readonly answers: LoadAnswer[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  private constructor(
    readonly baseUrl: string,
    readonly readers: Reader[],
  ) {}

  static async signUp(baseUrl: string, count: number): Promise<CommandLoad> {
    const readers: Reader[] = [];
    for (let i = 0; i < count; i++) {
      const name = `load${randomBytes(5).toString('hex')}`;
      const res = await fetch(`${baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: name,
          email: `${name}@example.com`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
      });
      if (res.status !== 201) throw new Error(`registration answered ${res.status}: ${await res.text()}`);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const user: unknown = await res.json();
      if (typeof user !== 'object' || user === null || !('id' in user) || typeof user.id !== 'string')
        throw new Error('registration answered no user id');
      readers.push({ userId: user.id, cookie });
    }
    return new CommandLoad(baseUrl, readers);
  }

  /** One request as a reader; never throws. */
  async send(reader: Reader, method: 'GET' | 'POST', route: string): Promise<LoadAnswer> {
    const started = performance.now();
    const answer: LoadAnswer = { user: reader.userId, route, status: 0, at: started, ms: 0 };
    try {
      const res = await fetch(`${this.baseUrl}${route}`, {
        method,
        headers: { cookie: reader.cookie, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: method === 'POST' ? '{}' : undefined,
        signal: AbortSignal.timeout(20_000),
      });
      answer.status = res.status;
      const text = await res.text();
      try {
        const body: unknown = JSON.parse(text);
        answer.message =
          typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
            ? body.message
            : undefined;
      } catch {
        answer.message = text.slice(0, 200);
      }
      const position = res.headers.get('x-lectio-position');
      if (res.status === 200 && method === 'POST' && position) answer.position = BigInt(position);
    } catch (err) {
      answer.message = String(err);
    }
    answer.ms = performance.now() - started;
    this.answers.push(answer);
    return answer;
  }

  start() {
    this.running = true;
    this.loops = this.readers.map(async (reader) => {
      while (this.running) {
        const a = await this.send(reader, 'POST', '/api/user/preference-reminder/dismiss');
        await this.send(reader, 'GET', '/api/user/preference-reminder');
        // No answer at all means no server: do not spin.
        if (a.status === 0 || a.status === 503) await new Promise((r) => setTimeout(r, 50));
      }
    });
  }

  /**
   * Open loop: a read every `intervalMs` whatever the earlier ones are doing, as new readers keep
   * arriving while others wait (the loops above wait for their answers).
   */
  probe(intervalMs = 100) {
    let n = 0;
    const timer = setInterval(() => {
      const reader = this.readers[n++ % this.readers.length]!;
      this.loops.push(this.send(reader, 'GET', '/api/user/preference-reminder').then(() => {}));
    }, intervalMs);
    this.loops.push(
      (async () => {
        while (this.running) await new Promise((r) => setTimeout(r, 50));
        clearInterval(timer);
      })(),
    );
  }

  async stop() {
    this.running = false;
    // Open-loop probes add to the list while it is awaited: wait until it stops growing.
    for (let seen = -1; seen !== this.loops.length;) {
      seen = this.loops.length;
      await Promise.all(this.loops);
    }
  }

  get acknowledged(): LoadAnswer[] {
    return this.answers.filter((a) => a.position !== undefined);
  }

  get failures(): LoadAnswer[] {
    return this.answers.filter((a) => a.status !== 200);
  }

  /** The acknowledged commands whose event is not in the database afterwards (should be none). */
  async lost(databaseUrl: string): Promise<LoadAnswer[]> {
    const db = await openPostgres(databaseUrl, { max: 1 });
    try {
      const acked = this.acknowledged;
      const r = await db.query<{ stream_id: string; pos: string }>(
        `SELECT stream_id, global_position::text AS pos FROM es_events WHERE global_position = ANY($1::bigint[]) AND type = 'PreferenceReminderDismissed'`,
        [acked.map((a) => a.position!.toString())],
      );
      const stored = new Set(r.rows.map((row) => `${row.stream_id}@${row.pos}`));
      return acked.filter((a) => !stored.has(`${streams.user(a.user)}@${a.position}`));
    } finally {
      await db.close();
    }
  }
}
