export { exchangeHoldUntil, recordUsdtAddress, withdrawalsPausedUntil } from './address.ts';
export { pendingWithdrawalCount, reopenOnAppeal, withdrawalList } from './service.ts';
