/**
 * Every closed set of values the product knows, once: the database schema, the response schemas and
 * the client read them from here. SQL check constraints keep their own literals (a migration is
 * a fixed text).
 */

/** An application, a report and a withdrawal move from pending to one decision, once. */
export const DECISION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];
/**
 * A withdrawal's statuses: the decisions', and `cancelled`, taken back by its owner while pending
 * with no approval yet (DECISIONS §7): final, and not a decision (no reason, no appeal, not counted).
 */
export const WITHDRAWAL_STATUSES = [...DECISION_STATUSES, 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** What a pending item can become. */
export const DECISIONS = ['approved', 'rejected'] as const;
export type Decision = (typeof DECISIONS)[number];

export const AMBASSADOR_STATUSES = ['active', 'suspended'] as const;
export type AmbassadorStatus = (typeof AMBASSADOR_STATUSES)[number];

/** From lowest to highest (the thresholds are in badges.ts). */
export const BADGE_LEVELS = ['normal', 'bronze', 'silver', 'gold'] as const;
export type BadgeLevel = (typeof BADGE_LEVELS)[number];

export const CURRENCIES = ['GCM', 'USDT'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * Ledger entry types: a report's reward, a monthly prize, a lottery win and a referral (credits),
 * and an approved withdrawal (negative USDT). The wallet shows prize and lottery as PRIZE and LOTTERY.
 */
export const TRANSACTION_TYPES = ['reward', 'withdrawal', 'prize', 'lottery', 'referral'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * Where a payout address stands (DECISIONS §6, Wallet proof): proven by a signature, declared an
 * exchange deposit address (which cannot sign), or neither.
 */
export const WALLET_PROOFS = ['verified', 'exchange', 'none'] as const;
export type WalletProof = (typeof WALLET_PROOFS)[number];

/** What the activity log records. */
export const ADMIN_ACTIONS = [
  'approve_application',
  'reject_application',
  'review_report_approved',
  'review_report_rejected',
  'approve_withdrawal',
  'approve_withdrawal_first',
  'mark_withdrawals_paid',
  'reject_withdrawal',
  'cancel_withdrawal',
  'update_ambassador',
  'send_password_setup_email',
  'add_admin',
  'remove_admin',
  'reset_admin_password',
  'update_settings',
  'close_season',
  'refuse_super_admin_sign_in',
  'disable_mfa',
  'enable_mfa',
  'appeal_report',
  'appeal_withdrawal',
  'appeal_upheld',
  'appeal_overturned',
  'verify_payout_wallet',
  'declare_exchange_wallet',
  'create_api_key',
  'revoke_api_key',
  'create_webhook',
  'update_webhook',
  'delete_webhook',
  'rotate_webhook_secret',
  'replay_webhook_delivery',
  'send_test_webhook',
  'release_referral',
  'refuse_referral',
  'appeal_referral',
  'appeal_task_claim',
  'create_task',
  'update_task',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
/** Each action in words, written once (`/*i18n*\/`, src/shared/texts.ts): the server's security notices in English, the activity log in the page's language (admin-action-text.ts). */
export const ADMIN_ACTION_LABELS: Readonly<Record<AdminAction, string>> = {
  approve_application: /*i18n*/ 'Approved application',
  reject_application: /*i18n*/ 'Rejected application',
  review_report_approved: /*i18n*/ 'Approved report',
  review_report_rejected: /*i18n*/ 'Rejected report',
  approve_withdrawal: /*i18n*/ 'Approved withdrawal',
  approve_withdrawal_first: /*i18n*/ 'Gave the first of two approvals of a withdrawal',
  mark_withdrawals_paid: /*i18n*/ 'Recorded a payout transaction',
  reject_withdrawal: /*i18n*/ 'Rejected withdrawal',
  cancel_withdrawal: /*i18n*/ 'Cancelled own withdrawal request',
  update_ambassador: /*i18n*/ 'Edited ambassador',
  send_password_setup_email: /*i18n*/ 'Sent password setup email',
  add_admin: /*i18n*/ 'Added admin',
  remove_admin: /*i18n*/ 'Removed admin',
  reset_admin_password: /*i18n*/ "Reset an admin's password",
  update_settings: /*i18n*/ 'Changed settings',
  close_season: /*i18n*/ 'Closed a season',
  refuse_super_admin_sign_in: /*i18n*/ 'Refused super admin sign-in',
  disable_mfa: /*i18n*/ 'Turned off two-factor sign-in',
  enable_mfa: /*i18n*/ 'Turned on two-factor sign-in',
  appeal_report: /*i18n*/ 'Appealed a report decision',
  appeal_withdrawal: /*i18n*/ 'Appealed a withdrawal decision',
  appeal_upheld: /*i18n*/ 'Upheld an appeal',
  appeal_overturned: /*i18n*/ 'Overturned a decision on appeal',
  verify_payout_wallet: /*i18n*/ 'Proved a payout address by signature',
  declare_exchange_wallet: /*i18n*/ 'Declared a payout address an exchange deposit address',
  create_api_key: /*i18n*/ 'Made an API key',
  revoke_api_key: /*i18n*/ 'Revoked an API key',
  create_webhook: /*i18n*/ 'Added a webhook endpoint',
  update_webhook: /*i18n*/ 'Changed a webhook endpoint',
  delete_webhook: /*i18n*/ 'Deleted a webhook endpoint',
  rotate_webhook_secret: /*i18n*/ "Rotated a webhook endpoint's secret",
  replay_webhook_delivery: /*i18n*/ 'Replayed a webhook delivery',
  send_test_webhook: /*i18n*/ 'Sent a test webhook event',
  release_referral: /*i18n*/ 'Released a held referral',
  refuse_referral: /*i18n*/ 'Refused a held referral',
  appeal_referral: /*i18n*/ 'Appealed a referral refusal',
  appeal_task_claim: /*i18n*/ 'Appealed a task claim refusal',
  create_task: /*i18n*/ 'Created a task',
  update_task: /*i18n*/ 'Changed a task',
};

/** Abuse flags on admin list items (DECISIONS §5, The admin desk), with what each means. */
export const ABUSE_FLAGS = ['shared_wallet', 'duplicate_proof', 'shared_telegram', 'same_network', 'shared_device'] as const;
export type AbuseFlag = (typeof ABUSE_FLAGS)[number];
/** What qualifies a referee: the approval of their application, or the approval of their first report. */
export const REFERRAL_QUALIFY = ['approved', 'first_report'] as const;
export type ReferralQualify = (typeof REFERRAL_QUALIFY)[number];

/**
 * Where a referral stands:
 * - applied: the referee applied (or was approved) and has not qualified yet;
 * - not_approved: the referee's application was rejected;
 * - credited: qualified and credited to the referrer;
 * - held: qualified, but referrer and referee share a flag (`reason`); an admin releases or refuses it;
 * - refused: an admin refused a held referral (`reason`: the reason code);
 * - not_credited: qualified, but nothing could be credited (`reason`: monthly_cap, referrer_suspended).
 */
export const REFERRAL_STATUSES = ['applied', 'not_approved', 'credited', 'held', 'refused', 'not_credited'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
