export { codeLimits, consumeSecondFactor, keysOf } from './service.ts';
