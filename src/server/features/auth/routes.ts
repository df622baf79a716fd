import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEVICE_ID_COOKIE, deviceIdOf, sendDeviceId, sightingOf } from '../referrals/index.ts';
import { z } from 'zod';
import {
  ZChangePasswordInput,
  ZCurrentUser,
  ZSignedInUser,
  ZUserUpdate,
  ZLoginInput,
  ZRegisterInput,
  ZSetupPasswordInput,
  ZSuperAdminLoginInput,
} from '../../../shared/schemas/auth.ts';
import { AUTH_MESSAGES } from '../../../shared/schemas/messages.ts';
import { ZErrorBody, ZMessage } from '../../../shared/schemas/common.ts';
import { ZMfaCodeInput, ZMfaRequired } from '../../../shared/schemas/mfa.ts';
import { FORGOT_PASSWORD_MESSAGE, ZForgotPasswordInput, ZSetupLinkStatus } from '../../../shared/schemas/notifications.ts';
import { DEVICE_COOKIE, setDeviceCookie } from '../../auth/device-cookie.ts';
import { onRealClock } from '../../clock.ts';
import { SESSION_COOKIE, destroySession } from '../../auth/sessions.ts';
import { forbidden, unauthorized } from '../../errors.ts';
import { requireUser, typed } from '../../http.ts';
import { routes } from '../../routes.ts';
import { setPasswordFromToken, setupLinkStatus } from './setup-tokens.ts';
import {
  changePassword,
  completeMfaSignIn,
  forgotPassword,
  limitSetupPassword,
  login,
  register,
  superAdminLogin,
  updateUser,
  type SignedIn,
} from './service.ts';

/** What every sign-in that checks a password can also answer (the API document adds the plumbing's statuses). */
const rateLimited = { 429: ZErrorBody };
const passwordQueueFull = ZErrorBody.describe('Too many sign-ins are being checked at this moment (Retry-After).');
const wrongCode = ZErrorBody.describe('The code is not valid (or no second factor is on): `errors` names `code`.');

