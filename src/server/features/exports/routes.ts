import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZFlaggedQuery } from '../../../shared/schemas/common.ts';
import { ADMIN_WITHDRAWAL_FILTERS } from '../../../shared/schemas/withdrawals.ts';
import { ZWalletProofQuery } from '../../../shared/schemas/wallet-proof.ts';
import { REPORT_STATUSES } from '../../../shared/schemas/reports.ts';
import { APPLICATION_FILTERS } from '../../../shared/schemas/applications.ts';
import { routes } from '../../routes.ts';
import { EXPORTS, exportCsv } from './service.ts';

const ZExportParams = z.object({ name: z.enum(EXPORTS, { error: `The export is one of ${EXPORTS.join(', ')}` }) });

const STATUSES = [...new Set([...REPORT_STATUSES, ...ADMIN_WITHDRAWAL_FILTERS, ...APPLICATION_FILTERS])] as [string, ...string[]];

export async function exportRoutes(app: FastifyInstance) {
  const route = routes(app);
  route('admin').get(
    '/api/admin/export/:name.csv',
    {
      operationId: 'exportAdminList',
      summary: 'An admin tab as CSV, with its filters',
      tags: ['admin'],
      params: ZExportParams,
      querystring: z.object({
        status: z.enum(STATUSES, { error: `status must be one of ${STATUSES.join(', ')}` }).optional(),
        search: z.string().max(200, 'search is at most 200 characters').optional(),
        ...ZFlaggedQuery.shape,
        ...ZWalletProofQuery.shape,
      }),
      description:
        'A streamed CSV of ambassadors, applications (pending unless `status` says otherwise, as the tab), reports, transactions or withdrawals, with the tab’s filter (status, search, flagged; walletProof for withdrawals), newest first; cells safe from spreadsheet formulas.',
    },
    async (request, reply) => {
      const { name } = request.params;
      if (request.query.status && name !== 'reports' && name !== 'withdrawals' && name !== 'applications') {
        return reply.code(400).send({ message: 'status filters only the applications, reports and withdrawals exports', code: 'EXPORT_FILTER_INVALID' });
      }
      if (name === 'applications' && request.query.status && !(APPLICATION_FILTERS as readonly string[]).includes(request.query.status)) {
        return reply.code(400).send({ message: `status must be one of ${APPLICATION_FILTERS.join(', ')}`, code: 'EXPORT_FILTER_INVALID' });
      }
      if (request.query.walletProof && name !== 'withdrawals') {
        return reply.code(400).send({ message: 'walletProof filters only the withdrawals export', code: 'EXPORT_FILTER_INVALID' });
      }
      if (name === 'reports' && request.query.status && !(REPORT_STATUSES as readonly string[]).includes(request.query.status)) {
        return reply.code(400).send({ message: 'status must be pending, approved or rejected', code: 'EXPORT_FILTER_INVALID' });
      }
      const day = app.ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}-${day}.csv"`)
        .send(exportCsv(app.ctx, name, request.query));
    },
  );
}
