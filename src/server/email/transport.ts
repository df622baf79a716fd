import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string> | undefined;
}

export interface MailTransport {
  /** smtp delivers; log prints the email (link included) for development. */
  kind: 'smtp' | 'log';
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string, from: string): MailTransport {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    // Shorter than the outbox lease, so a slow server cannot make two senders overlap.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(email) {
      await transporter.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.headers ? { headers: email.headers } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}

export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'log',
    async send(email) {
      log.info({ to: email.to, subject: email.subject }, `Email (SMTP_URL is not set, so it is printed here):\n${email.text}`);
    },
    close() {},
  };
}
