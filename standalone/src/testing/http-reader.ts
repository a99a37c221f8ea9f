/**
 * Shared by the benchmarks that act as readers over real HTTP (loopback): a reader with its own
 * address (127.x.y.z, so per-address limits count each reader apart, as on the Internet), its own
 * keep-alive connections and session cookie, and the position its last write was answered with.
 */
import http from 'node:http';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@lectio/contracts/constants';
import { freshCardNumber } from '@lectio/testing/cards';

export interface Answer {
  status: number;
  ms: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

const PASSWORD = 'Psalm-23:1 shepherd';

/** Timings by kind, and the non-2xx answers (and failed connections) counted apart. */
export class Timings {
  readonly byKind = new Map<string, number[]>();
  errors = 0;
  readonly errorsByKind = new Map<string, number>();

  add(kind: string, a: Pick<Answer, 'status' | 'ms'>) {
    const list = this.byKind.get(kind) ?? [];
    list.push(a.ms);
    this.byKind.set(kind, list);
    if (a.status < 200 || a.status >= 300) {
      this.errors++;
      this.errorsByKind.set(`${kind} ${a.status}`, (this.errorsByKind.get(`${kind} ${a.status}`) ?? 0) + 1);
    }
  }

  get total() {
    return [...this.byKind.values()].reduce((n, l) => n + l.length, 0);
  }
}

let nextAddress = 0;
/** A loopback address no other reader of this process uses (127.2.0.1, 127.2.0.2, ...). */
export function nextLoopbackAddress() {
  const n = nextAddress++;
  return `127.${2 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

export class HttpReader {
  private readonly agent: http.Agent;
  private readonly cookies = new Map<string, string>();
  /** The position of this reader's last write (sent with reads, as the web does). */
  position: string | undefined;
  readonly address = nextLoopbackAddress();

  constructor(
    private readonly port: number,
    sockets = 2,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets, localAddress: this.address });
  }

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  request(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const cookie = this.cookieHeader;
    const t0 = performance.now();
    return new Promise((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: this.agent,
          timeout: 30_000,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => {
            this.remember(res.headers);
            resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, text, headers: res.headers });
          });
          res.on('error', () => resolve({ status: 0, ms: performance.now() - t0, text, headers: res.headers }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err) => resolve({ status: 0, ms: performance.now() - t0, text: err.message, headers: {} }));
      req.end(payload);
    });
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }

  /** A read that waits for this reader's own last write, as the web app's reads do. */
  read(path: string) {
    return this.get(path, this.position ? { [MIN_POSITION_HEADER]: this.position } : {});
  }

  /** POST /api/register: a new account, signed in. */
  register(name: string) {
    return this.post('/api/register', {
      username: name,
      email: `${name}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
  }

  /** The trial sign-up of /trial: the name check, a setup intent, the sandbox test card confirmed, the account (signed in). */
  async trialSignUp(): Promise<{ ok: boolean; answers: Answer[] }> {
    const username = uniqueName('reader');
    const email = `${username}@example.com`;
    const answers = [await this.post('/api/register-check', { username, email })];
    const intent = await this.post('/api/trial-setup-intent');
    answers.push(intent);
    if (intent.status !== 200) return { ok: false, answers };
    const { clientSecret } = JSON.parse(intent.text) as { clientSecret: string };
    const card = await this.post('/api/sandbox/confirm-setup', {
      clientSecret,
      card: { number: freshCardNumber(), expMonth: 12, expYear: 2031, cvc: '123' },
    });
    answers.push(card);
    if (card.status !== 200) return { ok: false, answers };
    const { paymentMethodId } = JSON.parse(card.text) as { paymentMethodId: string };
    const registered = await this.post('/api/register-with-payment', {
      userData: { username, email, password: PASSWORD, confirmPassword: PASSWORD },
      paymentMethodId,
    });
    answers.push(registered);
    return { ok: registered.status === 201, answers };
  }

  close() {
    this.agent.destroy();
  }

  private remember(headers: http.IncomingHttpHeaders) {
    for (const c of headers['set-cookie'] ?? []) {
      const [pair, ...attributes] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const position = headers[POSITION_HEADER];
    if (typeof position === 'string') this.position = position;
  }
}

/** A name no other reader of the run uses. */
export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
