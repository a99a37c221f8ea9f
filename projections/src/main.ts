import { runService } from '@lectio/platform/service-main';
import { startWorkers } from './index';

// Projectors, the outbox relay and the policies; HTTP only for /api/health.
await runService('projections', async (_app, rt, signal) => ({ background: startWorkers(rt, signal) }));
