import { describe, expect, it } from 'vitest';
import { BLANK_APPLICATION, ZApplicationForm, ZApplicationInput } from './applications.ts';
import { APPLICATION_MESSAGES } from './messages.ts';

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
});
