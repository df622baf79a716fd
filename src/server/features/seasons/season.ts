/**
 * A month's row, parsed once (issue 42 §3): the `seasons` table carries both protocols' columns as
 * nullables, and the union below says which a protocol has. Readers take a `Season`, narrow it by
 * `protocol` once (protocols.ts), and read fields that are there: no `?? ''` in a reader.
 */
import { eq } from 'drizzle-orm';
import type { DrandChain } from '../../../shared/drand.ts';
import { beaconTime, type SeasonTerms } from '../../../shared/draw-protocol-2.ts';
import type { Db } from '../../db/client.ts';
import { seasons, type SeasonChampion, type SeasonWinner } from '../../db/schema.ts';

export type SeasonRow = typeof seasons.$inferSelect;

interface SeasonCommon {
  month: string;
  /** When the row was made: under protocol 2, when the terms were fixed. */
  createdAt: Date;
}

/** Protocol 1 (rows made before protocol 2 shipped): a secret and its commitment, closed by a super admin with a typed beacon. */
export interface Season1 extends SeasonCommon {
  protocol: 1;
  secret: string;
  commitment: string;
  /** Written by the close, all at once. */
  closed: {
    at: Date;
    beacon: string;
    listHash: string;
    entrantCount: number;
    champions: SeasonChampion[];
    winners: SeasonWinner[];
  } | null;
}

/** Protocol 2: terms fixed when the month was first seen, frozen at its end, closed by the job with a drand round. */
export interface Season2 extends SeasonCommon {
  protocol: 2;
  terms: SeasonTerms;
  termsHash: string;
  /** The round the draw uses (the freeze's, else the terms') and when it is out: the one place a beacon's time is read. */
  beacon: { round: number; at: Date };
  /** Written by the freeze, all at once. `champions` carry the close's withheld marks once closed. */
  frozen: {
    at: Date;
    listHash: string;
    entrantCount: number;
    champions: SeasonChampion[];
    latestRound: { round: number; signature: string } | null;
  } | null;
  /** Written by the close, all at once. */
  closed: { at: Date; signature: string; randomness: string; winners: SeasonWinner[] } | null;
  /** Why the last freeze or fetch of the round did not happen (relays down, a bad signature). */
  waitingReason: string | null;
}

export type Season = Season1 | Season2;

/**
 * The row as its protocol has it. A protocol 2 row without terms is refused (it cannot be drawn);
 * columns its protocol writes together are read together, and the few a hand-made row might lack
 * are read as the public answers always showed them (empty, 0).
 */
export function parseSeason(row: SeasonRow, chain: DrandChain): Season {
  const common = { month: row.month, createdAt: row.createdAt };
  if (row.protocol === 2) {
    if (!row.terms || !row.termsHash) throw new Error(`season ${row.month} has no terms`);
    const round = row.beaconRound ?? row.terms.beacon.round;
    const beaconAt = row.beaconAt ?? beaconTime(chain, round);
    return {
      ...common,
      protocol: 2,
      terms: row.terms,
      termsHash: row.termsHash,
      beacon: { round, at: beaconAt },
      frozen:
        row.frozenAt && row.beaconRound !== null && row.beaconAt
          ? {
              at: row.frozenAt,
              listHash: row.listHash ?? '',
              entrantCount: row.entrantCount ?? 0,
              champions: row.champions ?? [],
              latestRound: row.latestRound ?? null,
            }
          : null,
      closed: row.closedAt
        ? { at: row.closedAt, signature: row.beaconSignature ?? '', randomness: row.beaconRandomness ?? '', winners: row.lotteryWinners ?? [] }
        : null,
      waitingReason: row.beaconError,
    };
  }
  return {
    ...common,
    protocol: 1,
    secret: row.secret ?? '',
    commitment: row.commitment ?? '',
    closed: row.closedAt
      ? {
          at: row.closedAt,
          beacon: row.beacon ?? '',
          listHash: row.listHash ?? '',
          entrantCount: row.entrantCount ?? 0,
          champions: row.champions ?? [],
          winners: row.lotteryWinners ?? [],
        }
      : null,
  };
}

/** A month's row as it stands (read only). */
export async function seasonRow(db: Db, month: string): Promise<SeasonRow | undefined> {
  return (await db.select().from(seasons).where(eq(seasons.month, month)))[0];
}

/** A month's row locked for the step's transaction (each step runs exactly once across instances). */
export async function lockedSeasonRow(tx: Db, month: string): Promise<SeasonRow | undefined> {
  return (await tx.select().from(seasons).where(eq(seasons.month, month)).for('update'))[0];
}
