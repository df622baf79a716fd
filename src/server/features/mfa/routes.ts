import type { FastifyInstance } from 'fastify';
import { ZErrorBody, ZMessage } from '../../../shared/schemas/common.ts';
import { ZMfaCodeInput, ZMfaEnrollment, ZMfaStatus, ZRecoveryCodes } from '../../../shared/schemas/mfa.ts';
import { requireUser } from '../../http.ts';
import { routes } from '../../routes.ts';
import { issueDeviceCookie, setDeviceCookie } from '../../auth/device-cookie.ts';
import { disableMfa, finishEnrollment, mfaStatus, regenerateRecoveryCodes, startEnrollment } from './service.ts';

const wrongCode = ZErrorBody.describe('The code is not valid: `errors` names `code`.');

export async function mfaRoutes(app: FastifyInstance) {
  const route = routes(app);

  route('user').get(
    '/api/mfa',
    {
      operationId: 'getMfaStatus',
      summary: 'Whether two-factor sign-in is on',
      description: 'For the signed-in account: on or off, whether ADMIN_MFA requires it, and how many recovery codes are left.',
      tags: ['mfa'],
      response: { 200: ZMfaStatus.describe('On or off, whether it is required, and the recovery codes left.') },
    },
    async (request) => mfaStatus(app.ctx, requireUser(request)),
  );

  route('user').post(
    '/api/mfa/enroll',
    {
      operationId: 'startMfaEnrollment',
      summary: 'Start turning on two-factor sign-in',
      description: 'A new TOTP key (base32) and its otpauth:// address for the QR code; it takes effect once a code from it is verified.',
      tags: ['mfa'],
      response: {
        200: ZMfaEnrollment.describe('A new secret and its otpauth:// URL (for a QR code): confirm with POST /api/mfa/verify.'),
        409: ZErrorBody.describe('Two-factor sign-in is already on.'),
      },
    },
    async (request) => startEnrollment(app.ctx, requireUser(request)),
  );

  route('user').post(
    '/api/mfa/verify',
    {
      operationId: 'verifyMfaEnrollment',
      summary: 'Turn on two-factor sign-in with a first code',
      description:
        'A code from the key just enrolled turns two-factor sign-in on; answers the ten recovery codes, shown once. The browser gets a device cookie for the account (`device`, Path=/api/login: docs/decisions/014-device-cookies.md), so its later code attempts are not counted with a stranger’s.',
      tags: ['mfa'],
      body: ZMfaCodeInput,
      response: {
        200: ZRecoveryCodes.describe('On: the recovery codes, shown this once.'),
        400: ZErrorBody.describe('The code is not valid, or no enrolment was started: `errors` names `code`.'),
        409: ZErrorBody.describe('Two-factor sign-in is already on.'),
        429: ZErrorBody,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const recoveryCodes = await finishEnrollment(app.ctx, user, request.body.code, request.ip);
      // The browser that turned it on has shown the second factor in a signed-in session: it is known
      // to the account from now on, even if it signed in before device cookies were issued to it.
      setDeviceCookie(reply, issueDeviceCookie(app.ctx.config.sessionSecret, user.email), app.ctx.config.env === 'production');
      return { recoveryCodes };
    },
  );

  route('user').post(
    '/api/mfa/recovery-codes',
    {
      operationId: 'regenerateRecoveryCodes',
      summary: 'Replace the recovery codes',
      description: 'With a code from the app (or an unused recovery code): ten new recovery codes; the old ones stop working.',
      tags: ['mfa'],
      body: ZMfaCodeInput,
      response: { 200: ZRecoveryCodes.describe('The new recovery codes; the old ones stop working.'), 400: wrongCode, 429: ZErrorBody },
    },
    async (request) => ({ recoveryCodes: await regenerateRecoveryCodes(app.ctx, requireUser(request), request.body.code, request.ip) }),
  );

  route('user').post(
    '/api/mfa/disable',
    {
      operationId: 'disableMfa',
      summary: 'Turn off two-factor sign-in',
      description: 'With a code, where ADMIN_MFA allows it; an admin turning it off is emailed to every admin.',
      tags: ['mfa'],
      body: ZMfaCodeInput,
      response: {
        200: ZMessage.describe('Off.'),
        400: wrongCode,
        403: ZErrorBody.describe('Admins must keep two-factor sign-in on here (ADMIN_MFA=required).'),
        429: ZErrorBody,
      },
    },
    async (request) => {
      await disableMfa(app.ctx, requireUser(request), request.body.code, request.ip);
      return { message: 'Two-factor authentication is off' };
    },
  );
}
