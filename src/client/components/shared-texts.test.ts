import { describe, expect, it } from 'vitest';
import { ABUSE_FLAG_TEXT, ABUSE_FLAGS } from '../../shared/enums.ts';
import { FLAG_TEXT } from './abuse-flag-text.ts';
import { NO_REASON_TEXT, REASON_CODES, REASONS } from '../../shared/reasons.ts';
import { NO_REASON, REASON_TEXT } from './reason-text.ts';
import { WALLET_PROOF_LABELS, WALLET_PROOFS } from '../../shared/schemas/wallet-proof.ts';
import { WALLET_PROOF_WORDS } from './wallet-proof-label.tsx';

describe('the shared texts the client translates', () => {
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

  it('name each wallet proof as src/shared does, word for word', () => {
    for (const proof of WALLET_PROOFS) expect(WALLET_PROOF_WORDS[proof].message, proof).toBe(WALLET_PROOF_LABELS[proof]);
  });
});
