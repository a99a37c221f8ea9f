import { runService } from '@lectio/platform';
import { readModelMigrations, startWorkers } from './index';

// Projectors and the relay to the bus; HTTP only for /api/health.
await runService('projections', async (_app, rt, signal) => ({ background: startWorkers(rt, signal) }), { migrations: readModelMigrations });
