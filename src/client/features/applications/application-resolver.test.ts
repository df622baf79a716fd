import { describe, expect, it } from 'vitest';
import { BLANK_APPLICATION, type TApplicationInput } from '../../../shared/schemas/applications.ts';
import { APPLICATION_MESSAGES } from '../../../shared/schemas/messages.ts';
import { applicationResolver } from './application-resolver.ts';

/** The followers field's message when `typed` is typed on a page in `locale`, or undefined when it is read. */
async function followers(typed: string, locale: string): Promise<string | undefined> {
  const resolve = applicationResolver(() => locale);
  const values: TApplicationInput = { ...BLANK_APPLICATION, totalFollowers: typed };
  const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return result.errors.totalFollowers?.message;
}

describe('the application form’s followers (issue 40: "1.000" typed the Spanish way was refused as not positive)', () => {
  it('reads the page language’s grouping and digits alone', async () => {
    expect(await followers('1.000', 'es')).toBeUndefined();
    expect(await followers('1.250.000', 'pt-BR')).toBeUndefined();
    expect(await followers('1,000', 'en')).toBeUndefined();
    expect(await followers(' 4200 ', 'tr')).toBeUndefined();
  });

  it('refuses other text for what it is, and keeps the spec’s message for nothing and below zero', async () => {
    expect(await followers('1,000', 'es')).toBe(APPLICATION_MESSAGES.followersDigits);
    expect(await followers('1.000', 'en')).toBe(APPLICATION_MESSAGES.followersDigits);
    expect(await followers('1,5', 'pt-BR')).toBe(APPLICATION_MESSAGES.followersDigits);
    expect(await followers('mil', 'es')).toBe(APPLICATION_MESSAGES.followersDigits);
    expect(await followers('', 'es')).toBe(APPLICATION_MESSAGES.totalFollowers);
    expect(await followers('-4', 'es')).toBe(APPLICATION_MESSAGES.totalFollowers);
  });
});
