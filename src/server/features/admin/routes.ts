import type { FastifyInstance } from 'fastify';
import { ZAdminSummary } from '../../../shared/schemas/admins.ts';
import { routes } from '../../routes.ts';
import { ambassadorCount } from '../ambassadors/index.ts';
import { pendingApplicationCount } from '../applications/index.ts';
import { pendingReportCount } from '../reports/index.ts';
import { pendingWithdrawalCount } from '../wallet/index.ts';
import { pendingAppealCount } from '../appeals/index.ts';
import { ZAnalytics } from '../../../shared/schemas/analytics.ts';
import { analytics } from '../analytics/index.ts';

export async function adminRoutes(app: FastifyInstance) {
  const route = routes(app);
  route('admin').get(
    '/api/admin/summary',
    {
      operationId: 'getAdminSummary',
      summary: 'The admin desk’s counts',
      description: 'Ambassadors, and the applications, reports, withdrawals and appeals waiting for a decision.',
      tags: ['admin'],
      response: { 200: ZAdminSummary.describe('Ambassadors, and the pending applications, reports, withdrawals and appeals.') },
    },
    async () => {
      const [totalAmbassadors, pendingApplications, pendingReports, pendingWithdrawals, pendingAppeals] = await Promise.all([
        ambassadorCount(app.ctx.db),
        pendingApplicationCount(app.ctx),
        pendingReportCount(app.ctx),
        pendingWithdrawalCount(app.ctx),
        pendingAppealCount(app.ctx),
      ]);
      return { totalAmbassadors, pendingApplications, pendingReports, pendingWithdrawals, pendingAppeals };
    },
  );

  route('admin').get(
    '/api/admin/analytics',
    {
      operationId: 'getAnalytics',
      summary: 'The programme over the last 12 weeks and months',
      description: 'Applications, reports, awards and withdrawals per week and month, newest first, and how long the oldest item of each queue has waited.',
      tags: ['admin'],
      response: { 200: ZAnalytics.describe('Queues, applications, reports, awards and withdrawals, newest first.') },
    },
    async () => analytics(app.ctx),
  );
}