export async function authRoutes(app: FastifyInstance) {
  const r = typed(app);
  const route = routes(app);
  const { config } = app.ctx;

  function setSessionCookie(reply: FastifyReply, signedIn: SignedIn) {
    reply.setCookie(SESSION_COOKIE, signedIn.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.env === 'production',
      // The browser drops the cookie by its own clock, which TEST_CLOCK_OFFSET does not move.
      expires: onRealClock(app.ctx.clock, signedIn.expires),
    });
    if (signedIn.device) setDeviceCookie(reply, signedIn.device, config.env === 'production');
  }

  route('optional').get(
    '/api/user',
    {
      operationId: 'getCurrentUser',
      summary: 'The signed-in account',
      description: 'The account of the session cookie, or 401 when signed out (the client reads that as “nobody signed in”). Never a password, token or hash.',
      tags: ['session'],
      response: { 200: ZCurrentUser.describe('The signed-in account: never a password, token or hash.'), 401: ZErrorBody.describe('Not signed in.') },
    },
    async (request) => {
      if (!request.user) throw unauthorized('Not logged in');
      return request.user;
    },
  );

  route('user').patch(
    '/api/user',
    {
      operationId: 'updateCurrentUser',
      summary: 'Save the signed-in account’s language',
      description:
        'The language of its pages and of the emails it is sent (DECISIONS §6: a saved language comes before the language menu’s cookie and the browser’s Accept-Language). One of en, es, pt-BR, tr, id.',
      tags: ['session'],
      body: ZUserUpdate,
      response: {
        200: ZCurrentUser.describe('The account, with its language.'),
        400: ZErrorBody.describe('Not one of the languages (`errors` names `locale`).'),
      },
    },
    async (request) => updateUser(app.ctx, requireUser(request), request.body),
  );

  route({ access: 'public', sessionCookie: true }).post(
    '/api/login',
    {
      operationId: 'login',
      summary: 'Sign in (ambassadors and admins)',
      description:
        'Sets the session cookie. With two-factor sign-in on, answers `{"mfa": "required"}` with a half session: finish with POST /api/login/mfa. A super admin signs in only at /api/super-admin-login.',
      tags: ['session'],
      body: ZLoginInput,
      response: {
        200: z.union([ZSignedInUser, ZMfaRequired]).describe('Signed in (the account, and whether to greet it as returning), or the second factor is due.'),
        401: ZErrorBody.describe('Wrong email or password; the same answer whether or not the email has an account.'),
        ...rateLimited,
        503: passwordQueueFull,
      },
    },
    async (request, reply) => {
      // Where an ambassador signs in from holds a referral from the same browser or network (DECISIONS §7),
      // kept by the statement that starts the session.
      const deviceId = deviceIdOf(request.cookies[DEVICE_ID_COOKIE]);
      const signedIn = await login(app.ctx, request.body, request.ip, {
        sessionToken: request.cookies[SESSION_COOKIE],
        deviceCookie: request.cookies[DEVICE_COOKIE],
        seen: sightingOf(app.ctx, deviceId.id, request.ip),
      });
      setSessionCookie(reply, signedIn);
      if (deviceId.isNew && !signedIn.mfaPending) sendDeviceId(reply, deviceId.id, app.ctx.config.env === 'production');
      return signedIn.mfaPending ? { mfa: 'required' as const } : { ...signedIn.user, welcomeBack: signedIn.welcomeBack ?? false };
    },
  );

  // The second step of a sign-in with two-factor authentication (the cookie holds the half session).
  route({ access: 'public', sessionCookie: true }).post(
    '/api/login/mfa',
    {
      operationId: 'loginMfa',
      summary: 'Finish a sign-in with the second factor',
      description: 'Takes the 6-digit code of the authenticator app, or a recovery code, for the half session POST /api/login started.',
      tags: ['session'],
      body: ZMfaCodeInput,
      response: {
        200: ZSignedInUser.describe('Signed in: the account, and whether to greet it as returning.'),
        400: wrongCode,
        401: ZErrorBody.describe('No sign-in is waiting for its second factor (it expired): sign in again.'),
        ...rateLimited,
      },
    },
    async (request, reply) => {
      const deviceId = deviceIdOf(request.cookies[DEVICE_ID_COOKIE]);
      const signedIn = await completeMfaSignIn(
        app.ctx,
        request.cookies[SESSION_COOKIE],
        request.body.code,
        request.ip,
        request.cookies[DEVICE_COOKIE],
        sightingOf(app.ctx, deviceId.id, request.ip),
      );
      setSessionCookie(reply, signedIn);
      if (deviceId.isNew) sendDeviceId(reply, deviceId.id, app.ctx.config.env === 'production');
      return { ...signedIn.user, welcomeBack: signedIn.welcomeBack ?? false };
    },
  );

  // The dashboard's "logging in again" navigation (DECISIONS §2).
  route({
    access: 'public',
    document: {
      responses: {
        302: {
          description: 'Redirects to the sign-in page, /auth (the dashboard’s “log in again” navigation).',
          headers: { Location: { description: 'The sign-in page.', required: true, schema: { type: 'string', example: '/auth' } } },
        },
      },
      database: false,
    },
  }).get(
    '/api/login',
    {
      operationId: 'goToSignIn',
      summary: 'The sign-in page (a redirect)',
      description: 'Where the dashboard sends a browser whose session has ended (“logging in again”): a redirect to /auth.',
      tags: ['session'],
    },
    async (_request, reply) => reply.redirect('/auth'),
  );

  route({ access: 'public', sessionCookie: true }).post(
    '/api/super-admin-login',
    {
      operationId: 'superAdminLogin',
      summary: 'Sign in as a super admin (the restricted page)',
      description: 'Email, password and the super admin secret. Sets the session cookie, or starts a two-factor sign-in as POST /api/login does.',
      tags: ['session'],
      body: ZSuperAdminLoginInput,
      response: {
        200: z.union([ZCurrentUser, ZMfaRequired]).describe('Signed in (the account), or the second factor is due.'),
        401: ZErrorBody.describe('Wrong email, password or secret.'),
        ...rateLimited,
        503: ZErrorBody.describe(
          'Super admin sign-in is not configured on this server (no SUPER_ADMIN_SECRET), or too many sign-ins are being checked at this moment.',
        ),
      },
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
      config: { access: 'public', sessionCookie: true },
      schema: {
        operationId: 'register',
        summary: 'Create an account (only when registration is open)',
        description:
          'Open only with ALLOW_REGISTRATION=true; otherwise 403 “Registration is by application only”, whatever the body. Signs the new account in.',
        tags: ['session'],
        body: ZRegisterInput,
        response: {
          201: ZCurrentUser.describe('The new account, signed in.'),
          403: ZErrorBody.describe('Registration is by application only (ALLOW_REGISTRATION is not true), whatever the body.'),
          409: ZErrorBody.describe(`${AUTH_MESSAGES.accountExists}.`),
          503: passwordQueueFull,
        },
      },
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

  route({ access: 'optional', sessionCookie: true }).post(
    '/api/logout',
    {
      operationId: 'logout',
      summary: 'Sign out',
      description: 'Ends this session and clears its cookie; answers the same when nobody was signed in.',
      tags: ['session'],
      response: { 200: ZMessage.describe('Signed out (or was not signed in): the session ends and its cookie is cleared.') },
    },
    async (request, reply) => {
      if (request.sessionSid) {
        await destroySession(app.ctx.db, request.sessionSid);
        // This instance's streams of the session end now; another instance's at its next heartbeat.
        app.events.endSession(request.sessionSid);
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'Logged out' };
    },
  );

  route('public').post(
    '/api/setup-password/:token',
    {
      operationId: 'setupPassword',
      summary: 'Set a password from an emailed link',
      description: 'The token of a setup or reset link ($APP_URL/setup-password/<token>), used once; it ends the account’s other sessions.',
      tags: ['session'],
      params: z.object({ token: z.string().meta({ description: 'The token of the emailed link.' }) }),
      body: ZSetupPasswordInput,
      response: {
        200: ZMessage.describe('The password is set: sign in with it.'),
        400: ZErrorBody.describe('The link is not valid (unknown, used or expired), or the password is too short.'),
        ...rateLimited,
        503: passwordQueueFull,
      },
    },
    async (request) => {
      await limitSetupPassword(app.ctx, request.ip);
      await setPasswordFromToken(app.ctx, request.params.token, request.body.password);
      return { message: 'Password set successfully' };
    },
  );

  route('public').post(
    '/api/forgot-password',
    {
      operationId: 'forgotPassword',
      summary: 'Email a link to set a new password',
      description: 'Always the same answer, so it tells no one whether an email has an account; a known one is emailed a single-use link, valid 1 hour.',
      tags: ['session'],
      body: ZForgotPasswordInput,
      response: { 200: ZMessage.describe('The same answer whether or not the email has an account; the link is valid for 1 hour.'), ...rateLimited },
    },
    async (request) => {
      await forgotPassword(app.ctx, request.body.email, request.ip);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  // Lets the setup page say at once that a link is dead, without using it.
  route('public').get(
    '/api/setup-password/:token/status',
    {
      operationId: 'getSetupLinkStatus',
      summary: 'Whether an emailed link still works (without using it)',
      description:
        'Lets the password page say at once that a link is dead, and how long a live one has left (a setup link 48 hours, a forgotten password’s 1 hour).',
      tags: ['session'],
      params: z.object({ token: z.string().meta({ description: 'The token of the emailed link.' }) }),
      response: { 200: ZSetupLinkStatus.describe('valid, expired, or invalid (unknown or used); when it stops working, and how long that is from now.') },
    },
    async (request) => setupLinkStatus(app.ctx, request.params.token),
  );

  route('user').post(
    '/api/change-password',
    {
      operationId: 'changePassword',
      summary: 'Change the signed-in account’s password',
      description: 'Ends the account’s other sessions; this one stays signed in.',
      tags: ['session'],
      body: ZChangePasswordInput,
      response: {
        200: ZMessage.describe('The password is changed.'),
        400: ZErrorBody.describe('The current password is incorrect (`errors` names `currentPassword`), or the new one is too short.'),
        ...rateLimited,
        503: passwordQueueFull,
      },
    },
    async (request) => {
      const user = requireUser(request);
      await changePassword(app.ctx, user, request.sessionSid ?? '', request.body, request.ip);
      return { message: 'Password changed' };
    },
  );
}
