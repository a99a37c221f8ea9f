import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, portOpen } from '@lectio/platform/testing';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * `npm start`'s server (standalone/src/main.ts) in a process of its own, for fault tests and
 * benchmarks: what it does to itself (an exit, a stall) is seen from outside, as an operator would.
 * Its output goes to `<dir>/server.log`.
 */
/**
 * What `npm start` (package.json) and the Docker image set for Node besides the app's own settings:
 * glibc's arenas limited to two (each allocating thread gets its own otherwise; two hold about
 * 20 MB less idle on the embedded server, at no cost measured).
 */
export const NPM_START_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

export class LectioProcess {
  private constructor(
    readonly port: number,
    private readonly child: ChildProcess,
    readonly logFile: string,
    readonly exited: Promise<number | null>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The exit code (or the signal's name) once it has ended; undefined while it runs. */
  get exitStatus(): number | string | undefined {
    return this.child.exitCode ?? this.child.signalCode ?? undefined;
  }

  log(): string {
    return readFileSync(this.logFile, 'utf8');
  }

  /** The process id (for its resident memory). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /**
   * `built`: the compiled server `npm start` runs (standalone/dist/main.js, from `npm run build:services`)
   * instead of the sources through tsx; `nodeArgs` go to node before the script (say `--cpu-prof`).
   */
  static async start(
    env: Record<string, string>,
    dir: string,
    options: { port?: number; timeoutMs?: number; built?: boolean; nodeArgs?: string[] } = {},
  ): Promise<LectioProcess> {
    const port = options.port ?? (await freePort());
    const logFile = join(dir, 'server.log');
    const log = openSync(logFile, 'a');
    // node itself with tsx's loader (not the tsx CLI, which would put a process between): a signal reaches the server.
    const bundle = join(root, 'standalone/dist/main.js');
    if (options.built && !existsSync(bundle))
      throw new Error('The compiled server is missing: run `npm run build:services` first (npm run bench does).');
    const script = options.built
      ? ['--enable-source-maps', bundle]
      : ['--import', 'tsx', join(root, 'standalone/src/main.ts')];
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...script], {
      cwd: root,
      env: { ...(options.built ? NPM_START_ENV : {}), ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const lectio = new LectioProcess(port, child, logFile, exited);
    const started = Date.now();
    while (!(await portOpen(port))) {
      if (lectio.exitStatus !== undefined)
        throw new Error(`the server exited (${lectio.exitStatus}): ${lectio.log().slice(-2000)}`);
      if (Date.now() - started > (options.timeoutMs ?? 90_000)) {
        await lectio.kill();
        throw new Error(`the server did not start: ${lectio.log().slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return lectio;
  }

  /** SIGTERM (a graceful stop) or SIGKILL (a crash); resolves when the process is gone. */
  async kill(signal: 'SIGTERM' | 'SIGKILL' = 'SIGKILL') {
    if (this.exitStatus === undefined) this.child.kill(signal);
    await this.exited;
  }
}
