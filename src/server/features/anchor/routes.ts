import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { AppError } from '../../errors.ts';
import { anchorInfo } from './service.ts';

const ZAnchorInfo = z.object({
  address: z.string().describe('The anchor address: each anchor is a transaction from it to itself.'),
  chainId: z.number().int().describe('The chain id the server’s BSC node reports (56 on BNB Smart Chain).'),
});

export async function anchorRoutes(app: FastifyInstance) {
  app.get(
    '/api/public/anchor',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getAnchor',
        summary: 'Where the public log is anchored on chain',
        description:
          'With anchoring on (ANCHOR_PRIVATE_KEY), the log’s head is anchored on BSC at each freeze and close, and daily when the log grew: a transaction from `address` to itself, value 0, data 0x414d42 + the head’s seq (8 bytes, big-endian) + its hash (32 bytes); each is then logged as `log.anchored`. Verifiers check those entries on chain (`--rpc`).',
        tags: ['public'],
        response: {
          200: ZAnchorInfo.describe('The anchor address and chain id.'),
          404: ZErrorBody.describe('Anchoring is off (code ANCHOR_OFF).'),
          503: ZErrorBody.describe('The BSC node could not be reached to read the chain id (code ANCHOR_RPC_UNAVAILABLE); try again.'),
        },
      },
    },
    async () => {
      if (!app.ctx.config.anchor) throw new AppError('NOT_FOUND', 'The public log is not anchored on chain on this server', undefined, 'ANCHOR_OFF');
      try {
        const info = await anchorInfo(app.ctx);
        if (!info) throw new AppError('NOT_FOUND', 'The public log is not anchored on chain on this server', undefined, 'ANCHOR_OFF');
        return info;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(
          'UNAVAILABLE',
          'Could not reach the BSC node to read the chain id; try again shortly',
          undefined,
          'ANCHOR_RPC_UNAVAILABLE',
        ).retryAfter(30);
      }
    },
  );
}
