/**
 * The data model of spec §3, with the keys, checks and indexes the rules and
 * queries need. Money is numeric(20,2) and reaches JavaScript as a string.
 */
import { sql } from 'drizzle-orm';
import {
  AMBASSADOR_STATUSES,
  BADGE_LEVELS,
  CURRENCIES,
  DECISION_STATUSES,
  REFERRAL_STATUSES,
  TRANSACTION_TYPES,
  WALLET_PROOFS,
  WITHDRAWAL_STATUSES,
} from '../../shared/enums.ts';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SeasonTerms } from '../../shared/draw-protocol-2.ts';
import type { TReferralRule } from '../../shared/schemas/referral-rule.ts';
import { LEDGER_KINDS } from '../../shared/ledger-descriptions.ts';

const money = (name: string) => numeric(name, { precision: 20, scale: 2 });
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username'),
    /** argon2id hash; null until the account's password is set from the emailed link. */
    password: text('password'),
    email: text('email').notNull(),
    fullName: text('full_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /** SHA-256 of the setup token; the token itself is only ever in the email. */
    passwordSetupToken: text('password_setup_token'),
    passwordSetupTokenExpiry: timestamptz('password_setup_token_expiry'),
    /** TOTP (RFC 6238) key, base32, once two-factor sign-in is on; the key being enrolled until then. */
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaEnabledAt: timestamptz('mfa_enabled_at'),
    /** The last 30-second step whose code was accepted: a code is never accepted twice. */
    mfaLastStep: integer('mfa_last_step'),
    /** Emails about decisions (not security ones) are sent; turned off by the profile switch or List-Unsubscribe. */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** Decisions, payouts, prizes and appeals also reach the linked Telegram chat (DECISIONS §7); turned off by the profile switch or by a user who blocked the bot. */
    notifyTelegram: boolean('notify_telegram').notNull().default(true),
    /**
     * False while the current password is one a super admin set (not chosen by the account's owner
     * from an emailed link or the profile): such an admin's approval does not count as a second one.
     */
    passwordChosenBySelf: boolean('password_chosen_by_self').notNull().default(true),
    /**
     * The second factor now on was first turned on while the password was one a super admin set
     * (issue 40 item 12): its approvals of a large withdrawal count only PAYOUT_APPROVER_MIN_AGE_HOURS
     * after mfaEnabledAt, as whoever set the password may have enrolled it.
     */
    mfaEnrolledUnderSetPassword: boolean('mfa_enrolled_under_set_password').notNull().default(false),
    /** The language the account chose (DECISIONS §6, Languages); null: the browser's. Emails go out in it. */
    locale: text('locale'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_setup_token_key').on(t.passwordSetupToken),
    check('users_locale_check', sql`${t.locale} is null or ${t.locale} in ('en', 'es', 'pt-BR', 'tr', 'id')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** HMAC of the cookie's token: a leaked table gives no usable cookie. */
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<{ userId: string; createdAt: string }>().notNull(),
    /** Idle expiry, pushed forward as the session is used, never past absoluteExpire. */
    expire: timestamptz('expire').notNull(),
    absoluteExpire: timestamptz('absolute_expire').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Half signed in: the password was right, the second factor is still due. Usable for nothing else. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
    /** Signed in with the second factor (POST /api/login/mfa), not with the password alone. */
    mfaVerified: boolean('mfa_verified').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expire_idx').on(t.expire)],
);

export const ambassadorApplications = pgTable(
  'ambassador_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    country: text('country').notNull(),
    personalTelegramHandle: text('personal_telegram_handle').notNull(),
    socialMediaPlatforms: text('social_media_platforms').array().notNull(),
    twitterHandle: text('twitter_handle'),
    instagramHandle: text('instagram_handle'),
    telegramHandle: text('telegram_handle'),
    facebookHandle: text('facebook_handle'),
    youtubeHandle: text('youtube_handle'),
    totalFollowers: integer('total_followers').notNull(),
    whyJoin: text('why_join').notNull(),
    experience: text('experience').notNull(),
    status: text('status', { enum: DECISION_STATUSES }).notNull().default('pending'),
    adminNotes: text('admin_notes'),
    rejectedAt: timestamptz('rejected_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** When it was approved or rejected (hours to decide, DECISIONS §6). */
    decidedAt: timestamptz('decided_at'),
    /** A rejection's reason code (src/shared/reasons.ts); null: none recorded. The facts are admin_notes. */
    reasonCode: text('reason_code'),
    /** The abuse flags that had fired when it was rejected (told to the person); null: not rejected, or before this was kept. */
    decisionFlags: text('decision_flags').array(),
    /** The language of the page the applicant applied from (DECISIONS §6): their emails' until they save one; null: English. */
    locale: text('locale'),
    /** The applicant's network address as an HMAC with the session secret (abuse flag same_network); never the address itself. */
    networkHash: text('network_hash'),
    /** The applicant's browser: an HMAC of its first-party device id (cookie `did`) with the session secret (abuse flag shared_device). */
    deviceHash: text('device_hash'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Abuse flags (DECISIONS §5, The admin desk): looked up by index, never by scanning.
    index('applications_network_idx').on(t.networkHash, t.createdAt),
    index('applications_device_idx').on(t.deviceHash),
    index('applications_telegram_idx').on(sql`lower(${t.personalTelegramHandle})`),
    // One live application per email, even when two arrive at once.
    uniqueIndex('applications_live_email_key')
      .on(t.email)
      .where(sql`${t.status} in ('pending', 'approved')`),
    index('applications_pending_idx')
      .on(t.totalFollowers.desc(), t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('applications_status_created_idx').on(t.status, t.createdAt),
    index('applications_decided_idx')
      .on(t.decidedAt)
      .where(sql`${t.decidedAt} is not null`),
    check('applications_locale_check', sql`${t.locale} is null or ${t.locale} in ('en', 'es', 'pt-BR', 'tr', 'id')`),
    check('applications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('applications_followers_check', sql`${t.totalFollowers} >= 0`),
  ],
);

export const ambassadors = pgTable(
  'ambassadors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    applicationId: uuid('application_id').references(() => ambassadorApplications.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    country: text('country').notNull(),
    personalTelegramHandle: text('personal_telegram_handle'),
    totalGcmEarned: money('total_gcm_earned').notNull().default('0'),
    monthlyGcm: money('monthly_gcm').notNull().default('0'),
    totalUsdtEarned: money('total_usdt_earned').notNull().default('0'),
    monthlyUsdt: money('monthly_usdt').notNull().default('0'),
    /** First day (UTC) of the month the monthly figures belong to; older means 0 this month. */
    monthlyPeriod: date('monthly_period', { mode: 'string' }),
    badgeLevel: text('badge_level', { enum: BADGE_LEVELS }).notNull().default('normal'),
    /** Set when an admin fixed the level by hand; automatic again when cleared. */
    badgePinned: boolean('badge_pinned').notNull().default(false),
    status: text('status', { enum: AMBASSADOR_STATUSES }).notNull().default('active'),
    gcmWalletAddress: text('gcm_wallet_address'),
    usdtWalletAddress: text('usdt_wallet_address'),
    /** When a USDT address last replaced an earlier one: withdrawals wait WALLET_CHANGE_HOLD_HOURS after it. */
    usdtWalletChangedAt: timestamptz('usdt_wallet_changed_at'),
    /** The last suspension (DECISIONS §6): when, by whom, its reason code and facts (shown while suspended). */
    suspendedAt: timestamptz('suspended_at'),
    suspendedBy: uuid('suspended_by').references(() => users.id, { onDelete: 'set null' }),
    suspensionReasonCode: text('suspension_reason_code'),
    suspensionFacts: text('suspension_facts'),
    /** The abuse flags that had fired when the account was suspended; null: not suspended, or before this was kept. */
    suspensionFlags: text('suspension_flags').array(),
    /**
     * The saved USDT address's proof (DECISIONS §6, Wallet proof): the signature that proved it and
     * when, or when it was declared an exchange deposit address. A changed address clears all three;
     * the evidence stays in wallet_proofs and the activity log.
     */
    walletProofId: uuid('wallet_proof_id').references((): AnyPgColumn => walletProofs.id, { onDelete: 'set null' }),
    walletVerifiedAt: timestamptz('wallet_verified_at'),
    walletExchangeAt: timestamptz('wallet_exchange_at'),
    twitterHandle: text('twitter_handle'),
    instagramHandle: text('instagram_handle'),
    telegramHandle: text('telegram_handle'),
    facebookHandle: text('facebook_handle'),
    youtubeHandle: text('youtube_handle'),
    /**
     * The referral link's code (DECISIONS §7, Referrals): 12 random hex characters, made by the
     * database for every ambassador (existing ones included, when the column was added).
     */
    referralCode: text('referral_code')
      .notNull()
      .default(sql`substr(md5(gen_random_uuid()::text), 1, 12)`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ambassadors_user_key').on(t.userId),
    uniqueIndex('ambassadors_referral_code_key').on(t.referralCode),
    uniqueIndex('ambassadors_email_key').on(t.email),
    index('ambassadors_leaderboard_idx').on(t.monthlyPeriod, t.monthlyGcm.desc(), t.createdAt, t.id),
    index('ambassadors_created_idx').on(t.createdAt, t.id),
    // The admin list's order (newest first, ties by id) for keyset paging.
    index('ambassadors_list_idx').on(t.createdAt.desc(), t.id),
    // Case-insensitive search anywhere in name or email (ILIKE '%x%') through trigrams.
    index('ambassadors_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    index('ambassadors_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    // Abuse flags: one payout wallet or one personal Telegram shared by several accounts.
    index('ambassadors_usdt_wallet_idx').on(sql`lower(${t.usdtWalletAddress})`),
    index('ambassadors_telegram_idx').on(sql`lower(${t.personalTelegramHandle})`),
    check('ambassadors_money_check', sql`${t.totalGcmEarned} >= 0 and ${t.monthlyGcm} >= 0 and ${t.totalUsdtEarned} >= 0 and ${t.monthlyUsdt} >= 0`),
    check('ambassadors_badge_check', sql`${t.badgeLevel} in ('normal', 'bronze', 'silver', 'gold')`),
    check('ambassadors_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('ambassadors_wallet_proof_check', sql`${t.walletVerifiedAt} is null or ${t.walletExchangeAt} is null`),
  ],
);

/**
 * Every signature that proved a payout address (DECISIONS §6, Wallet proof): the EIP-4361 message
 * as signed and the signature, kept as evidence after the address changes. By lower-cased address
 * for shared_wallet (an address proven by two ambassadors).
 */
export const walletProofs = pgTable(
  'wallet_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    /** How it was checked: `eoa` (the address's own key, recovered) or `contract` (ERC-1271 / ERC-6492 on chain). */
    method: text('method', { enum: ['eoa', 'contract'] }).notNull(),
    verifiedAt: timestamptz('verified_at').notNull(),
  },
  (t) => [
    index('wallet_proofs_ambassador_idx').on(t.ambassadorId, t.verifiedAt.desc()),
    index('wallet_proofs_address_idx').on(sql`lower(${t.address})`),
    check('wallet_proofs_method_check', sql`${t.method} in ('eoa', 'contract')`),
  ],
);

/**
 * The messages issued to sign: single use (used_at set by the one request that consumes it, in one
 * UPDATE), valid until expires_at, for the address saved when it was issued.
 */
export const walletProofNonces = pgTable(
  'wallet_proof_nonces',
  {
    nonce: text('nonce').primaryKey(),
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    message: text('message').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('wallet_proof_nonces_ambassador_idx').on(t.ambassadorId, t.issuedAt.desc()), index('wallet_proof_nonces_expires_idx').on(t.expiresAt)],
);

export const weeklyReports = pgTable(
  'weekly_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'cascade' }),
    weekStartDate: date('week_start_date', { mode: 'string' }).notNull(),
    weekEndDate: date('week_end_date', { mode: 'string' }).notNull(),
    activityReport: text('activity_report').notNull(),
    gcmAwarded: money('gcm_awarded').notNull().default('0'),
    usdtAwarded: money('usdt_awarded').notNull().default('0'),
    /** The feedback, and a rejection's facts (DECISIONS §6). */
    adminNotes: text('admin_notes'),
    /** A rejection's reason code (src/shared/reasons.ts); null: none recorded. */
    reasonCode: text('reason_code'),
    /** The abuse flags that had fired when it was rejected (told to the person); null: not rejected, or before this was kept. */
    decisionFlags: text('decision_flags').array(),
    status: text('status', { enum: DECISION_STATUSES }).notNull().default('pending'),
    /** The UTC day of submission: one report per ambassador per day. */
    submittedOn: date('submitted_on', { mode: 'string' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** An admin reviewing it holds it for a while (review claims): others cannot review it meanwhile. */
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedUntil: timestamptz('claimed_until'),
  },
  (t) => [
    uniqueIndex('reports_one_per_day_key').on(t.ambassadorId, t.submittedOn),
    index('reports_ambassador_created_idx').on(t.ambassadorId, t.createdAt.desc()),
    index('reports_status_created_idx').on(t.status, t.createdAt.desc(), t.id),
    index('reports_created_idx').on(t.createdAt.desc(), t.id),
    index('reports_reviewed_idx')
      .on(t.reviewedAt)
      .where(sql`${t.reviewedAt} is not null`),
    check('reports_week_check', sql`${t.weekEndDate} >= ${t.weekStartDate}`),
    check('reports_awards_check', sql`${t.gcmAwarded} >= 0 and ${t.usdtAwarded} >= 0`),
    check('reports_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * The links a report gives as proof, extracted and normalised at submission (abuse flag
 * duplicate_proof: one link claimed by several ambassadors), looked up by the link's index.
 */
export const reportLinks = pgTable(
  'report_links',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => weeklyReports.id, { onDelete: 'cascade' }),
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.url] }), index('report_links_url_idx').on(t.url, t.ambassadorId)],
);

/** A payout transaction: one hash pays one batch, and is never recorded for another. */
export const payoutBatches = pgTable('payout_batches', {
  txHash: text('tx_hash').primaryKey(),
  /** Whether the receipt was checked against the chain (BSC_RPC_URL set) or only the hash's format. */
  verifiedOnChain: boolean('verified_on_chain').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Approvals of a withdrawal above PAYOUT_SECOND_APPROVAL_USDT: two different admins. */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawalRequests.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminEmail: text('admin_email').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.withdrawalId, t.adminId] })],
);

export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    walletAddress: text('wallet_address').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('pending'),
    adminNotes: text('admin_notes'),
    /** A rejection's reason code (src/shared/reasons.ts); null: none recorded. */
    reasonCode: text('reason_code'),
    /** The abuse flags that had fired when it was rejected (told to the person); null: not rejected, or before this was kept. */
    decisionFlags: text('decision_flags').array(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Taken back by its owner (status cancelled): not a decision, so reviewedAt stays null. */
    cancelledAt: timestamptz('cancelled_at'),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The on-chain transaction that paid it (a Safe batch pays many in one), once recorded. */
    txHash: text('tx_hash').references(() => payoutBatches.txHash, { onDelete: 'restrict' }),
    paidAt: timestamptz('paid_at'),
    /**
     * How the address it pays stood when it was requested (DECISIONS §6, Wallet proof), raised to
     * `verified` (with the proof) when that address is proven before it is paid.
     */
    walletProof: text('wallet_proof', { enum: WALLET_PROOFS }).notNull().default('none'),
    walletProofId: uuid('wallet_proof_id').references(() => walletProofs.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('withdrawals_ambassador_idx').on(t.ambassadorId, t.status),
    index('withdrawals_wallet_proof_idx').on(t.walletProof, t.createdAt.desc(), t.id),
    check('withdrawals_wallet_proof_check', sql`${t.walletProof} in ('verified', 'exchange', 'none')`),
    index('withdrawals_unpaid_idx')
      .on(t.reviewedAt, t.id)
      .where(sql`${t.status} = 'approved' and ${t.txHash} is null`),
    check('withdrawals_paid_check', sql`${t.txHash} is null or ${t.status} = 'approved'`),
    index('withdrawals_ambassador_created_idx').on(t.ambassadorId, t.createdAt.desc()),
    index('withdrawals_status_created_idx').on(t.status, t.createdAt.desc(), t.id),
    index('withdrawals_created_idx').on(t.createdAt.desc(), t.id),
    index('withdrawals_wallet_idx').on(sql`lower(${t.walletAddress})`),
    index('withdrawals_reviewed_idx')
      .on(t.reviewedAt)
      .where(sql`${t.reviewedAt} is not null`),
    check('withdrawals_amount_check', sql`${t.amount} >= 50`),
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'cancelled')`),
    check('withdrawals_cancelled_check', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
  ],
);

/**
 * The one appeal of a rejected report or withdrawal (DECISIONS §6), decided by an admin other than
 * the one who made the decision. The decision appealed is kept here as it was made (a withdrawal
 * re-opened by an overturn loses its own). One per report or withdrawal, even under races.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['report', 'withdrawal', 'referral', 'task_claim'] }).notNull(),
    reportId: uuid('report_id').references(() => weeklyReports.id, { onDelete: 'cascade' }),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawalRequests.id, { onDelete: 'cascade' }),
    /** A refused referral (DECISIONS §7): its referrer appeals. */
    referralId: uuid('referral_id').references((): AnyPgColumn => referrals.id, { onDelete: 'cascade' }),
    /** A manual task claim refused at the review desk (DECISIONS §7, Tasks; ADR 029): its ambassador appeals. */
    taskClaimId: uuid('task_claim_id').references((): AnyPgColumn => taskClaims.id, { onDelete: 'cascade' }),
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'upheld', 'overturned'] })
      .notNull()
      .default('pending'),
    /** The decision appealed: its reason, facts, who made it and when; the window closes at `deadline`. */
    decisionReasonCode: text('decision_reason_code'),
    decisionFacts: text('decision_facts'),
    decisionFlags: text('decision_flags').array(),
    decisionBy: uuid('decision_by').references(() => users.id, { onDelete: 'set null' }),
    decisionAt: timestamptz('decision_at').notNull(),
    deadline: timestamptz('deadline').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The appeal's own decision. */
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    facts: text('facts'),
    /** An overturned report: the awards it was approved with. */
    gcmAwarded: money('gcm_awarded'),
    usdtAwarded: money('usdt_awarded'),
    /** 0 while pending, then 1: the queue's order (pending first, oldest first) is an index. */
    queueRank: integer('queue_rank')
      .notNull()
      .generatedAlwaysAs(sql`case when status = 'pending' then 0 else 1 end`),
  },
  (t) => [
    uniqueIndex('appeals_report_key')
      .on(t.reportId)
      .where(sql`${t.reportId} is not null`),
    uniqueIndex('appeals_withdrawal_key')
      .on(t.withdrawalId)
      .where(sql`${t.withdrawalId} is not null`),
    uniqueIndex('appeals_referral_key')
      .on(t.referralId)
      .where(sql`${t.referralId} is not null`),
    uniqueIndex('appeals_task_claim_key')
      .on(t.taskClaimId)
      .where(sql`${t.taskClaimId} is not null`),
    index('appeals_queue_idx').on(t.queueRank, t.createdAt, t.id),
    index('appeals_created_idx').on(t.createdAt),
    index('appeals_decided_idx')
      .on(t.decidedAt)
      .where(sql`${t.decidedAt} is not null`),
    check('appeals_status_check', sql`${t.status} in ('pending', 'upheld', 'overturned')`),
    check(
      'appeals_subject_check',
      sql`(${t.kind} = 'report' and ${t.reportId} is not null and ${t.withdrawalId} is null and ${t.referralId} is null and ${t.taskClaimId} is null) or (${t.kind} = 'withdrawal' and ${t.withdrawalId} is not null and ${t.reportId} is null and ${t.referralId} is null and ${t.taskClaimId} is null) or (${t.kind} = 'referral' and ${t.referralId} is not null and ${t.reportId} is null and ${t.withdrawalId} is null and ${t.taskClaimId} is null) or (${t.kind} = 'task_claim' and ${t.taskClaimId} is not null and ${t.reportId} is null and ${t.withdrawalId} is null and ${t.referralId} is null)`,
    ),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id').references(() => weeklyReports.id, { onDelete: 'restrict' }),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawalRequests.id, { onDelete: 'restrict' }),
    /** The task claim a reward credits (DECISIONS §7, Tasks). */
    taskClaimId: uuid('task_claim_id').references((): AnyPgColumn => taskClaims.id, { onDelete: 'restrict' }),
    /** A referral's credit to its referrer (DECISIONS §7): once per referral and currency. */
    referralId: uuid('referral_id').references((): AnyPgColumn => referrals.id, { onDelete: 'restrict' }),
    /** reward (a credit from a report or a task), referral (a referee qualified), prize and lottery (a month's close), or withdrawal (an approved payout, negative). */
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** The season (YYYY-MM) a prize or lottery win belongs to. */
    seasonMonth: text('season_month'),
    amount: money('amount').notNull(),
    description: text('description').notNull(),
    /** What the description says, as data (DECISIONS §7): its kind and values (shared/ledger-descriptions.ts); null for words of another kind. */
    descriptionKind: text('description_kind', { enum: LEDGER_KINDS }),
    descriptionValues: jsonb('description_values').$type<Record<string, string>>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('transactions_ambassador_created_idx').on(t.ambassadorId, t.createdAt.desc()),
    index('transactions_created_idx').on(t.createdAt),
    uniqueIndex('transactions_report_currency_key')
      .on(t.reportId, t.currency)
      .where(sql`${t.reportId} is not null`),
    // A task claim credits each currency once.
    uniqueIndex('transactions_task_claim_currency_key')
      .on(t.taskClaimId, t.currency)
      .where(sql`${t.taskClaimId} is not null`),
    uniqueIndex('transactions_withdrawal_key')
      .on(t.withdrawalId)
      .where(sql`${t.withdrawalId} is not null`),
    uniqueIndex('transactions_referral_currency_key')
      .on(t.referralId, t.currency)
      .where(sql`${t.referralId} is not null`),
    // A season pays each ambassador at most one prize and one lottery win.
    uniqueIndex('transactions_season_key')
      .on(t.seasonMonth, t.ambassadorId, t.type)
      .where(sql`${t.seasonMonth} is not null`),
    check(
      'transactions_sign_check',
      sql`(${t.type} = 'reward' and ${t.amount} > 0) or (${t.type} = 'referral' and ${t.amount} > 0 and ${t.referralId} is not null) or (${t.type} = 'withdrawal' and ${t.amount} < 0 and ${t.currency} = 'USDT') or (${t.type} in ('prize', 'lottery') and ${t.amount} > 0 and ${t.currency} = 'USDT' and ${t.seasonMonth} is not null)`,
    ),
  ],
);

