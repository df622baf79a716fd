/**
 * The test mailbox reads what the product's transport really sends: nodemailer builds the
 * message, and the text part comes back whole even when a line of it starts with `--`.
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { plainText } from './smtp.js';

async function compose(text: string, html?: string): Promise<string> {
  const message = new MailComposer({ from: 'a@example.com', to: 'b@example.com', subject: 'S', text, ...(html ? { html } : {}) });
  const raw = await message.compile().build();
  return raw.toString('utf8');
}

describe('the test mailbox', () => {
  it('reads the text part of a multipart message whose text has a line starting with --', async () => {
    const text = `Your link:\n--not-a-boundary\nhttps://example.com/setup-password/ab--cd_${'x'.repeat(90)}\nThanks, café`;
    const raw = await compose(text, '<p>Your link</p>');
    expect(raw).toMatch(/multipart\/alternative/);
    expect(plainText(raw).replace(/\r\n/g, '\n')).toBe(text);
  });

  it('reads a single-part message', async () => {
    const text = 'Hello ünïcode\n--dashes at the start\nend';
    expect(
      plainText(await compose(text))
        .replace(/\r\n/g, '\n')
        .trimEnd(),
    ).toBe(text);
  });
});
