/** The emails the product sends: plain text and simple HTML, one link each. */
import { PROGRAMME_NAME, SETUP_LINK_VALID_HOURS, SUPPORT_EMAIL } from '../../shared/limits.ts';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function layout(greeting: string, paragraphs: string[], link: string, button: string): EmailContent['html'] {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:560px;margin:auto">
<h2 style="color:#166534">${escapeHtml(PROGRAMME_NAME)}</h2>
<p>${escapeHtml(greeting)}</p>
${body}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#166534;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#475569">Or open this link: ${escapeHtml(link)}</p>
<p style="font-size:13px;color:#475569">The link is valid for ${SETUP_LINK_VALID_HOURS} hours and can be used once. If it has expired, contact ${escapeHtml(SUPPORT_EMAIL)}.</p>
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
