/**
 * Wallet address fields. Kept apart from common.ts because the checksum needs
 * viem: only the forms that take an address load it.
 */
import { LEDGER_KINDS } from '../ledger-descriptions.ts';
import { z } from 'zod';
import { API_OUTPUTS } from './api-names.ts';
import { BEP20_ADDRESS_MESSAGE, normalizeBep20Address } from '../wallet.ts';
import { ZMoney, ZIsoDate, ZNullableText } from './common.ts';
import { CURRENCIES, TRANSACTION_TYPES } from '../enums.ts';
import { WALLET_MESSAGES } from './messages.ts';

/** How the API document describes an address: what normalizeBep20Address accepts. */
export const WALLET_ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';
const ADDRESS_DOC = 'A BEP20 (EVM) address: 0x and 40 hexadecimal digits, EIP-55 checksum-valid when in mixed case; never the zero address.';

/** A BEP20 address, stored checksummed; empty or null clears it. */
export const ZOptionalWallet = z
  .string({ error: BEP20_ADDRESS_MESSAGE })
  .nullish()
  .transform((value, ctx) => {
    const text = value?.trim();
    if (!text) return null;
    const normalized = normalizeBep20Address(text);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: BEP20_ADDRESS_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  })
  .meta({ description: `${ADDRESS_DOC} Empty or null clears it.`, pattern: '^(0x[0-9a-fA-F]{40})?$', example: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' });

export const ZRequiredWallet = z
  .string({ error: BEP20_ADDRESS_MESSAGE })
  .transform((value, ctx) => {
    const normalized = normalizeBep20Address(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: BEP20_ADDRESS_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  })
  .meta({ description: ADDRESS_DOC, pattern: WALLET_ADDRESS_PATTERN, example: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' });

export const ZUsdtWalletForm = z.object({
  usdtWalletAddress: z.string({ error: WALLET_MESSAGES.usdtRequired }).trim().min(1, WALLET_MESSAGES.usdtRequired),
});

export const ZTransactionView = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  currency: z.enum(CURRENCIES),
  amount: ZMoney,
  description: z.string().meta({ description: 'The entry’s words, in English, as they were recorded.' }),
  kind: z
    .enum(LEDGER_KINDS)
    .nullable()
    // OpenAPI 3.0: a nullable enum lists null among its values.
    .meta({ description: 'What the description says, as data (DECISIONS §7); null for words of another kind (a correction).', enum: [...LEDGER_KINDS, null] }),
  values: z.record(z.string(), z.string()).nullable().meta({
    description:
      'The description’s values by name: reward {currency, start, end, onAppeal?}, withdrawal {address}, prize {rank, month}, lottery {month}, task {title}, referral {name}.',
  }),
  createdAt: ZIsoDate,
  reportId: ZNullableText,
  withdrawalId: ZNullableText,
});
export type TTransactionView = z.infer<typeof ZTransactionView>;

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZTransactionView, { id: 'TransactionView' });
