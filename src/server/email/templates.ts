/**
 * The emails the product sends: plain text and simple HTML, one link each, in the recipient's saved
 * language (DECISIONS §6; i18n.ts: the `email` catalog, English when there is none). Amounts and
 * dates are written as the pages write them: in English '1,200 GCM', '$12.50 USDT', 'Nov 17'
 * (src/shared/format.ts), in another language its own way (src/shared/localized-format.ts).
 *
 * Texts are English message ids, `i18n._('…{name}…', { name })`: `npm run i18n:extract` reads them
 * into src/locales/<language>/email.po, with the shared texts an email says (a reason, a flag:
 * `/*i18n*\/` in src/shared, lingui.config.ts EMAIL_SHARED_SOURCES).
 */
import type { I18n } from '@lingui/core';
import { gcmIn, monthIn, placeIn, usdtIn, utcTimeIn, weekIn } from '../../shared/localized-format.ts';
import { APPLICATION_REVIEW_DAYS, PROGRAMME_NAME, SETUP_LINK_VALID_HOURS, SUPPORT_EMAIL } from '../../shared/limits.ts';
import { ABUSE_FLAG_TEXT } from '../../shared/abuse-flags.ts';
import type { AbuseFlag } from '../../shared/enums.ts';
import { APPEAL_WINDOW_DAYS, REASONS, reasonHref, type ReasonCode } from '../../shared/reasons.ts';
import { emailI18n } from '../i18n.ts';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** The recipient's saved language (null or left out: English). */
type Lang = string | null | undefined;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function setupFooter(i18n: I18n): string {
  return i18n._('The link is valid for {hours} hours and can be used once. If it has expired, contact {support}.', {
    hours: String(SETUP_LINK_VALID_HOURS),
    support: SUPPORT_EMAIL,
  });
}

function questions(i18n: I18n): string {
  return i18n._('Questions? Write to {support}.', { support: SUPPORT_EMAIL });
}

function greetingOf(i18n: I18n, name: string): string {
  return i18n._('Hello {name},', { name });
}

