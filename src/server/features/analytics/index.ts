export * as figures from './figures.ts';
export { analytics } from './service.ts';
