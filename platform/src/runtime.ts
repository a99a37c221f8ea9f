import { join } from 'node:path';
import { createInProcessBus } from './bus/in-process-bus';
import { createClock, type Clock } from './clock';
import { createNatsBus } from './bus/nats-bus';
import type { Bus } from './bus/port';
import type { Config } from './config';
import { templateFor } from './pglite-template';
import { openPglite, openPostgres, type Db } from './db';
import type { EventStore } from './eventstore/port';
import { createPostgresEventStore } from './eventstore/postgres-store';
import type { Logger } from './logger';
import { migrate, type Migration } from './migrations';
import { platformMigrations } from './platform-migrations';
import { ProjectionWatch } from './projections/progress';
import { Sessions } from './sessions';
import { withTimeout } from './time';

/** The adapters chosen by configuration: one code path, embedded defaults or real engines. */
export interface Runtime {
  config: Config;
  logger: Logger;
  /** Read models, sessions and credentials (and the events, unless EventStoreDB holds them). */
  db: Db;
  store: EventStore;
  bus: Bus;
  /** The time rules read; movable outside production (development clock). */
  clock: Clock;
  /** The sessions of every route and worker of this process (one memory of the rows it read). */
  sessions: Sessions;
  /** Where each read model's projection has reached, and the reads waiting for one (read-your-writes). */
  progress: ProjectionWatch;
  /** Ports a module adds to GET /api/health, by name (the mail module: whether its transport delivers). */
  health: Map<string, () => Promise<PortHealth>>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  service?: string;
  /** The tables of the modules this process runs (the platform's own are always applied). */
  migrations?: Migration[];
}

export async function openRuntime(config: Config, logger: Logger, options: RuntimeOptions = {}): Promise<Runtime> {
  const migrations = [...platformMigrations, ...(options.migrations ?? [])];
  const db = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(join(config.DATA_DIR, 'pglite'), templateFor(migrations));
  await migrate(db, migrations);
  const store = config.EVENTSTOREDB_URL
    ? await (await import('./eventstore/eventstoredb-store')).createEventStoreDbStore(config.EVENTSTOREDB_URL)
    : createPostgresEventStore(db);
  const bus = config.NATS_URL
    ? createNatsBus(config.NATS_URL, { name: options.service ?? 'lectio' })
    : createInProcessBus();
  const progress = new ProjectionWatch(db);
  logger.info(
    {
      eventStore: store.engine,
      readModels: db.engine,
      bus: bus.engine,
      dataDir: db.engine === 'pglite' ? config.DATA_DIR : undefined,
    },
    'engines',
  );
  return {
    config,
    logger,
    db,
    store,
    bus,
    clock: createClock({ production: config.NODE_ENV === 'production' }),
    sessions: new Sessions(db, config),
    progress,
    health: new Map(),
    async close() {
      await progress.close();
      await bus.close().catch(() => {});
      await store.close().catch(() => {});
      await db.close().catch(() => {});
    },
  };
}

export interface PortHealth {
  engine: string;
  up: boolean;
  /** What an operator needs to act on, e.g. the mail waiting for a transport that is down. */
  detail?: Record<string, unknown>;
}

const HEALTH_CHECK_TIMEOUT_MS = 3000;

/** What GET /api/health reports: each port's engine and whether it answers. */
export async function portHealth(rt: Runtime): Promise<Record<string, PortHealth>> {
  const [eventStore, readModels, bus] = await Promise.all([rt.store.ping(), rt.db.ping(), rt.bus.ping()]);
  const added = await Promise.all(
    [...rt.health].map(async ([name, check]) => {
      const health = await withTimeout(check(), HEALTH_CHECK_TIMEOUT_MS, `${name} health`).catch(() => ({
        engine: name,
        up: false,
      }));
      return [name, health] as const;
    }),
  );
  return {
    eventStore: { engine: rt.store.engine, up: eventStore },
    readModels: { engine: rt.db.engine, up: readModels },
    bus: { engine: rt.bus.engine, up: bus },
    billing: { engine: rt.config.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox', up: true },
    ai: { engine: rt.config.OPENAI_API_KEY || rt.config.OPENAI_BASE_URL ? 'openai-compatible' : 'offline', up: true },
    ...Object.fromEntries(added),
  };
}
