export { CLEARED_PROOF, walletProofOf } from './service.ts';
