/** The public archive of seasons (DECISIONS §5, Public archive and Protocol 2): the names are a contract. */
import { z } from 'zod';
import { API_OUTPUTS } from './api-names.ts';
import { DRAND_G1_DST, DRAND_SCHEME } from '../drand.ts';
import { ZMoney } from './common.ts';
import { ZReferralRule } from './referral-rule.ts';

const money = ZMoney;
const instant = z.string().meta({ format: 'date-time', description: 'An instant, ISO 8601 in UTC.' });
const hash = z.string().meta({ description: 'Lowercase hex SHA-256.', pattern: '^[0-9a-f]{64}$' });

/** A prize kept back after the freeze (a suspension, a correction): nobody moves up, nobody is redrawn. */
const ZWithheld = z.object({ reason: z.string() });

export const ZChampion = z.object({
  rank: z.number().int(),
  ambassadorId: z.string(),
  fullName: z.string(),
  monthlyGcm: money,
  prizeUsdt: money,
  withheld: ZWithheld.optional(),
});
export const ZLotteryWinner = z.object({
  position: z.number().int(),
  ambassadorId: z.string(),
  fullName: z.string(),
  prizeUsdt: money,
  withheld: ZWithheld.optional(),
});
const ZEntrant = z.object({ ambassadorId: z.string(), fullName: z.string() });

/** Protocol 2, step 1: what a month commits to when it begins (hashed as canonical JSON). */
export const ZSeasonTerms = z.object({
  version: z.literal(2),
  month: z.string(),
  prizesUsdt: z.array(money),
  lotteryWinners: z.number().int(),
  lotteryPrizeUsdt: money,
  beacon: z.object({ chain: hash.describe('The drand chain’s hash.'), round: z.number().int().describe('The drand round that will be the beacon.') }),
  referral: ZReferralRule.optional().describe(
    'The referral rule of the month (DECISIONS §7): absent from months fixed before a super admin first set one. Hashed with the rest of the terms.',
  ),
});
export type TSeasonTerms = z.infer<typeof ZSeasonTerms>;

/** Protocol 1 (months closed before protocol 2): the secret, its commitment and a beacon typed by an admin. */
export const ZSeasonSummary1 = z.object({
  month: z.string(),
  protocol: z.literal(1),
  status: z.literal('closed'),
  closedAt: instant,
  champions: z.array(ZChampion),
  lottery: z.object({
    winners: z.array(ZLotteryWinner),
    commitment: z.string(),
    secret: z.string(),
    beacon: z.string(),
    listHash: z.string(),
    entrantCount: z.number().int(),
  }),
});

/** Protocol 2: frozen at the month's end by the product, closed by itself once the drand round is out. */
export const ZSeasonSummary2 = z.object({
  month: z.string(),
  protocol: z.literal(2),
  status: z.enum(['frozen', 'closed']),
  terms: ZSeasonTerms,
  termsHash: hash,
  termsFixedAt: instant.describe('When the terms were written (and logged).'),
  frozenAt: instant,
  closedAt: instant.optional(),
  champions: z.array(ZChampion),
  entrantCount: z.number().int(),
  listHash: hash,
  beacon: z.object({
    chain: hash,
    round: z.number().int(),
    at: instant.describe('The round’s time.'),
    signature: z.string().optional().describe('Once fetched: the round’s BLS signature (hex).'),
    randomness: hash.optional().describe('SHA-256 of the signature bytes.'),
  }),
  latestRound: z
    .object({ round: z.number().int(), signature: z.string() })
    .nullable()
    .optional()
    .describe(
      'The relays’ latest drand round (its signature verifiable) when the month froze: proof the freeze came after it. Null on freezes made before it was recorded.',
    ),
  lottery: z.object({ winners: z.array(ZLotteryWinner) }).optional(),
});

export const ZSeasonSummary = z.discriminatedUnion('protocol', [ZSeasonSummary1, ZSeasonSummary2]);
export type TSeasonSummary = z.infer<typeof ZSeasonSummary>;
export type TSeasonSummary1 = z.infer<typeof ZSeasonSummary1>;
export type TSeasonSummary2 = z.infer<typeof ZSeasonSummary2>;

export const ZSeasonDetail = z.discriminatedUnion('protocol', [
  ZSeasonSummary1.extend({ entrants: z.array(ZEntrant) }),
  ZSeasonSummary2.extend({ entrants: z.array(ZEntrant) }),
]);
export type TSeasonDetail = z.infer<typeof ZSeasonDetail>;

export const ZCurrentSeason = z.object({
  month: z.string(),
  protocol: z.union([z.literal(1), z.literal(2)]),
  /** Protocol 1 only: the secret's commitment; null under protocol 2 (there is no secret). */
  commitment: z.string().nullable(),
  prizesUsdt: z.array(money),
  lotteryWinners: z.number().int(),
  lotteryPrizeUsdt: money,
  /** When the month ends (UTC). */
  endsAt: instant,
  terms: ZSeasonTerms.optional(),
  termsHash: hash.optional(),
  termsFixedAt: instant.optional(),
});
export type TCurrentSeason = z.infer<typeof ZCurrentSeason>;

/** The drand chain this server draws from (quicknet, or a test chain outside production). */
export const ZDrandChainInfo = z.object({
  hash,
  publicKey: z.string(),
  genesisTime: z.number().int(),
  period: z.number().int(),
  scheme: z
    .literal(DRAND_SCHEME)
    .describe(
      `drand’s scheme id (its /info \`schemeID\`): each round is a BLS signature on G1 of SHA-256 of the round number as 8 big-endian bytes, hashed to G1 per RFC 9380 with the DST \`${DRAND_G1_DST}\`, checked against the public key on G2; the randomness is SHA-256 of the signature.`,
    ),
  quicknet: z.boolean().describe('True for the League of Entropy’s quicknet; a verifier should then use its own copy of the key.'),
  production: z.boolean().describe('Whether the server runs in production: a chain other than quicknet then proves nothing, and verifiers fail it.'),
});
export type TDrandChainInfo = z.infer<typeof ZDrandChainInfo>;

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZSeasonSummary, { id: 'SeasonSummary' }).add(ZSeasonDetail, { id: 'SeasonDetail' }).add(ZCurrentSeason, { id: 'CurrentSeason' });
