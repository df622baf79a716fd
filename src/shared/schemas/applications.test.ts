import { describe, expect, it } from 'vitest';
import { localizedCount } from '../money-input.ts';
import { APPLICATION_MESSAGES, BLANK_APPLICATION, ZApplicationForm, ZApplicationInput } from './applications.ts';

/** The blank form with two platforms ticked, one of them with an address that is not one. */
const EMPTY = { ...BLANK_APPLICATION, socialMediaPlatforms: ['instagram', 'twitter'], twitterHandle: 'not a url' };

function messagesOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the application schemas', () => {
  it('the form checks the ticked platforms’ URLs along with every other field', () => {
    const messages = messagesOf(ZApplicationForm.safeParse(EMPTY));
    expect(messages.instagramHandle).toBe(APPLICATION_MESSAGES.platformUrlsRequired);
    expect(messages.twitterHandle).toBe('Please enter a valid Twitter/X profile URL (e.g., x.com/username)');
    expect(messages.fullName).toBe(APPLICATION_MESSAGES.fullName);
    expect(messages.totalFollowers).toBe(APPLICATION_MESSAGES.totalFollowers);
  });

  it('the request schema checks them once the fields are valid, as before', () => {
    expect(messagesOf(ZApplicationInput.safeParse(EMPTY)).instagramHandle).toBeUndefined();
    const valid = {
      ...EMPTY,
      fullName: 'Kofi Mensah',
      email: 'kofi@example.com',
      country: 'Ghana',
      personalTelegramHandle: '@kofi',
      twitterHandle: 'x.com/kofi',
      totalFollowers: '300',
      whyJoin: 'x'.repeat(50),
      experience: 'y'.repeat(50),
    };
    expect(messagesOf(ZApplicationInput.safeParse(valid))).toEqual({ instagramHandle: APPLICATION_MESSAGES.platformUrlsRequired });
    expect(messagesOf(ZApplicationForm.safeParse(valid))).toEqual({ instagramHandle: APPLICATION_MESSAGES.platformUrlsRequired });
    expect(ZApplicationForm.parse({ ...valid, instagramHandle: 'instagram.com/kofi.m' }).twitterHandle).toBe('https://x.com/kofi');
    // A bare username is not the profile URL spec §5 asks for.
    expect(messagesOf(ZApplicationForm.safeParse({ ...valid, instagramHandle: '@kofi.m', twitterHandle: 'mariasantos' }))).toEqual({
      instagramHandle: 'Please enter a valid Instagram profile URL (e.g., instagram.com/username)',
      twitterHandle: 'Please enter a valid Twitter/X profile URL (e.g., x.com/username)',
    });
  });

  it('reads typed followers as the page groups digits, and refuses other text with the reason (issue 40)', () => {
    // The field's message, if any (the blank form's other fields have their own).
    const followers = (typed: string, locale: string) =>
      messagesOf(ZApplicationForm.safeParse({ ...BLANK_APPLICATION, totalFollowers: localizedCount(typed, locale) })).totalFollowers;
    const value = followers;
    // Read: no message on the field.
    expect(value('1.000', 'es')).toBeUndefined();
    expect(value('1.000', 'pt-BR')).toBeUndefined();
    expect(value('1,000', 'en')).toBeUndefined();
    expect(value(' 12 500 ', 'tr')).toBeUndefined();
    // Not a count as the page writes one: 'use digits only', not 'must be a positive number'.
    expect(followers('1,000', 'es')).toBe(APPLICATION_MESSAGES.followersDigits);
    expect(followers('1.000', 'en')).toBe(APPLICATION_MESSAGES.followersDigits);
    expect(followers('1,5', 'pt-BR')).toBe(APPLICATION_MESSAGES.followersDigits);
    expect(followers('mil', 'es')).toBe(APPLICATION_MESSAGES.followersDigits);
    // Nothing typed keeps the spec's message; the server says the same of a string it is sent.
    expect(followers('', 'es')).toBe(APPLICATION_MESSAGES.totalFollowers);
    expect(messagesOf(ZApplicationInput.safeParse({ ...BLANK_APPLICATION, totalFollowers: '1.000' })).totalFollowers).toBe(
      APPLICATION_MESSAGES.followersDigits,
    );
    expect(messagesOf(ZApplicationInput.safeParse({ ...BLANK_APPLICATION, totalFollowers: -3 })).totalFollowers).toBe(APPLICATION_MESSAGES.totalFollowers);
  });
});
