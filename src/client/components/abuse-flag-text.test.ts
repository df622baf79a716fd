import { describe, expect, it } from 'vitest';
import { ABUSE_FLAG_TEXT, ABUSE_FLAGS } from '../../shared/enums.ts';
import { FLAG_TEXT } from './abuse-flag-text.ts';
import { NO_REASON_TEXT, REASON_CODES, REASONS } from '../../shared/reasons.ts';
import { NO_REASON, REASON_TEXT } from './reason-text.ts';

describe('the shared texts told with a decision', () => {
  it('have each flag’s English text, word for word, as the source of its translation', () => {
    for (const flag of ABUSE_FLAGS) expect(FLAG_TEXT[flag].message, flag).toBe(ABUSE_FLAG_TEXT[flag]);
  });

  it('name each reason and its rule as src/shared/reasons.ts does, word for word', () => {
    for (const code of REASON_CODES) {
      expect(REASON_TEXT[code].label.message, code).toBe(REASONS[code].label);
      expect(REASON_TEXT[code].rule.message, code).toBe(REASONS[code].rule);
    }
    expect(NO_REASON.message).toBe(NO_REASON_TEXT);
  });
});
