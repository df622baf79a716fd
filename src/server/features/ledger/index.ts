export { effectiveMonthly, lockAmbassador, positionOf, post, usdtPosition } from './service.ts';
