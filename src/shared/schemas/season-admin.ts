/** What the super admin's Seasons view reads and sends (DECISIONS §5, Close). */
import { z } from 'zod';
import { API_OUTPUTS, API_INPUTS } from './api-names.ts';
import { MAX_BEACON_LENGTH } from '../limits.ts';
import { cleanLine, ZMoney } from './common.ts';
import { SEASON_MESSAGES } from './messages.ts';

const money = ZMoney;

/**
 * Where a month stands. running: not ended. ended: over, not frozen yet (protocol 2: within the
 * minute; protocol 1: waiting for a super admin's close with a beacon). frozen: standings and
 * entrants fixed, the drand round not due yet. waiting: the round is due and not fetched yet (see
 * waitingReason). closed: drawn and paid.
 */
export const SEASON_STATUSES = ['running', 'ended', 'frozen', 'waiting', 'closed'] as const;
export type SeasonStatus = (typeof SEASON_STATUSES)[number];

/** Which month, under which protocol, and where it stands: the head of a season's item and of its preview. */
const ZSeasonHead = z.object({
  month: z.string(),
  label: z.string(),
  protocol: z.union([z.literal(1), z.literal(2)]),
  status: z.enum(SEASON_STATUSES),
  /** Protocol 1 only. */
  commitment: z.string().nullable(),
});

export const ZSeasonAdminItem = ZSeasonHead.extend({
  termsHash: z.string().nullable(),
  termsFixedAt: z.string().nullable(),
  frozenAt: z.string().nullable(),
  beaconRound: z.number().int().nullable(),
  /** The round's time. */
  beaconAt: z.string().nullable(),
  /** Why the beacon has not been fetched yet (relays down, a bad signature), when it is due. */
  waitingReason: z.string().nullable(),
  closedAt: z.string().nullable(),
  entrantCount: z.number().int().nullable(),
  prizeWinners: z.number().int().nullable(),
  lotteryWinners: z.number().int().nullable(),
  withheldCount: z.number().int(),
});
export type TSeasonAdminItem = z.infer<typeof ZSeasonAdminItem>;

const ZStanding = z.object({ rank: z.number().int(), ambassadorId: z.string(), fullName: z.string(), monthlyGcm: money });

export const ZSeasonPreview = ZSeasonHead.extend({
  prizesUsdt: z.array(money),
  lotteryWinners: z.number().int(),
  lotteryPrizeUsdt: money,
  champions: z.array(ZStanding.extend({ prizeUsdt: money })),
  /** The first 100 ranked. */
  standings: z.array(ZStanding),
  rankedCount: z.number().int(),
  entrants: z.array(z.object({ ambassadorId: z.string(), fullName: z.string() })),
  entrantCount: z.number().int(),
  listHash: z.string(),
  beaconRule: z.string(),
  /** Protocol 1: the beacon block is the first one at or after this instant. Protocol 2: the drand round's time. */
  earliestBeaconAt: z.string(),
  /** Protocol 2: the drand round of the terms. */
  beaconRound: z.number().int().nullable(),
});
export type TSeasonPreview = z.infer<typeof ZSeasonPreview>;

/** A typed beacon: trimmed, at most MAX_BEACON_LENGTH characters. */
const ZBeaconText = z
  .string()
  .trim()
  .max(MAX_BEACON_LENGTH, SEASON_MESSAGES.beaconTooLong)
  .refine(...cleanLine);

/**
 * Protocol 1 months only (closed before protocol 2 shipped) take a typed beacon; a protocol 2 month
 * closes by itself and refuses one (DECISIONS §5).
 */
export const ZCloseSeasonInput = z
  .object({ beacon: ZBeaconText.optional() })
  .nullish()
  .transform((v) => ({ beacon: v?.beacon }));
export type TCloseSeasonInput = z.input<typeof ZCloseSeasonInput>;

/** The super admin's close form: the same rule, the beacon required (only the months that take one show the form). */
export const ZBeaconForm = z.object({ beacon: ZBeaconText.min(1, SEASON_MESSAGES.beaconRequired) });

export const ZSeasonParams = z.object({ month: z.string() });

// Named in the API document (components/schemas).
API_OUTPUTS.add(ZSeasonAdminItem, { id: 'SeasonAdminItem' }).add(ZSeasonPreview, { id: 'SeasonPreview' });
API_INPUTS.add(ZCloseSeasonInput, { id: 'CloseSeasonInput' });
