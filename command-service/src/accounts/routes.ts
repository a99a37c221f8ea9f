import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountMessages,
  ChangePasswordRequest,
  LoginRequest,
  RegisterCheckRequest,
  RegisterRequest,
  RequestPasswordResetRequest,
  RequestSignInLinkRequest,
  ResetPasswordRequest,
  SignInWithLinkRequest,
  type LogoutOthersResponse,
  type MessageResponse,
  type RegisterCheckResponse,
  type UserResponse,
} from '@lectio/contracts/accounts';
import { isProduction, requireUser, type Runtime, type ServiceModule, signedInFirst } from '@lectio/platform';
import { badRequest, devOnly, HttpError, useZodRouteSchemas } from '@lectio/platform/http';
import { newUserResponse } from '@lectio/projections';
import { runHousekeeping } from './housekeeping';
import { KnownDevices } from './known-devices';
import { answerPosition, metadataFor } from '../http/answers';
import { type AccountsContext, duplicateError, fieldErrors, loadUser, runInBackground } from './context';
import { changePassword } from './password-change';
import { completePasswordReset, resetLinkBase, resetTokenOwner, sendPasswordReset } from './password-reset';
import { sendPasswordChangedMail } from './password-changed-mail';
import { isWeakPasswordOffLoop } from './password-strength';
import { registerUser } from './registration';
import type { AccountsServices } from './services';
import { sendSignInLink, useSignInLink } from './sign-in-link';

export const DEV_USER = { username: 'devuser', email: 'devuser@lectio.local' } as const;

/** Too easy to guess, given the person's own username and e-mail (password-strength.ts). */
const refuseWeak = async (password: string, context: { username?: string; email?: string } = {}) => {
  if (await isWeakPasswordOffLoop(password, context))
    throw fieldErrors([{ field: 'password', message: accountMessages.passwordTooCommon }]);
};

/** The accounts module: its routes, and the hourly sweep of the sessions and reset tokens it owns. */
export function accountsModule(rt: Runtime, services: AccountsServices): ServiceModule {
  return {
    name: 'accounts',
    routes: (app) => registerAccountRoutes(app, rt, services),
    run: (signal) => runHousekeeping(rt, signal),
  };
}

/**
 * POST /api/register, /api/register-check, /api/login, /api/logout, /api/request-password-reset,
 * /api/reset-password, /api/request-sign-in-link, /api/sign-in-link, /api/change-password, /api/logout-others, and outside production GET|POST /api/dev-login. GET /api/user is on the
 * query side. Every answer carries x-lectio-position (see answerPosition).
 */
