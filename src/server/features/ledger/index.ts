export { creditParts, effectiveMonthly, lockAmbassador, positionOf, post, usdtPosition } from './service.ts';
