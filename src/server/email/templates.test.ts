import { describe, expect, it } from 'vitest';
import { ABUSE_FLAG_TEXT } from '../../shared/abuse-flags.ts';
import { ABUSE_FLAGS } from '../../shared/enums.ts';
import { NO_REASON_TEXT, REASON_CODES, REASONS } from '../../shared/reasons.ts';
import { emailI18n } from '../i18n.ts';
import { decisionReasonLines, flagText, reasonTexts } from './templates.ts';

describe('the shared texts an email says', () => {
  it('say no reason, and nothing for an unknown flag', () => {
    expect(decisionReasonLines({ code: null, facts: null }, 'https://x')).toEqual([`Reason: ${NO_REASON_TEXT}.`]);
    expect(flagText(emailI18n('en'), 'not_a_flag')).toBeNull();
  });

  it('translate them in every language', () => {
    for (const locale of ['es', 'pt-BR', 'tr', 'id']) {
      const i18n = emailI18n(locale);
      for (const code of REASON_CODES) {
        expect(reasonTexts(i18n, code).rule, `${locale} ${code}`).not.toBe(REASONS[code].rule);
      }
      for (const flag of ABUSE_FLAGS) expect(flagText(i18n, flag), `${locale} ${flag}`).not.toBe(ABUSE_FLAG_TEXT[flag]);
    }
  });
});
