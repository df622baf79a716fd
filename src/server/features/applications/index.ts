export { applicationList, pendingApplicationCount } from './service.ts';
