/**
 * How a task and a claim read (DECISIONS §7, Tasks), shared by the ambassador's Tasks page and the
 * admin's Tasks tab: the kinds, periods and verdicts, each refusal code said as something the
 * person can act on, and the evidence the service answered.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { dateTimeIn } from '../../shared/localized-format.ts';
import { isReasonCode } from '../../shared/reasons.ts';
import type { ClaimStatus, TaskKind, TaskPeriod, TaskRefusalCode } from '../../shared/schemas/tasks.ts';
import { REASON_TEXT } from './reason-text.ts';

export const KIND_TEXT: Record<TaskKind, MessageDescriptor> = {
  telegram_member: msg`Join a Telegram group or channel`,
  discord_member: msg`Join a Discord server`,
  x_post: msg`Post on X`,
  bsc_transfer: msg`Token transfer on BNB Smart Chain`,
  manual: msg`Checked by an admin`,
};

export const PERIOD_TEXT: Record<TaskPeriod, MessageDescriptor> = {
  once: msg`Once`,
  weekly: msg`Every week`,
  monthly: msg`Every month`,
};

export const CLAIM_STATUS_TEXT: Record<ClaimStatus, MessageDescriptor> = {
  credited: msg({ message: 'Credited', context: 'task claim' }),
  refused: msg({ message: 'Refused', context: 'task claim' }),
  pending_review: msg({ message: 'Sent to review', context: 'task claim' }),
};

/** Each refusal as what to do about it. */
export const REFUSAL_TEXT: Record<TaskRefusalCode, MessageDescriptor> = {
  ACCOUNT_NOT_LINKED: msg`The account this task needs is not linked: link it on your profile, then claim again.`,
  NOT_MEMBER: msg`You are not a member yet: join, then claim again.`,
  NOT_AUTHOR: msg`This post was written by another account than your linked X account: claim with a post of your own.`,
  TEXT_MISSING: msg`Your post does not contain the text this task asks for: post again with it, then claim with the new post.`,
  POST_NOT_FOUND: msg`This post could not be found: check the link, and that the post is public.`,
  WALLET_NOT_PROVEN: msg`Your payout wallet is not proven yet: prove it on the Wallet page, then claim again.`,
  TX_NOT_FOUND: msg`This transaction was not found on BNB Smart Chain: check the hash.`,
  TX_NOT_CONFIRMED: msg`This transaction is not confirmed yet: wait a few blocks, then claim again.`,
  TX_MISMATCH: msg`This transaction is not a transfer of the token asked, from your proven wallet to the address asked, of at least the amount asked.`,
  TX_ALREADY_COUNTED: msg`This transaction has already been counted for a claim: each one counts once.`,
  OUTSIDE_PERIOD: msg`This was done outside the task’s period: do it again within the period, then claim again.`,
  PROVIDER_ANSWER_MALFORMED: msg`The service gave an answer we could not read: nothing was credited; try again later.`,
  REVIEW_REJECTED: msg`An admin rejected this claim.`,
};

function isRefusalCode(code: string): code is TaskRefusalCode {
  return code in REFUSAL_TEXT;
}

/** What a refusal code says (the code itself when it is one this page does not know). */
export function refusalText(code: string | null, evidence: Readonly<Record<string, string>>, translate: (m: MessageDescriptor) => string): string | null {
  if (!code) return null;
  const said = isRefusalCode(code) ? translate(REFUSAL_TEXT[code]) : code;
  const review = evidence.reviewReason;
  return review && isReasonCode(review) ? `${said} ${translate(REASON_TEXT[review].label)}` : said;
}

const EVIDENCE_LABELS: Record<string, MessageDescriptor> = {
  memberStatus: msg`Member status`,
  isMember: msg`Member`,
  chatId: msg`Telegram chat`,
  telegramUserId: msg`Telegram user id`,
  guildId: msg`Discord server`,
  discordUserId: msg`Discord user id`,
  roleId: msg`Discord role`,
  joinedAt: msg`Joined`,
  postUrl: msg`Post`,
  author: msg`Author`,
  linkedHandle: msg`Your linked account`,
  mustContain: msg`Text asked for`,
  textSha256: msg`SHA-256 of the post’s text`,
  postedAt: msg`Posted`,
  txHash: msg`Transaction`,
  blockNumber: msg`Block`,
  blockTime: msg`Block time`,
  confirmations: msg`Confirmations`,
  txStatus: msg`Transaction status`,
  token: msg`Token`,
  from: msg`From`,
  to: msg`To`,
  amount: msg`Amount`,
  provenWallet: msg`Your proven wallet`,
  transfers: msg`Transfers`,
  provider: msg`Account needed`,
  periodStart: msg`Period started`,
  startsAt: msg`Task starts`,
  endsAt: msg`Task ends`,
  reviewedBy: msg`Reviewed by`,
  reviewReason: msg`Reason`,
  service: msg`Service`,
};

const DATES = new Set(['joinedAt', 'postedAt', 'blockTime', 'periodStart', 'startsAt', 'endsAt']);

/** The evidence a verdict rests on, as a list of what the service answered. */
export function Evidence({ evidence, className }: { evidence: Readonly<Record<string, string>>; className?: string }) {
  const { i18n } = useLingui();
  const entries = Object.entries(evidence);
  if (!entries.length) return null;
  return (
    <dl className={className ?? 'grid gap-x-3 gap-y-1 text-xs sm:grid-cols-[max-content_1fr]'} data-testid="claim-evidence">
      {entries.map(([key, value]) => {
        const label = EVIDENCE_LABELS[key];
        const shown = DATES.has(key)
          ? dateTimeIn(value, i18n.locale)
          : key === 'reviewReason' && isReasonCode(value)
            ? i18n._(REASON_TEXT[value].label)
            : value;
        return (
          <div key={key} className="contents">
            <dt className="text-muted">{label ? i18n._(label) : key}</dt>
            <dd className="min-w-0 break-all font-mono">
              {key === 'postUrl' && /^https:\/\//.test(value) ? (
                <a href={value} target="_blank" rel="noopener noreferrer" className="text-gold underline">
                  {value}
                </a>
              ) : (
                shown
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
