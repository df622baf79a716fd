export { latestActions } from './service.ts';
