/** Business constants of spec §9 and the server's own bounds, named once. */
export const MIN_WITHDRAWAL_USDT = '50.00';
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MIN_MOTIVATION_LENGTH = 50;
export const MIN_REPORT_LENGTH = 50;
export const MAX_LONG_TEXT_LENGTH = 10_000;
export const MAX_NAME_LENGTH = 120;
export const MAX_URL_LENGTH = 300;
export const MAX_NOTES_LENGTH = 2_000;
/** The longest beacon a protocol 1 month's close takes. */
export const MAX_BEACON_LENGTH = 200;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_FOLLOWERS = 2_000_000_000;
export const SETUP_LINK_VALID_HOURS = 48;
export const SETUP_REDIRECT_SECONDS = 3;
export const UNAUTHORIZED_REDIRECT_MS = 500;
export const DASHBOARD_RECENT_REPORTS = 5;
/** My Reports: reports per page. */
export const MY_REPORTS_PAGE_SIZE = 10;
/** GET /api/reports without ?limit answers this many at most (the dashboard's count and chart read them all). */
export const OWN_REPORTS_MAX = 1000;
export const ACTIVITY_LOG_ENTRIES = 50;
export const APPLICATION_PLATFORM_CHIPS = 2;
export const LEADERBOARD_SIZE = 100;
export const LEADERBOARD_PODIUM_MIN = 3;
export const TOP_PRIZE_WINNERS = 5;
export const LOTTERY_WINNERS = 10;
export const DEFAULT_REPORT_WEEK_DAYS = 7;
export const ADMIN_LIST_DEFAULT_LIMIT = 50;
export const ADMIN_LIST_MAX_LIMIT = 500;
export const APPLICATION_REVIEW_DAYS = '5-7';
export const REPORT_REVIEW_DAYS = '3-5';
/** numeric(20,2): 18 digits before the point. */
export const MONEY_MAX_INTEGER_DIGITS = 18;
export const SUPPORT_EMAIL = 'support@goalchain.io';
export const CONTACT_URL = 'https://t.me/goalchain_official';
export const TWITTER_URL = 'https://x.com/goalchain';
export const APP_EXTERNAL_URL = 'https://app.goalchain.io';
export const PROGRAMME_NAME = 'GoalChain Ambassador Program';
/** The product's own name, as in 'the GoalChain ambassador programme'. */
export const PROGRAMME_BRAND = 'GoalChain';

/** The most entries one page of the public log holds. */
export const LOG_PAGE_MAX = 500;

/** The leaderboard places a month pays. */
export const PRIZE_PLACES = 5;

/** The most lottery winners a month may draw. */
export const MAX_LOTTERY_WINNERS = 100;

/** The largest monthly cap a super admin may set (a cap, not a target). */
export const MAX_REFERRAL_CAP = 10_000;

/** The chain a wallet proof's message is bound to: BNB Smart Chain, where payouts are made. */
export const WALLET_PROOF_CHAIN_ID = 56;
