import type { FastifyInstance } from 'fastify';
import { currentPlanOf, type CurrentPlanResponse, type PlansResponse, READING_PLANS } from '@lectio/contracts/plans';
import { requireUser, type Runtime } from '@lectio/platform';
import { readPlanProgress } from '@lectio/projections';

/** GET /api/plans (the same for everyone, public) and GET /api/plans/current (the reader's own). */
export async function registerPlanQueries(q: FastifyInstance, rt: Pick<Runtime, 'db'>) {
  q.get('/api/plans', async (_req, reply): Promise<PlansResponse> => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return { plans: [...READING_PLANS] };
  });

  q.get('/api/plans/current', async (req, reply): Promise<CurrentPlanResponse> => {
    const { userId } = await requireUser(req);
    reply.header('Cache-Control', 'no-store');
    return currentPlanOf(await readPlanProgress(rt.db, userId));
  });
}
