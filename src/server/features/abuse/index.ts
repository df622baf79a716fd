export { asFlags, countLimit, deviceHash, flaggedFilter, flagsColumn, networkHash } from './flags.ts';
export { proofLinks } from './links.ts';
