import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { POSITION_HEADER } from '@lectio/contracts/constants';

/** What a test server needs of the app it starts: its Fastify instance and a way to stop it. */
export interface StartedApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Configuration on top of the test defaults (NODE_ENV=test, a fresh DATA_DIR, a free port, silent logs). */
  env?: Record<string, string>;
  /** Every line logged is kept in `logs` (at trace level). */
  captureLogs?: boolean;
}

/**
 * An app for API tests, in a fresh temporary DATA_DIR (PGlite) on a free port: `start` composes
 * it (the whole Lectio, or the services a package's tests need) from the env and log destination
 * given. `client()` is a browser-like client with an address of its own.
 */
export async function startTestServer<A extends StartedApp>(
  start: (env: Record<string, string>, options: { logDestination?: Writable }) => Promise<A>,
  options: TestServerOptions = {},
): Promise<{ lectio: A; logs: string[]; client: (ip?: string) => TestClient; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lectio-test-'));
  const logs: string[] = [];
  const logDestination = options.captureLogs
    ? new Writable({
        write(chunk, _enc, done) {
          logs.push(String(chunk));
          done();
        },
      })
    : undefined;
  const lectio = await start(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: options.captureLogs ? 'trace' : 'silent',
      ...options.env,
    },
    { logDestination },
  );
  let n = 0;
  return {
    lectio,
    logs,
    // Each client gets its own address, so per-IP limits of one test do not spill into the next.
    client: (ip) =>
      new TestClient(
        lectio.app,
        ip ?? `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${++n % 250}`,
      ),
    close: async () => {
      await lectio.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestResponse {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Record<string, string | string[] | number | undefined>;
  setCookie: string[];
}

/** A browser-like client over app.inject: keeps cookies, remembers the last position it was told. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  position?: string;
  constructor(
    private readonly app: FastifyInstance,
    readonly ip: string,
  ) {}

  async request(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const options: InjectOptions = {
      method,
      url,
      remoteAddress: this.ip,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    };
    const res = await this.app.inject(options);
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const position = res.headers[POSITION_HEADER];
    if (typeof position === 'string') this.position = position;
    const raw = res.headers['set-cookie'];
    let parsed: unknown = res.body;
    try {
      parsed = res.json();
    } catch {
      /* not JSON */
    }
    return {
      status: res.statusCode,
      body: parsed,
      headers: res.headers,
      setCookie: raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)],
    };
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }

  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }

  delete(url: string, headers?: Record<string, string>) {
    return this.request('DELETE', url, undefined, headers);
  }

  async register(username: string, email: string, password = 'Psalm-23:1 shepherd') {
    return this.post('/api/register', { username, email, password, confirmPassword: password });
  }

  async login(email: string, password = 'Psalm-23:1 shepherd') {
    return this.post('/api/login', { email, password });
  }
}

/** A name no other test of the run uses. */
export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