export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: text('details'),
    /** What an edit changed: {field: [before, after]}. */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('admin_actions_created_idx').on(t.createdAt.desc())],
);

/**
 * A season is a UTC calendar month (DECISIONS §5). Its row is made once, when the month is first
 * seen. Protocol 1 (rows made before protocol 2 shipped): the draw's secret and its commitment, then
 * a close by a super admin with a typed beacon. Protocol 2: the month's terms (hashed and logged),
 * then the freeze (standings and entrants, the drand round), then the close by the product itself
 * once the round is fetched and verified; each step exactly once.
 */
export const seasons = pgTable(
  'seasons',
  {
    month: text('month').primaryKey(),
    /** 1 or 2 (DECISIONS §5): how the month's draw is made. */
    protocol: integer('protocol').$type<1 | 2>().notNull().default(1),
    /** Protocol 1: 64 lowercase hex characters; shown by no API before the close. Protocol 2 has no secret. */
    secret: text('secret'),
    commitment: text('commitment'),
    /** Protocol 2: the terms fixed when the month was first seen, and their hash. */
    terms: jsonb('terms').$type<SeasonTerms>(),
    termsHash: text('terms_hash'),
    /** Protocol 2: when the standings and entrants were frozen (within a minute of the month's end). */
    frozenAt: timestamptz('frozen_at'),
    /** Protocol 2: the drand round that is the beacon, its time, and once fetched its signature and randomness. */
    beaconRound: integer('beacon_round'),
    beaconAt: timestamptz('beacon_at'),
    beaconSignature: text('beacon_signature'),
    beaconRandomness: text('beacon_randomness'),
    /** Protocol 2: why the last fetch of the round failed (relays down, a bad signature), and when. */
    beaconError: text('beacon_error'),
    /** Protocol 2: the relays' latest round (verified) when the month froze, asked after the row was locked (DECISIONS §7). */
    latestRound: jsonb('latest_round').$type<{ round: number; signature: string }>(),
    beaconCheckedAt: timestamptz('beacon_checked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    beacon: text('beacon'),
    listHash: text('list_hash'),
    entrantCount: integer('entrant_count'),
    /** Frozen at the close (protocol 1) or the freeze (protocol 2): [{rank, ambassadorId, fullName, monthlyGcm, prizeUsdt, withheld?}]. */
    champions: jsonb('champions').$type<SeasonChampion[]>(),
    /** Drawn at the close: [{position, ambassadorId, fullName, prizeUsdt, withheld?}]. */
    lotteryWinners: jsonb('lottery_winners').$type<SeasonWinner[]>(),
  },
  (t) => [index('seasons_closed_idx').on(t.closedAt.desc()), check('seasons_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

export interface SeasonChampion {
  rank: number;
  ambassadorId: string;
  fullName: string;
  monthlyGcm: string;
  prizeUsdt: string;
  withheld?: { reason: string };
}
export interface SeasonWinner {
  position: number;
  ambassadorId: string;
  fullName: string;
  prizeUsdt: string;
  withheld?: { reason: string };
}

/**
 * The public programme log (DECISIONS §5): append-only, each entry chained to the one before by its
 * hash (src/shared/public-log.ts). No code path updates or deletes a row, and a trigger refuses it.
 * `at` is kept as the text that was hashed, so the answer is byte for byte what was hashed.
 */
export const publicLog = pgTable(
  'public_log',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: text('at').notNull(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  // The latest entry of a kind (the last month.summary, for the landing page's review times).
  (t) => [index('public_log_kind_idx').on(t.kind, t.seq)],
);

/**
 * Anchors of the public log's head on BSC (DECISIONS §7, Anchors on BSC): one row per anchored head,
 * written with the signed transaction before it is sent, so a restart sends the same transaction again
 * (never a second one); `logged_at` once `log.anchored` is in the log. One anchor is in flight at a time.
 */
export const logAnchors = pgTable('log_anchors', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  hash: text('hash').notNull(),
  txHash: text('tx_hash').notNull(),
  rawTx: text('raw_tx').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  loggedAt: timestamptz('logged_at'),
  /** When the transaction in `raw_tx` was signed: the first one at `created_at`, a repriced one later. */
  pricedAt: timestamptz('priced_at'),
  /** The hashes of the transactions this row's replaced (same nonce and data, a lower price): any of them may be the one mined. */
  earlierTxHashes: text('earlier_tx_hashes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/** The lottery's entrants of a closed season, as they were drawn from. */
export const seasonEntrants = pgTable(
  'season_entrants',
  {
    month: text('month')
      .notNull()
      .references(() => seasons.month, { onDelete: 'cascade' }),
    ambassadorId: uuid('ambassador_id').notNull(),
    fullName: text('full_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.ambassadorId] })],
);

export const systemSettings = pgTable('system_settings', {
  id: text('id').primaryKey().default('global'),
  reportSubmissionEnabled: boolean('report_submission_enabled').notNull().default(true),
  /** The monthly prizes, 1st to 5th, as money strings (DECISIONS §5). */
  prizesUsdt: jsonb('prizes_usdt').$type<string[]>().notNull().default(['300.00', '200.00', '100.00', '50.00', '50.00']),
  lotteryWinners: integer('lottery_winners').notNull().default(10),
  lotteryPrizeUsdt: money('lottery_prize_usdt').notNull().default('20.00'),
  /** The admin desk's service levels in business days (DECISIONS §6). */
  serviceLevels: jsonb('service_levels')
    .$type<{ reports: number; applications: number; withdrawals: number; appeals: number }>()
    .notNull()
    .default({ reports: 5, applications: 7, withdrawals: 2, appeals: 5 }),
  /** The referral rule (DECISIONS §7): null until a super admin sets one; a month's terms fix the one in force when it begins. */
  referral: jsonb('referral').$type<TReferralRule>(),
  lastUpdatedBy: uuid('last_updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** Bodies hold a setup link until delivered; they are cleared once sent. */
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on emails a person may turn off. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** What a person hears back: each decision about their application, report, withdrawal, prize, wallet or password. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The page of the app it is about, e.g. /wallet. */
    link: text('link'),
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id)],
);

/** Single-use recovery codes of two-factor sign-in, stored as their SHA-256. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Unlogged (migration 0030): counters, emptied by a crash of the database, whose writes wait for no WAL flush (ADR 029). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamptz('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Answers of requests sent with an Idempotency-Key, kept so a retry gets the same answer and no second effect. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and the validated body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

/**
 * Programme-wide figures of the public stats, kept in the same transaction as
 * each credit and each new ambassador, so a read never sums the ambassadors or the ledger. The
 * figures are the sums of its rows: 'global' (shard 0: the ambassador count and the credits `post`
 * writes) and CREDIT_SHARDS rows (shards 1 and up) that task claims' credits spread over, each
 * taking one no other transaction holds, so credits of different ambassadors do not wait for one
 * another's commit (ledger/service.ts creditParts; ADR 029).
 */
export const programmeTotals = pgTable(
  'programme_totals',
  {
    id: text('id').primaryKey().default('global'),
    shard: smallint('shard').notNull().default(0),
    ambassadorCount: integer('ambassador_count').notNull().default(0),
    totalGcmEarned: numeric('total_gcm_earned', { precision: 30, scale: 2 }).notNull().default('0'),
    totalUsdtEarned: numeric('total_usdt_earned', { precision: 30, scale: 2 }).notNull().default('0'),
  },
  (t) => [uniqueIndex('programme_totals_shard_key').on(t.shard)],
);

/**
 * The admin desk's figures per UTC day, kept by every mutation that changes one (in the same
 * transaction, written last: src/server/features/analytics/figures.ts), so the Analytics tab sums
 * at most a year of days instead of a year of ledger (a day is a few rows, `shard`). What happened is counted when it happened:
 * a later edit or deletion does not rewrite history.
 */
export const dailyFigures = pgTable(
  'daily_figures',
  {
    day: date('day').notNull(),
    /** 0: every change's own figures; 1 and up: task claims' credits, on the shard of programme_totals the claim took. A day's figures are the sums of its rows. */
    shard: smallint('shard').notNull().default(0),
    applications: integer('applications').notNull().default(0),
    approvedApplications: integer('approved_applications').notNull().default(0),
    reports: integer('reports').notNull().default(0),
    reviewedReports: integer('reviewed_reports').notNull().default(0),
    /** Ambassadors whose first report of the month was sent on this day: a month's sum is its active ambassadors. */
    activeAmbassadors: integer('active_ambassadors').notNull().default(0),
    gcmAwarded: numeric('gcm_awarded', { precision: 30, scale: 2 }).notNull().default('0'),
    usdtAwarded: numeric('usdt_awarded', { precision: 30, scale: 2 }).notNull().default('0'),
    withdrawnUsdt: numeric('withdrawn_usdt', { precision: 30, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);

/** The months in which an ambassador sent a report (the first one of each month counts them as active). */
export const activeMonths = pgTable(
  'active_months',
  {
    month: date('month').notNull(),
    ambassadorId: uuid('ambassador_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.ambassadorId] })],
);

/** How long reports waited for review, in tenths of an hour, counted per day of review: the weekly median comes from it. */
export const reviewTimes = pgTable(
  'review_times',
  {
    day: date('day').notNull(),
    tenths: integer('tenths').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.tenths] })],
);

/**
 * Accounts an ambassador linked (DECISIONS §7, Linked accounts): Telegram, Discord, X. A row lives
 * from its link to its unlink and is kept after it: the 30-day wait before another ambassador may
 * link the same account is read from the unlinked rows. While linked, a provider account belongs to
 * one ambassador, and an ambassador has one account per provider (two partial unique keys, which
 * also settle parallel links). Discord's OAuth tokens are sealed (auth/sealed.ts, purpose `discord`).
 */
export const linkedAccounts = pgTable(
  'linked_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['telegram', 'discord', 'x'] }).notNull(),
    /** The Telegram or Discord user id; the X handle in lower case. */
    externalId: text('external_id').notNull(),
    handle: text('handle').notNull(),
    /** What proved the link: the widget's auth_date, the post's URL and a SHA-256 of its text, the Discord user. */
    evidence: jsonb('evidence').$type<Record<string, string>>().notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: timestamptz('token_expires_at'),
    linkedAt: timestamptz('linked_at').notNull(),
    unlinkedAt: timestamptz('unlinked_at'),
  },
  (t) => [
    uniqueIndex('linked_accounts_live_account_key')
      .on(t.provider, t.externalId)
      .where(sql`${t.unlinkedAt} is null`),
    uniqueIndex('linked_accounts_live_ambassador_key')
      .on(t.ambassadorId, t.provider)
      .where(sql`${t.unlinkedAt} is null`),
    index('linked_accounts_account_idx').on(t.provider, t.externalId, t.unlinkedAt.desc()),
    check('linked_accounts_provider_check', sql`${t.provider} in ('telegram', 'discord', 'x')`),
  ],
);

/** A Discord authorisation under way: its `state`, bound to the session that started it, single use, valid 10 minutes. */
export const linkStates = pgTable(
  'link_states',
  {
    /** SHA-256 of the state sent to Discord. */
    stateHash: text('state_hash').primaryKey(),
    sessionSid: text('session_sid')
      .notNull()
      .references(() => sessions.sid, { onDelete: 'cascade' }),
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('link_states_expires_idx').on(t.expiresAt)],
);

/**
 * Tasks checked by machine (DECISIONS §7, Tasks): what an admin asks for, of one of five kinds, with
 * its parameters (checked by the kind's schema in src/shared/schemas/tasks.ts), a reward and a period.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    kind: text('kind', { enum: ['telegram_member', 'discord_member', 'x_post', 'bsc_transfer', 'manual'] }).notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    gcmReward: money('gcm_reward').notNull(),
    usdtReward: money('usdt_reward').notNull(),
    period: text('period', { enum: ['once', 'weekly', 'monthly'] }).notNull(),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    index('tasks_list_idx').on(t.createdAt.desc(), t.id),
    check('tasks_kind_check', sql`${t.kind} in ('telegram_member', 'discord_member', 'x_post', 'bsc_transfer', 'manual')`),
    check('tasks_period_check', sql`${t.period} in ('once', 'weekly', 'monthly')`),
    check('tasks_reward_check', sql`${t.gcmReward} >= 0 and ${t.usdtReward} >= 0`),
  ],
);

/**
 * Claims of tasks: each attempt is a row, with its verdict and the evidence that decided it. At most
 * one credited or pending claim per task, ambassador and period (a partial unique key, which also
 * settles parallel claims), and a transaction counts for one claim ever (another).
 */
export const taskClaims = pgTable(
  'task_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'restrict' }),
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'cascade' }),
    /** `once`, the ISO week (`2026-W48`) or the month (`2026-11`), in UTC. */
    periodKey: text('period_key').notNull(),
    /**
     * The claim's number among this ambassador's claims of this task and period, from 1: unique
     * (task_claims_attempt_key), so claims made at once cannot pass TASK_ATTEMPTS_PER_PERIOD.
     */
    attempt: smallint('attempt').notNull(),
    status: text('status', { enum: ['credited', 'refused', 'pending_review'] }).notNull(),
    reasonCode: text('reason_code'),
    evidence: jsonb('evidence').$type<Record<string, string>>().notNull(),
    postUrl: text('post_url'),
    /** Lower case. */
    txHash: text('tx_hash'),
    note: text('note'),
    gcmAwarded: money('gcm_awarded').notNull().default('0'),
    usdtAwarded: money('usdt_awarded').notNull().default('0'),
    createdAt: timestamptz('created_at').notNull(),
    /** A manual claim's review: when, by whom, the facts given. */
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    facts: text('facts'),
  },
  (t) => [
    uniqueIndex('task_claims_period_key')
      .on(t.taskId, t.ambassadorId, t.periodKey)
      .where(sql`${t.status} in ('credited', 'pending_review')`),
    uniqueIndex('task_claims_attempt_key').on(t.taskId, t.ambassadorId, t.periodKey, t.attempt),
    uniqueIndex('task_claims_tx_key')
      .on(t.txHash)
      .where(sql`${t.txHash} is not null and ${t.status} in ('credited', 'pending_review')`),
    index('task_claims_ambassador_idx').on(t.ambassadorId, t.taskId, t.periodKey),
    index('task_claims_list_idx').on(t.createdAt.desc(), t.id),
    index('task_claims_status_idx').on(t.status, t.createdAt),
    check('task_claims_status_check', sql`${t.status} in ('credited', 'refused', 'pending_review')`),
  ],
);

/**
 * Referrals (DECISIONS §7): one per application that came with a referrer's code, from the
 * application on. It qualifies once, by the rule of the month it qualifies in (kept here with the
 * month), and is then credited (once: transactions_referral_currency_key), held with the flags
 * referrer and referee share, or not credited (the month's cap reached, the referrer suspended).
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The referrer; null once their record is removed (they earn nothing new). */
    referrerId: uuid('referrer_id').references(() => ambassadors.id, { onDelete: 'set null' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => ambassadorApplications.id, { onDelete: 'cascade' }),
    /** The referee's ambassador record, once the application is approved. */
    refereeId: uuid('referee_id').references(() => ambassadors.id, { onDelete: 'set null' }),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('applied'),
    /** Held: the first flag; not credited: monthly_cap or referrer_suspended; refused: the reason code. */
    reason: text('reason'),
    /** Every flag referrer and referee shared when it qualified. */
    flags: text('flags').array(),
    /** The month whose terms' rule it qualified under, and that rule. */
    month: text('month'),
    rule: jsonb('rule').$type<TReferralRule>(),
    qualifiedAt: timestamptz('qualified_at'),
    creditedAt: timestamptz('credited_at'),
    /** An admin's release or refusal of a held referral. */
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    reasonCode: text('reason_code'),
    facts: text('facts'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('referrals_application_key').on(t.applicationId),
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt.desc()),
    index('referrals_referee_idx').on(t.refereeId),
    index('referrals_status_idx').on(t.status, t.createdAt),
    // The month's cap counts the referrer's credited referrals of the month.
    index('referrals_credited_idx')
      .on(t.referrerId, t.month)
      .where(sql`${t.status} = 'credited'`),
    check('referrals_status_check', sql`${t.status} in ('applied', 'not_approved', 'credited', 'held', 'refused', 'not_credited')`),
  ],
);

/**
 * API keys (DECISIONS §7): a named, scoped, read-only key for the admin lists. Only the SHA-256 of
 * the key is kept, beside its first characters (`prefix`, not secret) by which it is found before
 * the hashes are compared in constant time. A revoked key keeps its row (the activity log names it).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_prefix_idx').on(t.prefix)],
);

/**
 * Webhook endpoints (DECISIONS §7): where events go, which ones, and the secret that signs them
 * (sealed at rest, auth/sealed.ts). During a rotation the previous secret signs too, until
 * `rotatingUntil`. `failingSince`: the first failure since the last success (an endpoint failing
 * for days is turned off by itself).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description'),
  events: jsonb('events').$type<string[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason', { enum: ['manual', 'gone', 'failing'] }),
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  rotatingUntil: timestamptz('rotating_until'),
  failingSince: timestamptz('failing_since'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * The webhook outbox: an event, written in the transaction of the change it reports, with the body
 * every attempt sends byte for byte (`{type, timestamp, data}`); its id is the `webhook-id`.
 */
export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey(),
  type: text('type').notNull(),
  body: text('body').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * One event to one endpoint, written with the event. `seq` orders an endpoint's deliveries: only its
 * oldest pending one is sent (a later one waits while an earlier one is retried). `lockedUntil`:
 * the lease of the instance making an attempt, so each attempt is made by one.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    lockedUntil: timestamptz('locked_until'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_seq_idx').on(t.seq),
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId, t.seq)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.seq.desc()),
  ],
);

/** Each attempt of a delivery, for the delivery log: when, the answer's status and first bytes, the next retry. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull(),
    status: integer('status'),
    response: text('response'),
    durationMs: integer('duration_ms').notNull(),
    nextRetryAt: timestamptz('next_retry_at'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at)],
);

/**
 * Clicks on referral links (DECISIONS §7): one per visitor a day, the visitor known by the HMAC of
 * its first-party device id and, for a browser that keeps no cookie, by the HMAC of its address and
 * user agent: a row is counted only when neither was seen that day for the referrer.
 */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
    network: text('network').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ambassadorId, t.day, t.visitor] }), uniqueIndex('referral_clicks_network_key').on(t.ambassadorId, t.day, t.network)],
);

