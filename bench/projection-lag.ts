/**
 * Projection lag under command load, on PGlite (the embedded default) and PostgreSQL: 32 signed-in
 * readers in closed loops save preferences (POST /api/user/preferences); each answer's position goes
 * with the reader's next GET /api/user (x-lectio-min-position), which the server holds until its read
 * models have passed that position. Lag = that read's time less a plain read's time (p50) measured in
 * the same loops; every read after a write must show the preferences just saved.
 *   npx tsx bench/projection-lag.ts          BENCH_SECONDS=20 (per engine), BENCH_READERS=32
 * Lectio runs as `npm start` does (production, in a process of its own). PostgreSQL: a database
 * bench_* made on TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres)
 * and dropped after; skipped with a line saying so when there is no server.
 */
import { COMMUNICATION_STYLES, FAITH_JOURNEYS } from '@lectio/contracts/assistant';
import { HttpReader, Timings, uniqueName } from '@lectio/standalone/testing';
import { onBothEngines } from './both-engines';
import { percentile } from '@lectio/platform/testing';
import { startServer } from './stall';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const readers = Number(process.env.BENCH_READERS ?? 32);

async function measure(engine: string, env: Record<string, string>, dir: string) {
  const server = await startServer({ LOG_LEVEL: 'warn', ...env }, dir);
  const signedIn: HttpReader[] = [];
  try {
    // Sign-ups first (a production scrypt hash each), 8 at a time, outside the measured window.
    const queue = Array.from({ length: readers }, () => new HttpReader(server.port, 1));
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let r = queue.pop(); r; r = queue.pop()) {
          const registered = await r.register(uniqueName('lag'));
          if (registered.status !== 201)
            throw new Error(`registration answered ${registered.status}: ${registered.text}`);
          signedIn.push(r);
        }
      }),
    );
    const t = new Timings();
    let stale = 0;
    const deadline = Date.now() + seconds * 1000;
    await Promise.all(
      signedIn.map(async (r, i) => {
        for (let n = i; Date.now() < deadline; n++) {
          // Every save changes the preferences, so a read that shows them has seen this very write.
          const preferences = {
            faithJourney: FAITH_JOURNEYS[n % FAITH_JOURNEYS.length]!,
            communicationStyle: COMMUNICATION_STYLES[n % COMMUNICATION_STYLES.length]!,
          };
          const saved = await r.post('/api/user/preferences', preferences);
          t.add('command', saved);
          if (saved.status !== 200) continue;
          const after = await r.read('/api/user');
          t.add('read after the write', after);
          if (after.status === 200) {
            const user = JSON.parse(after.text) as { faithJourney?: string; communicationStyle?: string };
            if (
              user.faithJourney !== preferences.faithJourney ||
              user.communicationStyle !== preferences.communicationStyle
            )
              stale++;
          }
          t.add('plain read', await r.get('/api/user'));
        }
      }),
    );
    const of = (kind: string) => t.byKind.get(kind) ?? [];
    const waited = of('read after the write');
    const plainP50 = percentile(of('plain read'), 50);
    const commandsPerSecond = of('command').length / seconds;
    console.log(
      `projection lag ${engine}: p50 ${Math.max(0, percentile(waited, 50) - plainP50).toFixed(1)} ms, p99 ${Math.max(0, percentile(waited, 99) - plainP50).toFixed(1)} ms ` +
        `under ${Math.round(commandsPerSecond)} commands/s from ${readers} readers (read after a write p50 ${percentile(waited, 50).toFixed(1)} ms, ` +
        `plain read p50 ${plainP50.toFixed(1)} ms; ${stale} stale of ${waited.length}, ${t.errors} non-2xx)`,
    );
  } finally {
    for (const r of signedIn) r.close();
    await server.kill('SIGTERM');
  }
}

await onBothEngines('projection-lag.ts', 'projection lag', measure);
