import type { FastifyInstance } from 'fastify';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZAdminSummary } from '../../../shared/schemas/views.ts';
import { typed } from '../../http.ts';
import { ambassadorCount } from '../ambassadors/service.ts';
import { pendingApplicationCount } from '../applications/service.ts';
import { pendingReportCount } from '../reports/service.ts';
import { pendingWithdrawalCount } from '../wallet/service.ts';
import { ZAnalytics } from '../../../shared/schemas/analytics.ts';
import { analytics } from '../analytics/service.ts';

export async function adminRoutes(app: FastifyInstance) {
  typed(app).get(
    '/api/admin/summary',
    { config: { access: 'admin' }, schema: { tags: ['admin'], response: { 200: ZAdminSummary, 401: ZErrorBody, 403: ZErrorBody } } },
    async () => {
      const [totalAmbassadors, pendingApplications, pendingReports, pendingWithdrawals] = await Promise.all([
        ambassadorCount(app.ctx.db),
        pendingApplicationCount(app.ctx),
        pendingReportCount(app.ctx),
        pendingWithdrawalCount(app.ctx),
      ]);
      return { totalAmbassadors, pendingApplications, pendingReports, pendingWithdrawals };
    },
  );

  typed(app).get(
    '/api/admin/analytics',
    { config: { access: 'admin' }, schema: { tags: ['admin'], response: { 200: ZAnalytics, 401: ZErrorBody, 403: ZErrorBody } } },
    async () => analytics(app.ctx),
  );
}
