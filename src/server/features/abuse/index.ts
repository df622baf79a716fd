export { asFlags, countLimit, deviceHash, flaggedFilter, flaggedListPage, flagsColumn, networkHash } from './flags.ts';
export { proofLinks } from './links.ts';