async function registerAccountRoutes(app: FastifyInstance, rt: Runtime, services: AccountsServices) {
  const ctx: AccountsContext = { ...services, rt, sessions: app.sessions };
  const devices = new KnownDevices(rt.config);
  // Each body by its schema (a JSON null meets the field errors, as a missing body does).
  useZodRouteSchemas(app, { refuseJsonNull: false });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/register', { schema: { body: RegisterRequest } }, async (req, reply): Promise<UserResponse> => {
    const { body } = req;
    await ctx.limiter.enforce(reply, [['registerPerIp', req.ip]]);
    await refuseWeak(body.password, body);
    const { registered, position } = await registerUser(ctx, body, (id) => metadataFor(req, { type: 'user', id }));
    await ctx.sessions.start(req, reply, registered.userId, { passwordChecked: true });
    devices.remember(req, reply, body.email);
    answerPosition(reply, position);
    return reply.status(201).send(newUserResponse(registered));
  });

  // The trial page's check before it asks for a card. It tells whether a username or e-mail is
  // taken, which POST /api/register must tell anyway (the spec's 'Email already registered'): the
  // same enumeration, no more. It is limited per IP like registration, answers in the same shape,
  // and only after validation, so it is no cheaper an oracle than registering.
  routes.post(
    '/api/register-check',
    { schema: { body: RegisterCheckRequest } },
    async (req, reply): Promise<RegisterCheckResponse> => {
      const { body } = req;
      await ctx.limiter.enforce(reply, [['registerCheckPerIp', req.ip]]);
      const taken = await ctx.accounts.taken(body.username, body.email);
      if (taken.length) throw duplicateError(taken);
      answerPosition(reply, 0n);
      return { ok: true };
    },
  );

  routes.post('/api/login', { schema: { body: LoginRequest } }, async (req, reply): Promise<UserResponse> => {
    const { body } = req;
    // A browser that signed in to this account before is limited on its own, so failures run up by
    // someone who knows only the e-mail do not lock the owner out of it (see known-devices.ts).
    const device = devices.recognised(req, body.email);
    const client = device ? `device:${device}` : `ip:${req.ip}`;
    await ctx.limiter.enforce(reply, [
      ...(device
        ? []
        : ([
            ['loginPerIp', req.ip],
            ['loginPerEmail', body.email],
          ] as const)),
      ['loginPerEmailClient', `${body.email}\u0000${client}`],
    ]);
    const account = await ctx.accounts.findByEmail(body.email);
    const hash = account && (await ctx.accounts.passwordHash(account.userId));
    // Unknown e-mail: the same scrypt work on a dummy hash, and the same answer.
    const ok = hash ? await ctx.hasher.verify(body.password, hash) : await ctx.hasher.verifyDummy(body.password);
    if (!ok || !account) throw new HttpError(401, accountMessages.invalidCredentials);
    await ctx.limiter.clear('loginPerEmailClient', `${body.email}\u0000${client}`);
    await ctx.sessions.start(req, reply, account.userId, { passwordChecked: true });
    devices.remember(req, reply, body.email);
    const { user, position } = await loadUser(ctx, account.userId);
    answerPosition(reply, position);
    return user;
  });

  app.post<{ Reply: MessageResponse }>('/api/logout', async (req, reply) => {
    await ctx.sessions.end(req, reply);
    answerPosition(reply, 0n);
    return { message: accountMessages.loggedOut };
  });

  routes.post(
    '/api/request-password-reset',
    { schema: { body: RequestPasswordResetRequest } },
    async (req, reply): Promise<MessageResponse> => {
      const { body } = req;
      // Limited per client: requests by others for this e-mail never refuse the owner. The owner's
      // own browser has its own count, and always gets its mail.
      const device = devices.recognised(req, body.email);
      await ctx.limiter.enforce(
        reply,
        device ? [['resetRequestPerDevice', `${body.email}\u0000${device}`]] : [['resetRequestPerIp', req.ip]],
      );
      const mayMail = device !== undefined || (await ctx.limiter.hit('resetMailPerEmail', body.email));
      const account = await ctx.accounts.findByEmail(body.email);
      // Same answer, same header and about the same time whether or not the e-mail is known: the
      // token, the event and the mail are made after the answer.
      if (account && mayMail)
        runInBackground(
          ctx,
          sendPasswordReset(ctx, metadataFor(req, { type: 'anonymous' }), account, resetLinkBase(ctx, req)),
        );
      answerPosition(reply, 0n);
      return { message: accountMessages.resetRequested };
    },
  );

  // The owner's way in when others' wrong passwords hold password sign-in back on a new browser:
  // a link mailed to the account's address. Limited per client, and the mails to one address per
  // window are capped (the ones sent stay good for 15 minutes), so nobody can refuse the owner.
  routes.post(
    '/api/request-sign-in-link',
    { schema: { body: RequestSignInLinkRequest } },
    async (req, reply): Promise<MessageResponse> => {
      const { body } = req;
      await ctx.limiter.enforce(reply, [['signInLinkPerIp', req.ip]]);
      const mayMail = await ctx.limiter.hit('signInLinkMailPerEmail', body.email);
      const account = await ctx.accounts.findByEmail(body.email);
      if (account && mayMail) runInBackground(ctx, sendSignInLink(ctx, account, resetLinkBase(ctx, req)));
      answerPosition(reply, 0n);
      return { message: accountMessages.signInLinkRequested };
    },
  );

  routes.post(
    '/api/sign-in-link',
    { schema: { body: SignInWithLinkRequest } },
    async (req, reply): Promise<UserResponse> => {
      const { body } = req;
      await ctx.limiter.enforce(reply, [['signInWithLinkPerIp', req.ip]]);
      const account = await useSignInLink(ctx, body.token);
      if (!account) throw badRequest(accountMessages.signInLinkInvalid);
      // A new session id, as at every sign-in; this browser is the owner's from now on. It never saw
      // the password: support actions ask for it first.
      await ctx.sessions.start(req, reply, account.userId, { passwordChecked: false });
      devices.remember(req, reply, account.email);
      const { user, position } = await loadUser(ctx, account.userId);
      answerPosition(reply, position);
      return user;
    },
  );

  routes.post(
    '/api/reset-password',
    { schema: { body: ResetPasswordRequest } },
    async (req, reply): Promise<MessageResponse> => {
      const { body } = req;
      await ctx.limiter.enforce(reply, [['resetPasswordPerIp', req.ip]]);
      await refuseWeak(body.password, (await resetTokenOwner(ctx, body.token)) ?? {});
      const passwordHash = await ctx.hasher.hash(body.password);
      const done = await completePasswordReset(ctx, metadataFor(req, { type: 'anonymous' }), body.token, passwordHash);
      if (!done) throw badRequest(accountMessages.resetInvalid);
      runInBackground(ctx, sendPasswordChangedMail(ctx, done.userId, 'reset', rt.clock.now()));
      // This browser opened the mailed link: the owner's, so its sign-ins are limited on their own.
      const owner = await ctx.accounts.findById(done.userId);
      if (owner) devices.remember(req, reply, owner.email);
      answerPosition(reply, done.position);
      return { message: accountMessages.resetDone };
    },
  );

  routes.post(
    '/api/change-password',
    { preValidation: signedInFirst, schema: { body: ChangePasswordRequest } },
    async (req, reply): Promise<MessageResponse> => {
      const { userId } = await requireUser(req);
      const { body } = req;
      await ctx.limiter.enforce(reply, [['changePasswordPerUser', userId]]);
      const hash = await ctx.accounts.passwordHash(userId);
      if (!hash || !(await ctx.hasher.verify(body.currentPassword, hash))) {
        throw fieldErrors([{ field: 'currentPassword', message: accountMessages.currentPasswordWrong }]);
      }
      await refuseWeak(body.password, (await ctx.accounts.findById(userId)) ?? {});
      const position = await changePassword(
        ctx,
        metadataFor(req, { type: 'user', id: userId }),
        userId,
        hash,
        await ctx.hasher.hash(body.password),
      );
      runInBackground(ctx, sendPasswordChangedMail(ctx, userId, 'change', rt.clock.now()));
      // Every session ended with the change; this browser gets a fresh one (a new id, as at sign-in).
      await ctx.sessions.start(req, reply, userId, { passwordChecked: true });
      answerPosition(reply, position);
      return { message: accountMessages.passwordChanged };
    },
  );

  // A shared or lost device: end every session of this user except the one asking.
  app.post<{ Reply: LogoutOthersResponse }>('/api/logout-others', async (req, reply) => {
    const { userId, sessionId } = await requireUser(req);
    const ended = await ctx.sessions.endAllOf(userId, { keep: sessionId });
    answerPosition(reply, 0n);
    return { message: accountMessages.otherSessionsEnded(ended), ended };
  });

  // Development only: in production the route does not exist (404).
  if (!isProduction(rt.config)) {
    const devLogin = async (req: FastifyRequest, reply: FastifyReply): Promise<UserResponse> => {
      let account = await ctx.accounts.findByUsername(DEV_USER.username);
      if (!account) {
        try {
          const password = randomBytes(24).toString('base64url'); // nobody knows it: dev-login is the way in
          await registerUser(ctx, { ...DEV_USER, password }, (id) => metadataFor(req, { type: 'system', id }));
        } catch (err) {
          if (!(err instanceof HttpError && err.statusCode === 400)) throw err; // a concurrent dev-login created it
        }
        account = await ctx.accounts.findByUsername(DEV_USER.username);
        if (!account) throw new HttpError(409, 'The development account could not be created');
      }
      await ctx.sessions.start(req, reply, account.userId, { passwordChecked: false });
      const { user, position } = await loadUser(ctx, account.userId);
      answerPosition(reply, position);
      return user;
    };
    // Only this machine: a development server on a network must not hand out sessions.
    app.get('/api/dev-login', { preHandler: devOnly }, devLogin);
    app.post('/api/dev-login', { preHandler: devOnly }, devLogin);
  }
}
