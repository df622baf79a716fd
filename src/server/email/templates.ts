/**
 * The emails the product sends: plain text and simple HTML, one link each. Amounts and dates are
 * written as the pages write them (src/shared/format.ts): '1,200 GCM', '$12.50 USDT', 'Nov 17'.
 */
import { formatDateTime, formatGcm, formatUsdt, formatWeek } from '../../shared/format.ts';
import { APPLICATION_REVIEW_DAYS, PROGRAMME_NAME, SETUP_LINK_VALID_HOURS, SUPPORT_EMAIL } from '../../shared/limits.ts';
import { APPEAL_WINDOW_DAYS, NO_REASON_TEXT, REASONS, reasonHref, type ReasonCode } from '../../shared/reasons.ts';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** '$1,200.50 USDT': the pages' dollar amount, and the token it is paid in. */
function usdt(amount: string): string {
  return `${formatUsdt(amount)} USDT`;
}

/** 'Nov 17, 2026, 2:05 PM UTC': an email is read anywhere, so the time says its zone. */
function utcTime(iso: string): string {
  return `${formatDateTime(iso, { timeZone: 'UTC' })} UTC`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function layout(
  greeting: string,
  paragraphs: string[],
  link: string,
  button: string,
  footer = `The link is valid for ${SETUP_LINK_VALID_HOURS} hours and can be used once. If it has expired, contact ${SUPPORT_EMAIL}.`,
): EmailContent['html'] {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:560px;margin:auto">
<h2 style="color:#166534">${escapeHtml(PROGRAMME_NAME)}</h2>
<p>${escapeHtml(greeting)}</p>
${body}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#166534;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#475569">Or open this link: ${escapeHtml(link)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(footer)}</p>
</body></html>`;
}

export type SetupReason = 'approved' | 'admin-invite' | 'reset';

export function setupPasswordEmail(reason: SetupReason, name: string, link: string): EmailContent {
  const greeting = `Hello ${name},`;
  const intro =
    reason === 'approved'
      ? `Congratulations! Your application to the ${PROGRAMME_NAME} has been approved.`
      : reason === 'admin-invite'
        ? `You have been added as an admin of the ${PROGRAMME_NAME}.`
        : `A new password setup link was requested for your ${PROGRAMME_NAME} account.`;
  const subject =
    reason === 'approved'
      ? `Welcome to the ${PROGRAMME_NAME}: create your password`
      : reason === 'admin-invite'
        ? `You are now an admin of the ${PROGRAMME_NAME}`
        : `Set a new password for the ${PROGRAMME_NAME}`;
  const action = 'Create your password with the link below, then log in.';
  const text = [
    greeting,
    '',
    intro,
    action,
    '',
    link,
    '',
    `The link is valid for ${SETUP_LINK_VALID_HOURS} hours and can be used once. If it has expired, contact ${SUPPORT_EMAIL}.`,
  ].join('\n');
  return { subject, text, html: layout(greeting, [intro, action], link, 'Create Password') };
}

/** A season's prize or lottery win, credited to the wallet at the month's close. */
export function prizeWonEmail(win: { name: string; label: string; place: string | null; amountUsdt: string; appUrl: string }): EmailContent {
  const greeting = `Hello ${win.name},`;
  const what = win.place ? `${win.place} place in ${win.label}` : `the ${win.label} lottery`;
  const subject = `You won ${what}: ${usdt(win.amountUsdt)}`;
  const lines = [
    `Congratulations! You won ${what} in the ${PROGRAMME_NAME}.`,
    `${usdt(win.amountUsdt)} has been credited to your wallet. You can withdraw it to your BEP20 address from the Wallet page.`,
  ];
  const link = `${win.appUrl}/wallet`;
  const text = [greeting, '', ...lines, '', link, '', `The draw can be verified by anyone on the Hall of Fame page: ${win.appUrl}/hall-of-fame`].join('\n');
  return {
    subject,
    text,
    html: layout(greeting, lines, link, 'Open your wallet', `Anyone can verify the draw on the Hall of Fame page: ${win.appUrl}/hall-of-fame`),
  };
}

/**
 * A new application's receipt: what happens next. The answer to an address that already has an
 * account or an application is an email too (alreadyAppliedEmail), so the form's answer and the
 * mail it causes are the same whoever applies (DECISIONS §5, Admin accounts).
 */
export function applicationReceivedEmail(a: { name: string; appUrl: string }): EmailContent {
  return simple(
    'We received your application',
    a.name,
    [
      `Thank you for applying to the ${PROGRAMME_NAME}. We received your application.`,
      `The team reviews every application within ${APPLICATION_REVIEW_DAYS} business days, and we will email you either way: if you are approved, with a link to create your password and log in; if not, with our answer.`,
      'There is nothing more to do for now.',
    ],
    a.appUrl,
    'Visit the programme',
    `Questions? Write to ${SUPPORT_EMAIL}.`,
  );
}

/**
 * Someone applied with an address that already has an account or an application under review. The
 * form answered as for anyone; the owner of the address learns it here (and can ignore it).
 */
export function alreadyAppliedEmail(notice: { name: string; reason: 'account' | 'application'; appUrl: string }): EmailContent {
  const greeting = `Hello ${notice.name},`;
  const lines =
    notice.reason === 'account'
      ? [
          `Someone (perhaps you) applied to the ${PROGRAMME_NAME} with this email address, which already has an account.`,
          'There is nothing to do: sign in with your email and password. If you did not apply, you can ignore this email.',
        ]
      : [
          `Someone (perhaps you) applied to the ${PROGRAMME_NAME} with this email address, which already has an application under review.`,
          'There is nothing to do: we will email you when it has been reviewed. If you did not apply, you can ignore this email.',
        ];
  const link = `${notice.appUrl}/auth`;
  const subject = notice.reason === 'account' ? `You already have a ${PROGRAMME_NAME} account` : `Your ${PROGRAMME_NAME} application is under review`;
  const footer = `Questions? Write to ${SUPPORT_EMAIL}.`;
  const text = [greeting, '', ...lines, '', link, '', footer].join('\n');
  return { subject, text, html: layout(greeting, lines, link, notice.reason === 'account' ? 'Sign in' : 'Open the site', footer) };
}

/** A security email: always sent, whatever the account's email preferences. */
export function walletChangedEmail(change: { name: string; address: string | null; holdHours: number; appUrl: string }): EmailContent {
  const greeting = `Hello ${change.name},`;
  const lines = [
    change.address
      ? `The USDT (BEP20) payout address of your ${PROGRAMME_NAME} account was changed to ${change.address}.`
      : `The USDT (BEP20) payout address of your ${PROGRAMME_NAME} account was removed.`,
    `For your security, withdrawals are paused for ${change.holdHours} hours after a wallet address change.`,
    `If you did not make this change, sign in and change your password now, and write to ${SUPPORT_EMAIL}.`,
  ];
  const link = `${change.appUrl}/wallet`;
  const footer = 'This is a security notice about your account.';
  const text = [greeting, '', ...lines, '', link, '', footer].join('\n');
  return { subject: `Your ${PROGRAMME_NAME} payout address was changed`, text, html: layout(greeting, lines, link, 'Open your wallet', footer) };
}

/** A withdrawal was paid: the proof is the transaction on the block explorer. */
export function withdrawalPaidEmail(paid: { name: string; amountUsdt: string; address: string; txUrl: string; appUrl: string }): EmailContent {
  const greeting = `Hello ${paid.name},`;
  const lines = [
    `Your withdrawal of ${usdt(paid.amountUsdt)} to ${paid.address} has been paid.`,
    `You can see the transaction on the block explorer: ${paid.txUrl}`,
  ];
  const link = `${paid.appUrl}/wallet`;
  const footer = `Questions? Write to ${SUPPORT_EMAIL}.`;
  const text = [greeting, '', ...lines, '', link, '', footer].join('\n');
  return { subject: `Your withdrawal of ${usdt(paid.amountUsdt)} has been paid`, text, html: layout(greeting, lines, link, 'Open your wallet', footer) };
}

function simple(subject: string, greetingName: string, lines: string[], link: string, button: string, footer: string): EmailContent {
  const greeting = `Hello ${greetingName},`;
  const text = [greeting, '', ...lines, '', link, '', footer].join('\n');
  return { subject, text, html: layout(greeting, lines, link, button, footer) };
}

const QUESTIONS = `Questions? Write to ${SUPPORT_EMAIL}.`;

/** Why a decision went against someone (DECISIONS §6): the code's name and rule, or 'no reason recorded'. */
export interface DecisionReason {
  code: ReasonCode | null;
  /** The reviewer's facts, written as text (the HTML part escapes every line). */
  facts: string | null;
  /** Reports and withdrawals: until when it can be appealed (ISO 8601). */
  appealDeadline?: string | null | undefined;
  /** How the facts are introduced ('Feedback from the team' on a report, as before reasons). */
  factsLabel?: string | undefined;
}

/**
 * The lines a decision's email and notification carry: the reason and its rule with the link to it on
 * /rules, the facts, and for what can be appealed the deadline. Plain text: the HTML layout escapes
 * each line, so facts never become markup.
 */
export function decisionReasonLines(reason: DecisionReason, appUrl: string): string[] {
  const lines = reason.code
    ? [`Reason: ${REASONS[reason.code].label}. ${REASONS[reason.code].rule}`, `The rule: ${appUrl}${reasonHref(reason.code)}`]
    : [`Reason: ${NO_REASON_TEXT}.`];
  if (reason.facts) lines.push(`${reason.factsLabel ?? 'What the reviewer found'}: ${reason.facts}`);
  if (reason.appealDeadline) {
    lines.push(
      `You can appeal this decision once, until ${utcTime(reason.appealDeadline)} (${APPEAL_WINDOW_DAYS} days): open it in the app and choose 'Appeal'. An admin other than the one who decided reads your appeal.`,
    );
  }
  return lines;
}

/** An ambassador was suspended, with the reason (DECISIONS §6). */
export function ambassadorSuspendedEmail(s: { name: string; reason: DecisionReason; appUrl: string }): EmailContent {
  return simple(
    `Your ${PROGRAMME_NAME} account was suspended`,
    s.name,
    [
      'Your ambassador account was suspended: you can still sign in, but reports and withdrawals are paused while it lasts.',
      ...decisionReasonLines({ code: s.reason.code, facts: s.reason.facts }, s.appUrl),
    ],
    `${s.appUrl}/dashboard`,
    'Open your dashboard',
    QUESTIONS,
  );
}

/** An appeal was decided: upheld (why) or overturned (what changed). */
export function appealDecidedEmail(a: {
  name: string;
  kind: 'report' | 'withdrawal';
  /** What was appealed, in words ("your weekly report for Nov 9 - Nov 15"). */
  subject: string;
  overturned: boolean;
  /** Overturned: what it means now. */
  outcome: string;
  facts: string | null;
  link: string;
}): EmailContent {
  const lines = [
    a.overturned
      ? `Your appeal was accepted: the decision on ${a.subject} was overturned. ${a.outcome}`
      : `Your appeal about ${a.subject} was reviewed by another admin, and the decision stands.`,
  ];
  if (a.facts) lines.push(`${a.overturned ? 'Note' : 'Why'}: ${a.facts}`);
  if (!a.overturned) lines.push('An appeal can be made once; this decision is final.');
  return simple(
    a.overturned ? 'Your appeal was accepted' : 'Your appeal was reviewed',
    a.name,
    lines,
    a.link,
    a.kind === 'report' ? 'Open your report' : 'Open your wallet',
    QUESTIONS,
  );
}

/** A weekly report was reviewed; the admin's notes are the feedback. */
export function reportReviewedEmail(r: {
  name: string;
  approved: boolean;
  /** The report's week, its first and last days (YYYY-MM-DD). */
  week: { start: string; end: string };
  gcm: string;
  usdt: string;
  notes: string | null;
  appUrl: string;
  /** The report, opened on My Reports with the feedback. */
  reportId?: string;
  /** A rejection's reason, facts and appeal deadline (DECISIONS §6); the notes are then the facts. */
  reason?: DecisionReason;
}): EmailContent {
  const week = formatWeek(r.week.start, r.week.end);
  const lines = r.approved
    ? [`Your weekly report for ${week} was approved: ${formatGcm(r.gcm)} GCM and ${usdt(r.usdt)} have been credited to your wallet.`]
    : [`Your weekly report for ${week} was not approved this time.`];
  if (!r.approved && r.reason) lines.push(...decisionReasonLines(r.reason, r.appUrl));
  else if (r.notes) lines.push(`Feedback from the team: ${r.notes}`);
  return simple(
    r.approved ? 'Your weekly report was approved' : 'Your weekly report was reviewed',
    r.name,
    lines,
    r.reportId ? `${r.appUrl}/reports?id=${encodeURIComponent(r.reportId)}` : `${r.appUrl}/reports`,
    'Open your report',
    QUESTIONS,
  );
}

export function withdrawalDecidedEmail(w: {
  name: string;
  approved: boolean;
  amount: string;
  address: string;
  notes: string | null;
  appUrl: string;
  /** A rejection's reason, facts and appeal deadline (DECISIONS §6); the notes are then the facts. */
  reason?: DecisionReason;
}): EmailContent {
  const amount = usdt(w.amount);
  const lines = w.approved
    ? [`Your withdrawal of ${amount} to ${w.address} was approved and will be paid soon. You will get another email with the transaction once it is paid.`]
    : [`Your withdrawal of ${amount} was rejected. The amount is available in your wallet again.`];
  if (!w.approved && w.reason) lines.push(...decisionReasonLines(w.reason, w.appUrl));
  else if (w.notes) lines.push(`Note from the team: ${w.notes}`);
  return simple(
    w.approved ? `Your withdrawal of ${amount} was approved` : `Your withdrawal of ${amount} was rejected`,
    w.name,
    lines,
    `${w.appUrl}/wallet`,
    'Open your wallet',
    QUESTIONS,
  );
}

/** A security email: always sent. */
export function passwordChangedEmail(p: { name: string; appUrl: string }): EmailContent {
  return simple(
    `Your ${PROGRAMME_NAME} password was changed`,
    p.name,
    [
      `The password of your ${PROGRAMME_NAME} account was changed, and your other sessions were signed out.`,
      `If this was not you, use 'Forgot password?' on the sign-in page at once and write to ${SUPPORT_EMAIL}.`,
    ],
    `${p.appUrl}/auth`,
    'Sign in',
    'This is a security notice about your account.',
  );
}

/** A kind, final answer to an application, with its reason (DECISIONS §6; an application has no appeal). */
export function applicationRejectedEmail(a: { name: string; appUrl: string; reason?: DecisionReason }): EmailContent {
  return simple(
    `Your application to the ${PROGRAMME_NAME}`,
    a.name,
    [
      `Thank you for applying to the ${PROGRAMME_NAME} and for the time you gave it.`,
      'After reviewing your application, we are not able to offer you a place at this time. We wish you every success with your community.',
      ...(a.reason ? decisionReasonLines({ code: a.reason.code, facts: a.reason.facts }, a.appUrl) : []),
    ],
    a.appUrl,
    'Visit the programme',
    QUESTIONS,
  );
}

export function forgotPasswordEmail(f: { name: string; link: string }): EmailContent {
  return simple(
    `Set a new password for the ${PROGRAMME_NAME}`,
    f.name,
    [
      `Someone (hopefully you) asked to set a new password for your ${PROGRAMME_NAME} account.`,
      'Choose a new password with the link below. If you did not ask, you can ignore this email.',
    ],
    f.link,
    'Set a new password',
    `The link is valid for 1 hour and can be used once. Using it signs out your other sessions.`,
  );
}

/**
 * To every admin when the admin team's trust changes (issue 24): an admin added, a super admin
 * setting an admin's password, an admin turning two-factor sign-in off. A security email: always sent.
 */
export function adminSecurityNoticeEmail(n: { name: string; what: string; by: string; /** ISO 8601. */ at: string; appUrl: string }): EmailContent {
  return simple(
    `Security notice: ${n.what}`,
    n.name,
    [
      `${n.what}, by ${n.by}, on ${utcTime(n.at)}.`,
      'Every admin of the programme receives this notice, and the admin console shows it for 7 days. If you did not expect it, tell the other admins at once: it can be a step towards approving a payout alone.',
    ],
    `${n.appUrl}/admin`,
    'Open the admin console',
    'This is a security notice sent to every admin.',
  );
}

/**
 * At the freeze, to every champion and entrant of a month's draw (DECISIONS §5, protocol 2 step 2):
 * the list hash and the drand round, before the round exists. Their inboxes witness that the list
 * was fixed before anyone could know the beacon. Greets by the programme, not the name: one text
 * for everyone, so a month of any size is told in a few statements.
 */
export function drawEntryEmail(d: {
  label: string;
  listHash: string;
  round: number;
  /** The round's time, ISO 8601. */
  at: string;
  appUrl: string;
  place: string | null;
}): EmailContent {
  const at = utcTime(d.at);
  const lines = [
    d.place
      ? `You finished ${d.place} in ${d.label}: your prize is credited when the month closes.`
      : `You are in ${d.label}'s draw: list hash ${d.listHash}, drawn from drand round ${d.round} on ${at}.`,
    `The list of entrants was frozen and published before the beacon existed: list hash ${d.listHash}. The winners are drawn from drand round ${d.round}, published on ${at}. Keep this email: it shows the list was fixed before anyone could know the result.`,
  ];
  return simple(
    d.place ? `You finished ${d.place} in ${d.label}` : `You are in ${d.label}'s draw`,
    'ambassador',
    lines,
    `${d.appUrl}/hall-of-fame`,
    'See the draw',
    'Anyone can check the draw on the Hall of Fame page.',
  );
}