function layout(i18n: I18n, greeting: string, paragraphs: string[], link: string, button: string, footer: string): EmailContent['html'] {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html><html lang="${escapeHtml(i18n.locale)}"><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:560px;margin:auto">
<h2 style="color:#166534">${escapeHtml(PROGRAMME_NAME)}</h2>
<p>${escapeHtml(greeting)}</p>
${body}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#166534;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(i18n._('Or open this link: {link}', { link }))}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(footer)}</p>
</body></html>`;
}

function simple(i18n: I18n, subject: string, greetingName: string, lines: string[], link: string, button: string, footer: string): EmailContent {
  const greeting = greetingOf(i18n, greetingName);
  const text = [greeting, '', ...lines, '', link, '', footer].join('\n');
  return { subject, text, html: layout(i18n, greeting, lines, link, button, footer) };
}

/** The line that ends every email a person may turn off (RFC 8058's header carries the one-click link). */
export function unsubscribeLine(page: string, locale?: Lang): string {
  const i18n = emailI18n(locale);
  return i18n._('You can turn these emails off on your profile page, or unsubscribe: {link}', { link: page });
}

/** An email a person may turn off, ending with the unsubscribe line in both its parts: the text's, and the HTML's with the page linked. */
export function withUnsubscribe(content: EmailContent, page: string, locale?: Lang): EmailContent {
  const i18n = emailI18n(locale);
  const mark = '\u0000link\u0000';
  const line = escapeHtml(i18n._('You can turn these emails off on your profile page, or unsubscribe: {link}', { link: mark })).replace(
    mark,
    `<a href="${escapeHtml(page)}">${escapeHtml(page)}</a>`,
  );
  const paragraph = `<p style="font-size:13px;color:#475569">${line}</p>\n`;
  const end = content.html.lastIndexOf('</body>');
  return {
    ...content,
    text: `${content.text}\n\n${unsubscribeLine(page, locale)}`,
    html: end === -1 ? `${content.html}\n${paragraph}` : `${content.html.slice(0, end)}${paragraph}${content.html.slice(end)}`,
  };
}

export type SetupReason = 'approved' | 'admin-invite' | 'reset';

export function setupPasswordEmail(reason: SetupReason, name: string, link: string, locale?: Lang): EmailContent {
  const i18n = emailI18n(locale);
  const programme = PROGRAMME_NAME;
  const greeting = greetingOf(i18n, name);
  const intro =
    reason === 'approved'
      ? i18n._('Congratulations! Your application to the {programme} has been approved.', { programme })
      : reason === 'admin-invite'
        ? i18n._('You have been added as an admin of the {programme}.', { programme })
        : i18n._('A new password setup link was requested for your {programme} account.', { programme });
  const subject =
    reason === 'approved'
      ? i18n._('Welcome to the {programme}: create your password', { programme })
      : reason === 'admin-invite'
        ? i18n._('You are now an admin of the {programme}', { programme })
        : i18n._('Set a new password for the {programme}', { programme });
  const action = i18n._('Create your password with the link below, then log in.');
  const footer = setupFooter(i18n);
  const text = [greeting, '', intro, action, '', link, '', footer].join('\n');
  return { subject, text, html: layout(i18n, greeting, [intro, action], link, i18n._('Create Password'), footer) };
}

/** A season's prize or lottery win, credited to the wallet at the month's close. */
export function prizeWonEmail(win: { name: string; month: string; rank: number | null; amountUsdt: string; appUrl: string; locale?: Lang }): EmailContent {
  const i18n = emailI18n(win.locale);
  const greeting = greetingOf(i18n, win.name);
  const amount = usdtIn(win.amountUsdt, win.locale);
  const programme = PROGRAMME_NAME;
  const label = monthIn(win.month, win.locale);
  const place = win.rank === null ? null : placeIn(win.rank, win.locale);
  const subject = place
    ? i18n._('You won {place} place in {label}: {amount}', { place, label, amount })
    : i18n._('You won the {label} lottery: {amount}', { label, amount });
  const lines = [
    place
      ? i18n._('Congratulations! You won {place} place in {label} in the {programme}.', { place, label, programme })
      : i18n._('Congratulations! You won the {label} lottery in the {programme}.', { label, programme }),
    i18n._('{amount} has been credited to your wallet. You can withdraw it to your BEP20 address from the Wallet page.', { amount }),
  ];
  const link = `${win.appUrl}/wallet`;
  const hallOfFame = `${win.appUrl}/hall-of-fame`;
  const text = [greeting, '', ...lines, '', link, '', i18n._('The draw can be verified by anyone on the Hall of Fame page: {link}', { link: hallOfFame })].join(
    '\n',
  );
  return {
    subject,
    text,
    html: layout(
      i18n,
      greeting,
      lines,
      link,
      i18n._('Open your wallet'),
      i18n._('Anyone can verify the draw on the Hall of Fame page: {link}', { link: hallOfFame }),
    ),
  };
}

/**
 * A new application's receipt: what happens next. The answer to an address that already has an
 * account or an application is an email too (alreadyAppliedEmail), so the form's answer and the
 * mail it causes are the same whoever applies (DECISIONS §5, Admin accounts).
 */
export function applicationReceivedEmail(a: { name: string; appUrl: string; locale?: Lang }): EmailContent {
  const i18n = emailI18n(a.locale);
  const programme = PROGRAMME_NAME;
  return simple(
    i18n,
    i18n._('We received your application'),
    a.name,
    [
      i18n._('Thank you for applying to the {programme}. We received your application.', { programme }),
      i18n._(
        'The team reviews every application within {days} business days, and we will email you either way: if you are approved, with a link to create your password and log in; if not, with our answer.',
        { days: String(APPLICATION_REVIEW_DAYS) },
      ),
      i18n._('There is nothing more to do for now.'),
    ],
    a.appUrl,
    i18n._('Visit the programme'),
    questions(i18n),
  );
}

/**
 * Someone applied with an address that already has an account or an application under review. The
 * form answered as for anyone; the owner of the address learns it here (and can ignore it).
 */
export function alreadyAppliedEmail(notice: { name: string; reason: 'account' | 'application'; appUrl: string; locale?: Lang }): EmailContent {
  const i18n = emailI18n(notice.locale);
  const programme = PROGRAMME_NAME;
  const lines =
    notice.reason === 'account'
      ? [
          i18n._('Someone (perhaps you) applied to the {programme} with this email address, which already has an account.', { programme }),
          i18n._('There is nothing to do: sign in with your email and password. If you did not apply, you can ignore this email.'),
        ]
      : [
          i18n._('Someone (perhaps you) applied to the {programme} with this email address, which already has an application under review.', { programme }),
          i18n._('There is nothing to do: we will email you when it has been reviewed. If you did not apply, you can ignore this email.'),
        ];
  const subject =
    notice.reason === 'account'
      ? i18n._('You already have a {programme} account', { programme })
      : i18n._('Your {programme} application is under review', { programme });
  return simple(
    i18n,
    subject,
    notice.name,
    lines,
    `${notice.appUrl}/auth`,
    notice.reason === 'account' ? i18n._('Sign in') : i18n._('Open the site'),
    questions(i18n),
  );
}

/** A security email: always sent, whatever the account's email preferences. */
export function walletChangedEmail(change: { name: string; address: string | null; holdHours: number; appUrl: string; locale?: Lang }): EmailContent {
  const i18n = emailI18n(change.locale);
  const programme = PROGRAMME_NAME;
  const lines = [
    change.address
      ? i18n._('The USDT (BEP20) payout address of your {programme} account was changed to {address}.', { programme, address: change.address })
      : i18n._('The USDT (BEP20) payout address of your {programme} account was removed.', { programme }),
    i18n._('For your security, withdrawals are paused for {hours} hours after a wallet address change.', { hours: String(change.holdHours) }),
    i18n._('If you did not make this change, sign in and change your password now, and write to {support}.', { support: SUPPORT_EMAIL }),
  ];
  return simple(
    i18n,
    i18n._('Your {programme} payout address was changed', { programme }),
    change.name,
    lines,
    `${change.appUrl}/wallet`,
    i18n._('Open your wallet'),
    i18n._('This is a security notice about your account.'),
  );
}

/** A withdrawal was paid: the proof is the transaction on the block explorer. */
export function withdrawalPaidEmail(paid: { name: string; amountUsdt: string; address: string; txUrl: string; appUrl: string; locale?: Lang }): EmailContent {
  const i18n = emailI18n(paid.locale);
  const amount = usdtIn(paid.amountUsdt, paid.locale);
  const lines = [
    i18n._('Your withdrawal of {amount} to {address} has been paid.', { amount, address: paid.address }),
    i18n._('You can see the transaction on the block explorer: {link}', { link: paid.txUrl }),
  ];
  return simple(
    i18n,
    i18n._('Your withdrawal of {amount} has been paid', { amount }),
    paid.name,
    lines,
    `${paid.appUrl}/wallet`,
    i18n._('Open your wallet'),
    questions(i18n),
  );
}

/** Why a decision went against someone (DECISIONS §6): the code's name and rule, or 'no reason recorded'. */
export interface DecisionReason {
  code: ReasonCode | null;
  /** The reviewer's facts, written as text (the HTML part escapes every line). */
  facts: string | null;
  /** Reports and withdrawals: until when it can be appealed (ISO 8601). */
  appealDeadline?: string | null | undefined;
  /** How the facts are introduced: on a report the feedback, on a withdrawal the team's note (as before reasons). */
  factsLabel?: 'feedback' | 'note' | undefined;
  /** The abuse flags that had fired when it was decided ([]: none had); left out or null: not kept, nothing said. */
  flags?: readonly string[] | null | undefined;
}

/** What an abuse flag means in the recipient's language (its words are written once, in src/shared/abuse-flags.ts); null for a flag this server does not know. */
export function flagText(i18n: I18n, flag: string): string | null {
  return Object.hasOwn(ABUSE_FLAG_TEXT, flag) ? i18n._(ABUSE_FLAG_TEXT[flag as AbuseFlag]) : null;
}

/** A reason code's name and rule in the recipient's language (written once, in src/shared/reasons.ts). */
export function reasonTexts(i18n: I18n, code: ReasonCode): { label: string; rule: string } {
  return { label: i18n._(REASONS[code].label), rule: i18n._(REASONS[code].rule) };
}

/**
 * The lines a decision's email and notification carry: the reason and its rule with the link to it on
 * /rules, the facts, and for what can be appealed the deadline. Plain text: the HTML layout escapes
 * each line, so facts never become markup.
 */
export function decisionReasonLines(reason: DecisionReason, appUrl: string, locale?: Lang): string[] {
  const i18n = emailI18n(locale);
  let lines: string[];
  if (reason.code) {
    const { label, rule } = reasonTexts(i18n, reason.code);
    lines = [i18n._('Reason: {label}. {rule}', { label, rule }), i18n._('The rule: {link}', { link: `${appUrl}${reasonHref(reason.code)}` })];
  } else lines = [i18n._('Reason: no reason recorded.')];
  if (reason.facts) {
    const facts = reason.facts;
    lines.push(
      reason.factsLabel === 'feedback'
        ? i18n._('Feedback from the team: {facts}', { facts })
        : reason.factsLabel === 'note'
          ? i18n._('Note from the team: {facts}', { facts })
          : i18n._('What the reviewer found: {facts}', { facts }),
    );
  }
  if (reason.flags) {
    const told = reason.flags.map((flag) => flagText(i18n, flag)).filter((text): text is string => text !== null);
    lines.push(
      told.length
        ? i18n._('An automatic check had flagged this when it was decided (a flag asks the reviewer to look closer; the decision is theirs): {flags}', {
            flags: told.join(' '),
          })
        : i18n._('No automatic check had flagged this when it was decided.'),
    );
  }
  if (reason.appealDeadline) {
    lines.push(
      i18n._(
        "You can appeal this decision once, until {deadline} ({days} days): open it in the app and choose 'Appeal'. An admin other than the one who decided reads your appeal.",
        { deadline: utcTimeIn(reason.appealDeadline, locale), days: String(APPEAL_WINDOW_DAYS) },
      ),
    );
  }
  return lines;
}

/** An ambassador was suspended, with the reason (DECISIONS §6). */
export function ambassadorSuspendedEmail(s: { name: string; reason: DecisionReason; appUrl: string; locale?: Lang }): EmailContent {
  const i18n = emailI18n(s.locale);
  return simple(
    i18n,
    i18n._('Your {programme} account was suspended', { programme: PROGRAMME_NAME }),
    s.name,
    [
      i18n._('Your ambassador account was suspended: you can still sign in, but reports and withdrawals are paused while it lasts.'),
      ...decisionReasonLines({ code: s.reason.code, facts: s.reason.facts }, s.appUrl, s.locale),
    ],
    `${s.appUrl}/dashboard`,
    i18n._('Open your dashboard'),
    questions(i18n),
  );
}

/** What an appeal was about: a report's week (and, overturned, its awards), a withdrawal's amount, or a task claim's task (and, overturned, its reward). */
export type AppealSubject =
  | { kind: 'report'; week: { start: string; end: string } | null; awards?: { gcm: string; usdt: string } }
  | { kind: 'withdrawal'; amount: string | null }
  | { kind: 'task'; title: string | null; awards?: { gcm: string; usdt: string } };

/** An appeal's subject in words ("your weekly report for Nov 9 - Nov 15, 2026"), in the recipient's language. */
function appealSubjectWords(i18n: I18n, about: AppealSubject, locale: Lang): string {
  if (about.kind === 'report')
    return about.week ? i18n._('your weekly report for {week}', { week: weekIn(about.week.start, about.week.end, locale) }) : i18n._('your weekly report');
  if (about.kind === 'task') return about.title ? i18n._('your claim of the task “{title}”', { title: about.title }) : i18n._('your task claim');
  return about.amount ? i18n._('your withdrawal of {amount}', { amount: usdtIn(about.amount, locale) }) : i18n._('your withdrawal');
}

/** An appeal was decided: upheld (why) or overturned (what changed). */
export function appealDecidedEmail(a: {
  name: string;
  about: AppealSubject;
  overturned: boolean;
  facts: string | null;
  link: string;
  locale?: Lang;
}): EmailContent {
  const i18n = emailI18n(a.locale);
  const subject = appealSubjectWords(i18n, a.about, a.locale);
  const outcome =
    a.about.kind === 'report' || a.about.kind === 'task'
      ? i18n._('It is approved: {gcm} GCM and {usdt} credited.', {
          gcm: gcmIn(a.about.awards?.gcm ?? '0', a.locale),
          usdt: usdtIn(a.about.awards?.usdt ?? '0', a.locale),
        })
      : i18n._('It is pending again and waits for an admin’s decision; the amount is held for it.');
  const lines = [
    a.overturned
      ? i18n._('Your appeal was accepted: the decision on {subject} was overturned. {outcome}', { subject, outcome })
      : i18n._('Your appeal about {subject} was reviewed by another admin, and the decision stands.', { subject }),
  ];
  if (a.facts) lines.push(a.overturned ? i18n._('Note: {facts}', { facts: a.facts }) : i18n._('Why: {facts}', { facts: a.facts }));
  if (!a.overturned) lines.push(i18n._('An appeal can be made once; this decision is final.'));
  return simple(
    i18n,
    a.overturned ? i18n._('Your appeal was accepted') : i18n._('Your appeal was reviewed'),
    a.name,
    lines,
    a.link,
    a.about.kind === 'report' ? i18n._('Open your report') : a.about.kind === 'task' ? i18n._('Open your tasks') : i18n._('Open your wallet'),
    questions(i18n),
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
  locale?: Lang;
}): EmailContent {
  const i18n = emailI18n(r.locale);
  const week = weekIn(r.week.start, r.week.end, r.locale);
  const lines = r.approved
    ? [
        i18n._('Your weekly report for {week} was approved: {gcm} GCM and {usdt} have been credited to your wallet.', {
          week,
          gcm: gcmIn(r.gcm, r.locale),
          usdt: usdtIn(r.usdt, r.locale),
        }),
      ]
    : [i18n._('Your weekly report for {week} was not approved this time.', { week })];
  if (!r.approved && r.reason) lines.push(...decisionReasonLines(r.reason, r.appUrl, r.locale));
  else if (r.notes) lines.push(i18n._('Feedback from the team: {facts}', { facts: r.notes }));
  return simple(
    i18n,
    r.approved ? i18n._('Your weekly report was approved') : i18n._('Your weekly report was reviewed'),
    r.name,
    lines,
    r.reportId ? `${r.appUrl}/reports?id=${encodeURIComponent(r.reportId)}` : `${r.appUrl}/reports`,
    i18n._('Open your report'),
    questions(i18n),
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
  locale?: Lang;
}): EmailContent {
  const i18n = emailI18n(w.locale);
  const amount = usdtIn(w.amount, w.locale);
  const lines = w.approved
    ? [
        i18n._(
          'Your withdrawal of {amount} to {address} was approved and will be paid soon. You will get another email with the transaction once it is paid.',
          { amount, address: w.address },
        ),
      ]
    : [i18n._('Your withdrawal of {amount} was rejected. The amount is available in your wallet again.', { amount })];
  if (!w.approved && w.reason) lines.push(...decisionReasonLines(w.reason, w.appUrl, w.locale));
  else if (w.notes) lines.push(i18n._('Note from the team: {facts}', { facts: w.notes }));
  return simple(
    i18n,
    w.approved ? i18n._('Your withdrawal of {amount} was approved', { amount }) : i18n._('Your withdrawal of {amount} was rejected', { amount }),
    w.name,
    lines,
    `${w.appUrl}/wallet`,
    i18n._('Open your wallet'),
    questions(i18n),
  );
}

/** A security email: always sent. */
export function passwordChangedEmail(p: { name: string; appUrl: string; locale?: Lang }): EmailContent {
  const i18n = emailI18n(p.locale);
  const programme = PROGRAMME_NAME;
  return simple(
    i18n,
    i18n._('Your {programme} password was changed', { programme }),
    p.name,
    [
      i18n._('The password of your {programme} account was changed, and your other sessions were signed out.', { programme }),
      i18n._("If this was not you, use 'Forgot password?' on the sign-in page at once and write to {support}.", { support: SUPPORT_EMAIL }),
    ],
    `${p.appUrl}/auth`,
    i18n._('Sign in'),
    i18n._('This is a security notice about your account.'),
  );
}

/** A kind, final answer to an application, with its reason (DECISIONS §6; an application has no appeal). */
export function applicationRejectedEmail(a: { name: string; appUrl: string; reason?: Omit<DecisionReason, 'flags'>; locale?: Lang }): EmailContent {
  const i18n = emailI18n(a.locale);
  const programme = PROGRAMME_NAME;
  return simple(
    i18n,
    i18n._('Your application to the {programme}', { programme }),
    a.name,
    [
      i18n._('Thank you for applying to the {programme} and for the time you gave it.', { programme }),
      i18n._('After reviewing your application, we are not able to offer you a place at this time. We wish you every success with your community.'),
      // The reason and the reviewer's words, never the abuse checks that fired (issue 40): for people
      // behind a shared address they read as an accusation, and for a farmer they are a lesson.
      ...(a.reason ? decisionReasonLines({ code: a.reason.code, facts: a.reason.facts }, a.appUrl, a.locale) : []),
      i18n._('This decision is about this application only: you are welcome to send a new application later, for example once your community has grown.'),
    ],
    a.appUrl,
    i18n._('Visit the programme'),
    questions(i18n),
  );
}

export function forgotPasswordEmail(f: { name: string; link: string; locale?: Lang }): EmailContent {
  const i18n = emailI18n(f.locale);
  const programme = PROGRAMME_NAME;
  return simple(
    i18n,
    i18n._('Set a new password for the {programme}', { programme }),
    f.name,
    [
      i18n._('Someone (hopefully you) asked to set a new password for your {programme} account.', { programme }),
      i18n._('Choose a new password with the link below. If you did not ask, you can ignore this email.'),
    ],
    f.link,
    i18n._('Set a new password'),
    i18n._('The link is valid for 1 hour and can be used once. Using it signs out your other sessions.'),
  );
}

/** What changed in the admin team's trust, with its data: the notice says it in the recipient's language. */
export type SecurityNoticeWhat =
  | { kind: 'admin_added'; name: string; email: string }
  | { kind: 'password_set'; email: string }
  | { kind: 'mfa_on'; email: string; underSetPassword: boolean }
  | { kind: 'mfa_off'; email: string };

/** The notice's line: in English without `i18n`, else in its language. */
export function securityNoticeLine(what: SecurityNoticeWhat, i18n: I18n = emailI18n(null)): string {
  switch (what.kind) {
    case 'admin_added':
      return i18n._('A new admin was added: {name} <{email}>', { name: what.name, email: what.email });
    case 'password_set':
      return i18n._('A super admin set the password of admin {email}', { email: what.email });
    case 'mfa_on':
      return what.underSetPassword
        ? i18n._('Admin {email} turned on two-factor sign-in while their password was one a super admin set', { email: what.email })
        : i18n._('Admin {email} turned on two-factor sign-in', { email: what.email });
    case 'mfa_off':
      return i18n._('Admin {email} turned off two-factor sign-in', { email: what.email });
  }
}

/**
 * To every admin when the admin team's trust changes (issue 24): an admin added, a super admin
 * setting an admin's password, an admin turning two-factor on or off. A security email: always sent,
 * in the recipient's saved language.
 */
export function adminSecurityNoticeEmail(n: {
  name: string;
  what: SecurityNoticeWhat;
  by: string;
  /** ISO 8601. */ at: string;
  appUrl: string;
  locale?: Lang;
}): EmailContent {
  const i18n = emailI18n(n.locale);
  const what = securityNoticeLine(n.what, i18n);
  return simple(
    i18n,
    i18n._('Security notice: {what}', { what }),
    n.name,
    [
      i18n._('{what}, by {by}, on {at}.', { what, by: n.by, at: utcTimeIn(n.at, n.locale) }),
      i18n._(
        'Every admin of the programme receives this notice, and the admin console shows it for 7 days. If you did not expect it, tell the other admins at once: it can be a step towards approving a payout alone.',
      ),
    ],
    `${n.appUrl}/admin`,
    i18n._('Open the admin console'),
    i18n._('This is a security notice sent to every admin.'),
  );
}

/**
 * To every admin when a webhook endpoint is turned off by itself (DECISIONS §7): it answered 410 Gone,
 * or its deliveries failed for days. In English (an endpoint is the integration's operator's, who reads its English log).
 */
export function webhookOffEmail(n: {
  name: string;
  url: string;
  reason: 'gone' | 'failing';
  days: number;
  /** ISO 8601. */ at: string;
  appUrl: string;
}): EmailContent {
  const i18n = emailI18n(null);
  const why = n.reason === 'gone' ? 'it answered 410 Gone' : `its deliveries have failed for ${n.days} days`;
  return simple(
    i18n,
    `Webhook endpoint turned off: ${n.url}`,
    n.name,
    [
      `The webhook endpoint ${n.url} was turned off on ${utcTimeIn(n.at, null)}: ${why}.`,
      'Events are not queued for it while it is off. A super admin can turn it on again in the admin console once it takes events, and replay what it missed from its delivery log.',
    ],
    `${n.appUrl}/admin`,
    'Open the admin console',
    'This notice is sent to every admin.',
  );
}

/**
 * At the freeze, to every champion and entrant of a month's draw (DECISIONS §5, protocol 2 step 2):
 * the list hash and the drand round, before the round exists. Their inboxes witness that the list
 * was fixed before anyone could know the beacon. Greets each person by their name, as every other
 * email does (issue 40: it said 'ambassador').
 */
export function drawEntryEmail(d: {
  /** The recipient's name. */
  name: string;
  label: string;
  listHash: string;
  round: number;
  /** The round's time, ISO 8601. */
  at: string;
  appUrl: string;
  place: string | null;
  locale?: Lang;
}): EmailContent {
  const i18n = emailI18n(d.locale);
  const at = utcTimeIn(d.at, d.locale);
  const { label, listHash, place } = d;
  const round = String(d.round);
  const lines = [
    place
      ? i18n._('You finished {place} in {label}: your prize is credited when the month closes.', { place, label })
      : i18n._("You are in {label}'s draw: list hash {listHash}, drawn from drand round {round} on {at}.", { label, listHash, round, at }),
    i18n._(
      'The list of entrants was frozen and published before the beacon existed: list hash {listHash}. The winners are drawn from drand round {round}, published on {at}. Keep this email: it shows the list was fixed before anyone could know the result.',
      { listHash, round, at },
    ),
  ];
  return simple(
    i18n,
    place ? i18n._('You finished {place} in {label}', { place, label }) : i18n._("You are in {label}'s draw", { label }),
    d.name,
    lines,
    `${d.appUrl}/hall-of-fame`,
    i18n._('See the draw'),
    i18n._('Anyone can check the draw on the Hall of Fame page.'),
  );
}
