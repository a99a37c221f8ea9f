import type { FastifyInstance } from 'fastify';
import { currentPlanOf, type CurrentPlanResponse } from '@lectio/contracts/plans';
import { type ParsedPlanProgress, PlanProgressRequestSchema } from '@lectio/contracts/plans-schemas';
import { requireUser, type Runtime, type ServiceModule, signedInFirst } from '@lectio/platform';
import { badRequest, useZodRouteSchemas } from '@lectio/platform/http';
import { answerPosition, metadataFor } from '../http/answers';
import { plansStream } from './plans-stream';

/** Reading plans: free for every signed-in reader. */
export function plansModule(rt: Runtime): ServiceModule {
  return { name: 'plans', routes: (app) => registerPlanRoutes(app, rt) };
}

/**
 * POST /api/plans/:id/start and POST /api/plans/:id/progress { day }. Each answers with the
 * reader's progress as GET /api/plans/current shows it, and the position of what it wrote.
 */
async function registerPlanRoutes(app: FastifyInstance, rt: Runtime) {
  const plans = plansStream(rt.store);
  const answer = async (userId: string): Promise<CurrentPlanResponse> => {
    const { current } = await plans.load(userId);
    return currentPlanOf(current && { planId: current.planId, completedDays: [...current.completedDays] });
  };

  app.post<{ Params: { id: string }; Reply: CurrentPlanResponse }>('/api/plans/:id/start', async (req, reply) => {
    const { userId } = await requireUser(req);
    // Takes no body; `{}` (what some clients always send) is accepted, anything else is malformed.
    if (req.body !== undefined && (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)))
      throw badRequest('This request takes no body');
    const { position } = await plans.handle(
      userId,
      { type: 'StartPlan', planId: req.params.id, at: rt.clock.now() },
      metadataFor(req, { type: 'user', id: userId }),
    );
    answerPosition(reply, position);
    return answer(userId);
  });

  // The body by its schema (after the session, as before); the plan id is the decider's to refuse (404).
  useZodRouteSchemas(app, { refuseJsonNull: false });
  app.post<{ Params: { id: string }; Body: ParsedPlanProgress; Reply: CurrentPlanResponse }>(
    '/api/plans/:id/progress',
    { preValidation: signedInFirst, schema: { body: PlanProgressRequestSchema } },
    async (req, reply) => {
      const { userId } = await requireUser(req);
      const { day } = req.body;
      const { position } = await plans.handle(
        userId,
        { type: 'CompleteDay', planId: req.params.id, day, at: rt.clock.now() },
        metadataFor(req, { type: 'user', id: userId }),
      );
      answerPosition(reply, position);
      return answer(userId);
    },
  );
}
