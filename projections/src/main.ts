import { runService } from '@lectio/platform/service-main';
import { startWorkers } from './index';

// Projectors, the relay to the bus and the policies; HTTP only for /api/health.
await runService('projections', async (_app, rt, signal) => ({ background: startWorkers(rt, signal) }));
