import { describe, expect, it } from 'vitest';
import { ABUSE_FLAG_TEXT, ABUSE_FLAGS } from '../../shared/enums.ts';
import { FLAG_TEXT } from './abuse-flag-text.ts';

describe('the abuse flags told with a decision', () => {
  it('have each flag’s English text, word for word, as the source of its translation', () => {
    for (const flag of ABUSE_FLAGS) expect(FLAG_TEXT[flag].message, flag).toBe(ABUSE_FLAG_TEXT[flag]);
  });
});
