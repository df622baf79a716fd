import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { localizedCount } from '../../../shared/money-input.ts';
import { ZApplicationForm, type TApplication, type TApplicationInput } from '../../../shared/schemas/applications.ts';
import { APPLICATION_MESSAGES } from '../../../shared/schemas/messages.ts';

/** The shared schema's check, with the followers read as the page's language groups digits ('1.000' in Spanish is a thousand). */
export function applicationResolver(locale: () => string): Resolver<TApplicationInput, unknown, TApplication> {
  const resolve = zodResolver(ZApplicationForm);
  return async (values, context, options) => {
    const typed = values.totalFollowers;
    const read = typeof typed === 'string' ? localizedCount(typed, locale()) : typed;
    const result = await resolve({ ...values, totalFollowers: read }, context, options);
    // Text that is not a count in the page's language: said for what it is, not 'must be a positive number'.
    const refused = result.errors.totalFollowers;
    if (refused && typeof read === 'string' && read.trim() && !/^\s*-?\d+\s*$/.test(read)) refused.message = APPLICATION_MESSAGES.followersDigits;
    return result;
  };
}
