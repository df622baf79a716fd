import type { FastifyInstance } from 'fastify';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZMfaCodeInput, ZMfaEnrollment, ZMfaStatus, ZRecoveryCodes } from '../../../shared/schemas/mfa.ts';
import { ZMessage } from '../../../shared/schemas/views.ts';
import { requireUser, typed } from '../../http.ts';
import { disableMfa, finishEnrollment, mfaStatus, regenerateRecoveryCodes, startEnrollment } from './service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };

export async function mfaRoutes(app: FastifyInstance) {
  const r = typed(app);
  const access = { access: 'user' as const };

  r.get('/api/mfa', { config: access, schema: { tags: ['mfa'], response: { 200: ZMfaStatus, ...errors } } }, async (request) =>
    mfaStatus(app.ctx, requireUser(request)),
  );

  r.post('/api/mfa/enroll', { config: access, schema: { tags: ['mfa'], response: { 200: ZMfaEnrollment, ...errors } } }, async (request) =>
    startEnrollment(app.ctx, requireUser(request)),
  );

  r.post(
    '/api/mfa/verify',
    { config: access, schema: { tags: ['mfa'], body: ZMfaCodeInput, response: { 200: ZRecoveryCodes, ...errors } } },
    async (request) => ({
      recoveryCodes: await finishEnrollment(app.ctx, requireUser(request), request.body.code, request.ip),
    }),
  );

  r.post(
    '/api/mfa/recovery-codes',
    { config: access, schema: { tags: ['mfa'], body: ZMfaCodeInput, response: { 200: ZRecoveryCodes, ...errors } } },
    async (request) => ({ recoveryCodes: await regenerateRecoveryCodes(app.ctx, requireUser(request), request.body.code, request.ip) }),
  );

  r.post('/api/mfa/disable', { config: access, schema: { tags: ['mfa'], body: ZMfaCodeInput, response: { 200: ZMessage, ...errors } } }, async (request) => {
    await disableMfa(app.ctx, requireUser(request), request.body.code, request.ip);
    return { message: 'Two-factor authentication is off' };
  });
}
