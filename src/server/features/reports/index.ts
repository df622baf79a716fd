export { approveOnAppeal, pendingReportCount, reportList } from './service.ts';
