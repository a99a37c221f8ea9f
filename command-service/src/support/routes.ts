import type { FastifyInstance } from 'fastify';
import type { Runtime, ServiceModule } from '@lectio/platform';
import { supportGate } from './access';
import { registerSupportChannel } from './channel';

export interface SupportOptions {
  /** Support calls per staff member per minute (tests use a small number). */
  callsPerMinute?: number;
}

/** The support module: the command line's local channel, and support's actions (staff only). */
export function supportModule(rt: Runtime, options: SupportOptions = {}): ServiceModule {
  return { name: 'support', routes: (app) => registerSupportRoutes(app, rt, options) };
}

async function registerSupportRoutes(app: FastifyInstance, rt: Runtime, options: SupportOptions) {
  registerSupportChannel(app, rt);
  await app.register(async (staff) => {
    staff.addHook('onRequest', supportGate(rt, options));
  });
}
