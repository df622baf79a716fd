export { appendLog } from './service.ts';
