/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, DECISIONS §7): a secret is `whsec_` +
 * base64 of random bytes; `webhook-signature` is `v1,` + base64 HMAC-SHA-256 of
 * `{webhook-id}.{webhook-timestamp}.{body}` keyed with the secret's decoded bytes, one per secret
 * in force, separated by spaces (both during a rotation).
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** One `v1,<base64>` signature of a message with one secret. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery attempt, signed with each of `secrets`. */
export function webhookHeaders(secrets: string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestamp, body)).join(' '),
  };
}
