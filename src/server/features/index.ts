import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/routes.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { telegramRoutes } from './telegram/routes.ts';
import { anchorRoutes } from './anchor/routes.ts';
import { adminNoticeRoutes } from './admin-notices/routes.ts';
import { ambassadorRoutes } from './ambassadors/routes.ts';
import { applicationRoutes } from './applications/routes.ts';
import { appealRoutes } from './appeals/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { linkRoutes } from './links/routes.ts';
import { taskRoutes } from './tasks/routes.ts';
import { exportRoutes } from './exports/routes.ts';
import { publicRoutes } from './public/routes.ts';
import { publicLogRoutes } from './public-log/routes.ts';
import { mfaRoutes } from './mfa/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { referralRoutes } from './referrals/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { seasonRoutes } from './seasons/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { superAdminRoutes } from './super-admin/routes.ts';
import { walletRoutes } from './wallet/routes.ts';
import { walletProofRoutes } from './wallet-proof/routes.ts';

/** Feature routes, registered in the root scope so the access hook sees each one. */
export async function registerFeatures(app: FastifyInstance) {
  for (const feature of [
    authRoutes,
    eventRoutes,
    publicRoutes,
    publicLogRoutes,
    anchorRoutes,
    applicationRoutes,
    ambassadorRoutes,
    reportRoutes,
    walletRoutes,
    appealRoutes,
    referralRoutes,
    walletProofRoutes,
    linkRoutes,
    taskRoutes,
    adminRoutes,
    adminNoticeRoutes,
    superAdminRoutes,
    settingsRoutes,
    seasonRoutes,
    mfaRoutes,
    notificationRoutes,
    exportRoutes,
    apiKeyRoutes,
    webhookRoutes,
    telegramRoutes,
  ]) {
    await feature(app);
  }
}
