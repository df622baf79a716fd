/**
 * The activity log's actions in the page's language: each code of shared/enums.ts with its
 * English words (ADMIN_ACTION_LABELS, word for word, which shared-texts.test.ts checks) as the
 * source of its translation.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AdminAction } from '../../../../shared/enums.ts';

export const ACTION_TEXT: Readonly<Record<AdminAction, MessageDescriptor>> = {
  approve_application: msg`Approved application`,
  reject_application: msg`Rejected application`,
  review_report_approved: msg`Approved report`,
  review_report_rejected: msg`Rejected report`,
  approve_withdrawal: msg`Approved withdrawal`,
  approve_withdrawal_first: msg`Gave the first of two approvals of a withdrawal`,
  mark_withdrawals_paid: msg`Recorded a payout transaction`,
  reject_withdrawal: msg`Rejected withdrawal`,
  cancel_withdrawal: msg`Cancelled own withdrawal request`,
  update_ambassador: msg`Edited ambassador`,
  send_password_setup_email: msg`Sent password setup email`,
  add_admin: msg`Added admin`,
  remove_admin: msg`Removed admin`,
  reset_admin_password: msg`Reset an admin's password`,
  update_settings: msg`Changed settings`,
  close_season: msg`Closed a season`,
  refuse_super_admin_sign_in: msg`Refused super admin sign-in`,
  disable_mfa: msg`Turned off two-factor sign-in`,
  enable_mfa: msg`Turned on two-factor sign-in`,
  appeal_report: msg`Appealed a report decision`,
  appeal_withdrawal: msg`Appealed a withdrawal decision`,
  appeal_upheld: msg`Upheld an appeal`,
  appeal_overturned: msg`Overturned a decision on appeal`,
  verify_payout_wallet: msg`Proved a payout address by signature`,
  declare_exchange_wallet: msg`Declared a payout address an exchange deposit address`,
  create_api_key: msg`Made an API key`,
  revoke_api_key: msg`Revoked an API key`,
  create_webhook: msg`Added a webhook endpoint`,
  update_webhook: msg`Changed a webhook endpoint`,
  delete_webhook: msg`Deleted a webhook endpoint`,
  rotate_webhook_secret: msg`Rotated a webhook endpoint's secret`,
  replay_webhook_delivery: msg`Replayed a webhook delivery`,
  send_test_webhook: msg`Sent a test webhook event`,
  release_referral: msg`Released a held referral`,
  refuse_referral: msg`Refused a held referral`,
  appeal_referral: msg`Appealed a referral refusal`,
  appeal_task_claim: msg`Appealed a task claim refusal`,
  create_task: msg`Created a task`,
  update_task: msg`Changed a task`,
};

/** The words for a logged action; an action this client does not know yet is shown as recorded. */
export function actionLabel(i18n: I18n, action: string): string {
  return Object.hasOwn(ACTION_TEXT, action) ? i18n._(ACTION_TEXT[action as AdminAction]) : action;
}
