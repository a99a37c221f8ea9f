import type { FastifyInstance } from 'fastify';
import { accountMessages, type UserResponse } from '@lectio/contracts/accounts';
import { withShownStatus } from '@lectio/contracts/billing';
import { READ_YOUR_WRITES_TIMEOUT_MS } from '@lectio/contracts/constants';
import { HttpError } from '@lectio/platform/http';
import { waitForProjections } from '@lectio/platform/projections';
import { requireUser, type Runtime } from '@lectio/platform';
import { readUser, usersProjection } from '@lectio/projections';

/** GET /api/user: the signed-in user from the users read model (the status as the access rule shows it now), or 401 'Not authenticated'. */
export async function registerAccountQueries(
  q: FastifyInstance,
  rt: Pick<Runtime, 'db' | 'store' | 'clock' | 'progress'>,
) {
  q.get('/api/user', async (req, reply): Promise<UserResponse> => {
    const session = await requireUser(req);
    reply.header('Cache-Control', 'no-store');
    const found = await readUser(rt.db, session.userId);
    if (found) return withShownStatus(found, rt.clock.now());
    // A session whose user the read model does not show yet (a client that did not send its
    // position): wait briefly for the projection to catch up with everything written so far.
    await waitForProjections(
      rt.progress,
      [usersProjection.name],
      await rt.store.headPosition(),
      READ_YOUR_WRITES_TIMEOUT_MS,
    );
    const user = await readUser(rt.db, session.userId);
    if (!user) throw new HttpError(401, accountMessages.notAuthenticated);
    return withShownStatus(user, rt.clock.now());
  });
}
