import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  ZChangePasswordInput,
  ZCurrentUser,
  ZLoginInput,
  ZRegisterInput,
  ZSetupPasswordInput,
  ZSuperAdminLoginInput,
} from '../../../shared/schemas/auth.ts';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZMfaCodeInput, ZMfaRequired } from '../../../shared/schemas/mfa.ts';
import { FORGOT_PASSWORD_MESSAGE, ZForgotPasswordInput, ZSetupLinkStatus } from '../../../shared/schemas/notifications.ts';
import { ZMessage } from '../../../shared/schemas/views.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from '../../auth/device-cookie.ts';
import { SESSION_COOKIE, destroySession } from '../../auth/sessions.ts';
import { forbidden, unauthorized } from '../../errors.ts';
import { requireUser, typed } from '../../http.ts';
import { setPasswordFromToken, setupLinkStatus } from './setup-tokens.ts';
import { changePassword, completeMfaSignIn, forgotPassword, limitSetupPassword, login, register, superAdminLogin, type SignedIn } from './service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody };

export async function authRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { config } = app.ctx;

  function setSessionCookie(reply: FastifyReply, signedIn: SignedIn) {
    reply.setCookie(SESSION_COOKIE, signedIn.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.env === 'production',
      expires: signedIn.expires,
    });
    // Only the sign-in routes read it, so it is sent nowhere else.
    if (signedIn.device) {
      reply.setCookie(DEVICE_COOKIE, signedIn.device, {
        path: '/api/login',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.env === 'production',
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
    }
  }

  r.get('/api/user', { config: { access: 'optional' }, schema: { tags: ['session'], response: { 200: ZCurrentUser, 401: ZErrorBody } } }, async (request) => {
    if (!request.user) throw unauthorized('Not logged in');
    return request.user;
  });

  r.post(
    '/api/login',
    { config: { access: 'public' }, schema: { tags: ['session'], body: ZLoginInput, response: { 200: z.union([ZCurrentUser, ZMfaRequired]), ...errors } } },
    async (request, reply) => {
      const signedIn = await login(app.ctx, request.body, request.ip, {
        sessionToken: request.cookies[SESSION_COOKIE],
        deviceCookie: request.cookies[DEVICE_COOKIE],
      });
      setSessionCookie(reply, signedIn);
      return signedIn.mfaPending ? { mfa: 'required' as const } : signedIn.user;
    },
  );

  // The second step of a sign-in with two-factor authentication (the cookie holds the half session).
  r.post(
    '/api/login/mfa',
    { config: { access: 'public' }, schema: { tags: ['session'], body: ZMfaCodeInput, response: { 200: ZCurrentUser, ...errors } } },
    async (request, reply) => {
      const signedIn = await completeMfaSignIn(app.ctx, request.cookies[SESSION_COOKIE], request.body.code, request.ip);
      setSessionCookie(reply, signedIn);
      return signedIn.user;
    },
  );

  // The dashboard's "logging in again" navigation (DECISIONS §2).
  r.get('/api/login', { config: { access: 'public' }, schema: { tags: ['session'] } }, async (_request, reply) => reply.redirect('/auth'));

  r.post(
    '/api/super-admin-login',
    {
      config: { access: 'public' },
      schema: { tags: ['session'], body: ZSuperAdminLoginInput, response: { 200: z.union([ZCurrentUser, ZMfaRequired]), ...errors, 503: ZErrorBody } },
    },
    async (request, reply) => {
      const signedIn = await superAdminLogin(app.ctx, request.body, request.ip, request.cookies[SESSION_COOKIE]);
      setSessionCookie(reply, signedIn);
      return signedIn.mfaPending ? { mfa: 'required' as const } : signedIn.user;
    },
  );

  r.post(
    '/api/register',
    {
      config: { access: 'public' },
      schema: { tags: ['session'], body: ZRegisterInput, response: { 201: ZCurrentUser, ...errors, 409: ZErrorBody } },
      // Closed registration answers 403 whatever the body holds.
      onRequest: async () => {
        if (!config.allowRegistration) throw forbidden(AUTH_MESSAGES.registrationClosed);
      },
    },
    async (request, reply) => {
      const signedIn = await register(app.ctx, request.body);
      setSessionCookie(reply, signedIn);
      return reply.code(201).send(signedIn.user);
    },
  );

  r.post('/api/logout', { config: { access: 'optional' }, schema: { tags: ['session'], response: { 200: ZMessage } } }, async (request, reply) => {
    if (request.sessionSid) await destroySession(app.ctx.db, request.sessionSid);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'Logged out' };
  });

  r.post(
    '/api/setup-password/:token',
    {
      config: { access: 'public' },
      schema: { tags: ['session'], params: z.object({ token: z.string() }), body: ZSetupPasswordInput, response: { 200: ZMessage, ...errors } },
    },
    async (request) => {
      await limitSetupPassword(app.ctx, request.ip);
      await setPasswordFromToken(app.ctx, request.params.token, request.body.password);
      return { message: 'Password set successfully' };
    },
  );

  r.post(
    '/api/forgot-password',
    {
      config: { access: 'public' },
      schema: { tags: ['session'], body: ZForgotPasswordInput, response: { 200: ZMessage, 400: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody } },
    },
    async (request) => {
      await forgotPassword(app.ctx, request.body.email, request.ip);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  // Lets the setup page say at once that a link is dead, without using it.
  r.get(
    '/api/setup-password/:token/status',
    { config: { access: 'public' }, schema: { tags: ['session'], params: z.object({ token: z.string() }), response: { 200: ZSetupLinkStatus } } },
    async (request) => ({ status: await setupLinkStatus(app.ctx, request.params.token) }),
  );

  r.post(
    '/api/change-password',
    { config: { access: 'user' }, schema: { tags: ['session'], body: ZChangePasswordInput, response: { 200: ZMessage, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      await changePassword(app.ctx, user, request.sessionSid ?? '', request.body, request.ip);
      return { message: 'Password changed' };
    },
  );
}
