import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '@lectio/platform';

/**
 * The recognised-device cookie: a browser where someone signed in or registered carries a signed,
 * HttpOnly cookie naming that account (by a hash of its e-mail). An attacker who knows only the
 * e-mail cannot have it, so the limits an attacker can run up for an e-mail (failed sign-ins,
 * reset requests) do not stop the owner on their own browser; that browser has its own limits.
 * It survives sign-out on purpose; it is not a session and grants nothing by itself.
 */
const DEVICE_LIFETIME_S = 365 * 24 * 3600;
const MAX_ACCOUNTS = 5;
const ID = /^[A-Za-z0-9_-]{22}$/;
const HASH = /^[0-9a-f]{16}$/;

export const deviceCookieName = (config: Pick<Config, 'NODE_ENV'>) =>
  config.NODE_ENV === 'production' ? '__Host-lectio_device' : 'lectio_device';

const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);

interface Device {
  id: string;
  accounts: string[];
}

export class KnownDevices {
  constructor(private readonly config: Pick<Config, 'NODE_ENV'>) {}

  private read(req: FastifyRequest): Device | undefined {
    const raw = req.cookies?.[deviceCookieName(this.config)];
    if (!raw) return undefined;
    const unsigned = req.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return undefined;
    const [id, ...accounts] = unsigned.value.split('.');
    if (!id || !ID.test(id) || !accounts.every((a) => HASH.test(a))) return undefined;
    return { id, accounts };
  }

  /** The device id when this browser has signed in to (or registered) the account of `email` before. */
  recognised(req: FastifyRequest, email: string): string | undefined {
    const device = this.read(req);
    return device?.accounts.includes(emailKey(email)) ? device.id : undefined;
  }

  /** After a successful sign-in or registration: remember the account on this browser. */
  remember(req: FastifyRequest, reply: FastifyReply, email: string) {
    const device = this.read(req) ?? { id: randomBytes(16).toString('base64url'), accounts: [] };
    const key = emailKey(email);
    const accounts = [key, ...device.accounts.filter((a) => a !== key)].slice(0, MAX_ACCOUNTS);
    reply.setCookie(deviceCookieName(this.config), [device.id, ...accounts].join('.'), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.NODE_ENV === 'production',
      signed: true,
      maxAge: DEVICE_LIFETIME_S,
    });
  }
}
