export { pendingAppealCount } from './service.ts';
