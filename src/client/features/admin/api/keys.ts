/** Query keys of the admin console; a list's key starts with its URL so one prefix refreshes every page of it. */
export const adminKeys = {
  summary: ['/api/admin/summary'] as const,
  applications: ['/api/admin/applications'] as const,
  reports: ['/api/admin/reports'] as const,
  ambassadors: ['/api/admin/ambassadors'] as const,
  withdrawals: ['/api/admin/withdrawal-requests'] as const,
  admins: ['/api/super-admin/admins'] as const,
  actions: ['/api/super-admin/actions'] as const,
  analytics: ['/api/admin/analytics'] as const,
  securityNotices: ['/api/admin/security-notices'] as const,
};

export const ADMIN_PAGE_SIZE = 20;
