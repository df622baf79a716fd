/**
 * A real SMTP server for tests (smtp-server on loopback): the product's
 * nodemailer transport talks to it over a socket, and tests read what arrived.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  raw: string;
  /** The subject, its encoded words (RFC 2047: a subject in another language) decoded. */
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** The HTML part, decoded ('' when there is none). */
  html: string;
  /** The message's top-level headers, by lower-case name, unfolded. */
  headers: Record<string, string>;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes a non-ASCII header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function topHeaders(raw: string): Record<string, string> {
  const [top = ''] = raw.split(/\r?\n\r?\n/, 1);
  const headers: Record<string, string> = {};
  for (const line of top.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = decodeWords(line.slice(at + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const soft = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i] ?? '';
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** What a setup (or reset) link's email holds: `waitFor(to, { containing: SETUP_LINK })`. */
export const SETUP_LINK = '/setup-password/';

/**
 * The text/plain part of a nodemailer message (single part or multipart/alternative). Parts are
 * split only on the message's own boundary: a quoted-printable body may break a line just before
 * a `--` (a setup token holds dashes), and that line is text, not a boundary.
 */
export function plainText(raw: string, type = 'text/plain'): string {
  const [top = ''] = raw.split(/\r?\n\r?\n/, 1);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(top.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  const escaped = boundary?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = escaped ? raw.split(new RegExp(`\\r?\\n--${escaped}(?:--)?[ \\t]*(?:\\r?\\n|$)`)) : [];
  for (const part of [...parts.slice(1), raw]) {
    const [head = '', ...bodyParts] = part.split(/\r?\n\r?\n/);
    if (part !== raw && /content-type:\s*multipart\//i.test(head)) {
      const inner = plainText(part, type);
      if (inner !== part) return inner;
    }
    if (!new RegExp(`content-type:\\s*${type.replace('/', '\\/')}`, 'i').test(head)) continue;
    const body = bodyParts.join('\n\n');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    return body;
  }
  return raw;
}

export interface TestSmtp {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /**
   * Resolves with the first (or next unseen) message to this address; with `containing`, the first
   * whose text holds it (an applicant is emailed a receipt before the setup link, say).
   */
  waitFor(to: string, options?: { timeoutMs?: number; after?: number; containing?: string }): Promise<ReceivedMail>;
  /** The setup link's token in a message. */
  setupToken(mail: ReceivedMail): string;
  close(): Promise<void>;
  /** Refuse (down) or accept (up) deliveries, to test outages. */
  setDown(down: boolean): void;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let down = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (down) return callback(new Error('Service unavailable (test outage)'));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = topHeaders(raw);
        const html = plainText(raw, 'text/html');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
          subject: headers.subject ?? '',
          text: plainText(raw),
          html: html === raw ? '' : html,
          headers,
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    async waitFor(to, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 15_000);
      const after = options.after ?? 0;
      const wanted = to.toLowerCase();
      for (;;) {
        const found = messages.slice(after).find((m) => m.to.includes(wanted) && (!options.containing || m.text.includes(options.containing)));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No email to ${to} within the time allowed (have: ${messages.map((m) => m.to.join(',')).join('; ')})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    setupToken(mail) {
      const match = /\/setup-password\/([A-Za-z0-9_-]+)/.exec(mail.text);
      if (!match?.[1]) throw new Error(`No setup link in email: ${mail.text}`);
      return match[1];
    },
    setDown(value) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
