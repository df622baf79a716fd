import { describe, expect, it } from 'vitest';
import { ABUSE_FLAG_TEXT, ABUSE_FLAGS } from '../../shared/enums.ts';
import { NO_REASON_TEXT, REASON_CODES, REASONS } from '../../shared/reasons.ts';
import { emailI18n } from '../i18n.ts';
import { decisionReasonLines, flagText, reasonTexts } from './templates.ts';

describe('the emails’ copies of the shared texts', () => {
  const english = emailI18n('en');
  it('name each reason and its rule as src/shared/reasons.ts does, word for word', () => {
    for (const code of REASON_CODES) expect(reasonTexts(english, code), code).toEqual({ label: REASONS[code].label, rule: REASONS[code].rule });
    expect(decisionReasonLines({ code: null, facts: null }, 'https://x')).toEqual([`Reason: ${NO_REASON_TEXT}.`]);
  });

  it('say what each abuse flag means as src/shared/enums.ts does, and nothing for an unknown one', () => {
    for (const flag of ABUSE_FLAGS) expect(flagText(english, flag), flag).toBe(ABUSE_FLAG_TEXT[flag]);
    expect(flagText(english, 'not_a_flag')).toBeNull();
  });

  it('translate them in every language', () => {
    for (const locale of ['es', 'pt-BR', 'tr', 'id']) {
      const i18n = emailI18n(locale);
      for (const code of REASON_CODES) expect(reasonTexts(i18n, code).rule, `${locale} ${code}`).not.toBe(REASONS[code].rule);
      for (const flag of ABUSE_FLAGS) expect(flagText(i18n, flag), `${locale} ${flag}`).not.toBe(ABUSE_FLAG_TEXT[flag]);
    }
  });
});
