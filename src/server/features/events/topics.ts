/**
 * Which live topics an admin action changes (DECISIONS §6): every action is in the activity log
 * (`activity`), and each also changes the admin reads it touches. A Record over every action, so a
 * new action without its topics does not compile.
 */
import type { AdminAction } from '../../../shared/enums.ts';
import type { LiveTopic } from '../../../shared/live.ts';

export const ADMIN_ACTION_TOPICS: Record<AdminAction, LiveTopic[]> = {
  approve_application: ['applications', 'ambassadors'],
  reject_application: ['applications'],
  review_report_approved: ['reports', 'ambassadors'],
  review_report_rejected: ['reports'],
  approve_withdrawal: ['withdrawals', 'ambassadors'],
  approve_withdrawal_first: ['withdrawals'],
  mark_withdrawals_paid: ['withdrawals'],
  reject_withdrawal: ['withdrawals', 'ambassadors'],
  update_ambassador: ['ambassadors'],
  send_password_setup_email: ['ambassadors'],
  add_admin: ['admins'],
  remove_admin: ['admins'],
  reset_admin_password: ['admins'],
  update_settings: ['settings'],
  close_season: ['seasons'],
  refuse_super_admin_sign_in: [],
  disable_mfa: ['admins'],
  enable_mfa: ['admins'],
  cancel_withdrawal: ['withdrawals'],
  // An appeal is of a report or a withdrawal: the Appeals queue changes with their topics.
  appeal_report: ['reports'],
  appeal_withdrawal: ['withdrawals'],
  appeal_upheld: ['reports', 'withdrawals'],
  appeal_overturned: ['reports', 'withdrawals', 'ambassadors'],
  verify_payout_wallet: ['ambassadors', 'withdrawals'],
  declare_exchange_wallet: ['ambassadors', 'withdrawals'],
  // Integrations are the super admin's: only the activity log shows them.
  create_api_key: ['integrations'],
  revoke_api_key: ['integrations'],
  create_webhook: ['integrations'],
  update_webhook: ['integrations'],
  delete_webhook: ['integrations'],
  rotate_webhook_secret: ['integrations'],
  replay_webhook_delivery: ['integrations'],
  send_test_webhook: ['integrations'],
  // A held referral decided, or a refusal appealed: the referrer's figures and the desk's lists.
  release_referral: ['ambassadors'],
  refuse_referral: ['ambassadors'],
  appeal_referral: ['ambassadors'],
  // A manual task claim's refusal appealed: the Appeals queue, beside the review desk's claims.
  appeal_task_claim: ['reports'],
  // Tasks made or changed: the Tasks pages and the admins' Tasks tab read them again.
  create_task: ['tasks'],
  update_task: ['tasks'],
};