/**
 * Where an ambassador signs in from (DECISIONS §7, Referrals): the HMACs of the browser's device id and
 * of the network address, kept at each sign-in, so a referral is held when its referee shares a browser
 * or a network with the referrer's sign-ins, not only with the referrer's application.
 */
export const ambassadorSightings = pgTable(
  'ambassador_sightings',
  {
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['device', 'network'] }).notNull(),
    hash: text('hash').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ambassadorId, t.kind, t.hash] }), check('ambassador_sightings_kind_check', sql`${t.kind} in ('device', 'network')`)],
);

/**
 * The Telegram outbox (DECISIONS §7, Telegram and Discord; ADR 032): a message to a chat (an
 * ambassador's private chat, the channel, an answer to a command), written in the transaction of
 * the change it reports, with the HTML text Telegram receives (every text a person wrote escaped).
 * `dedupeKey` names the change (a notification's id, a month's freeze, an update's id): the same
 * change never writes a second message. `seq` orders a chat's messages: only its oldest pending one
 * is sent. `lockedUntil`: the lease of the instance sending it.
 */
export const telegramMessages = pgTable(
  'telegram_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    chatId: text('chat_id').notNull(),
    /** The account whose chat it is (null: the channel, or a chat not linked): a 403 turns its notifyTelegram off. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['notification', 'channel', 'reply'] }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'dropped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    lockedUntil: timestamptz('locked_until'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    /** The last refusal or failure, as Telegram described it (never the token). */
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('telegram_messages_seq_idx').on(t.seq),
    uniqueIndex('telegram_messages_dedupe_key').on(t.dedupeKey),
    index('telegram_messages_pending_idx')
      .on(t.chatId, t.seq)
      .where(sql`${t.status} = 'pending'`),
    index('telegram_messages_sent_idx').on(t.sentAt.desc()),
    index('telegram_messages_chat_sent_idx').on(t.chatId, t.sentAt.desc()),
    index('telegram_messages_attempt_idx').on(t.lastAttemptAt.desc()),
  ],
);

/**
 * Discord Linked Roles pushes (DECISIONS §7; ADR 032): `metadata` (the application's metadata
 * records, at start) or `user` (an ambassador's role connection, with their own OAuth token, read
 * at send time so a push always carries the current values). At most one pending push of each
 * kind per ambassador: a change while one waits adds nothing.
 */
export const discordRolePushes = pgTable(
  'discord_role_pushes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['metadata', 'user'] }).notNull(),
    ambassadorId: uuid('ambassador_id').references(() => ambassadors.id, { onDelete: 'cascade' }),
    /** `sending` while an instance holds its lease (a change meanwhile queues a new `pending` push). */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    /** What was pushed (user pushes): the metadata values. */
    pushed: jsonb('pushed').$type<Record<string, unknown>>(),
    sentAt: timestamptz('sent_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('discord_role_pushes_pending_key')
      .on(t.kind, sql`coalesce(${t.ambassadorId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.status} = 'pending'`),
    index('discord_role_pushes_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);
