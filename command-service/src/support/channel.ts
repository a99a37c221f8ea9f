import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SupportRoleRequest } from '@lectio/contracts/support-schemas';
import type { Config, Runtime } from '@lectio/platform';
import { isLoopback } from '@lectio/platform/http';
import type { UserStream } from '../accounts/user-stream';
import { supportRoleCommand } from './role';

export const CHANNEL_PATH = '/api/support/channel';
export const CHANNEL_TOKEN_HEADER = 'x-lectio-channel-token';

/** Where a running embedded server tells the command line how to reach it (readable by its owner only). */
export const channelFile = (config: Pick<Config, 'DATA_DIR'>) => join(config.DATA_DIR, 'support-channel.json');

export interface ChannelAddress {
  url: string;
  token: string;
}

export function readChannel(config: Pick<Config, 'DATA_DIR'>): ChannelAddress | undefined {
  try {
    const raw: unknown = JSON.parse(readFileSync(channelFile(config), 'utf8'));
    if (
      raw &&
      typeof raw === 'object' &&
      'url' in raw &&
      'token' in raw &&
      typeof raw.url === 'string' &&
      typeof raw.token === 'string'
    ) {
      return { url: raw.url, token: raw.token };
    }
  } catch {
    // no server has written one (or it is unreadable): the command line opens the data itself
  }
  return undefined;
}

/**
 * The command line's way into a running embedded server: PGlite is one process, so while
 * `npm start` holds DATA_DIR the command line asks it. The server writes a random token and its
 * address to DATA_DIR (mode 0600: whoever may read the data may grant the role anyway), and
 * answers only a loopback client holding that token; anyone else gets the 404 of an unknown route.
 */
export function registerSupportChannel(app: FastifyInstance, rt: Runtime, users: UserStream) {
  if (rt.db.engine !== 'pglite') return;
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(token);
  const file = channelFile(rt.config);
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address !== 'object') return;
    writeFileSync(file, JSON.stringify({ url: `http://127.0.0.1:${address.port}`, token }), { mode: 0o600 });
  });
  app.addHook('onClose', async () => {
    if (readChannel(rt.config)?.token === token) rmSync(file, { force: true });
  });
  // Before the body's schema: anyone without the token gets the 404, whatever they sent.
  const holdsToken = async (req: FastifyRequest, reply: FastifyReply) => {
    const given = req.headers[CHANNEL_TOKEN_HEADER];
    const ok =
      isLoopback(req.ip) &&
      typeof given === 'string' &&
      given.length === token.length &&
      timingSafeEqual(Buffer.from(given), expected);
    if (!ok) return reply.status(404).send({ message: `No route for ${req.method} ${CHANNEL_PATH}` });
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(CHANNEL_PATH, { preValidation: holdsToken, schema: { body: SupportRoleRequest } }, async (req, reply) => {
      const answer = await supportRoleCommand(rt, users, req.body.action, req.body.email);
      return reply.status(answer.ok ? 200 : 400).send(answer);
    });
}
