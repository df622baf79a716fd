export { overturnClaimRefusal } from './service.ts';
