/**
 * The one place a month's protocol is chosen (issue 42 §3): protocol-1.ts and protocol-2.ts expose the
 * same function names, and `protocolOf` binds the parsed row to its own module, once. Callers then
 * ask the month, never its protocol.
 */
import type { SeasonStatus, TSeasonAdminItem } from '../../../shared/schemas/season-admin.ts';
import type { TCurrentSeason, TSeasonSummary } from '../../../shared/schemas/seasons.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DrawPreview, Prizes } from './plan.ts';
import * as protocol1 from './protocol-1.ts';
import * as protocol2 from './protocol-2.ts';
import type { Season } from './season.ts';

/** What each protocol module answers for a month of its own. */
interface SeasonProtocol<S extends Season> {
  statusOf(season: S, now: Date): SeasonStatus;
  publicSeason(season: S): TSeasonSummary;
  prizesOf(ctx: AppContext, season: S): Promise<Prizes>;
  currentSeason(ctx: AppContext, season: S): Promise<TCurrentSeason>;
  previewOf(season: S): DrawPreview;
  adminItem(season: S, now: Date): TSeasonAdminItem;
  closeSeason(ctx: AppContext, actor: SessionUser, season: S, beaconInput: string | undefined): Promise<TSeasonSummary>;
}

/** A month bound to its protocol's functions. */
export interface MonthOfProtocol {
  season: Season;
  statusOf(now: Date): SeasonStatus;
  publicSeason(): TSeasonSummary;
  prizesOf(ctx: AppContext): Promise<Prizes>;
  currentSeason(ctx: AppContext): Promise<TCurrentSeason>;
  previewOf(): DrawPreview;
  adminItem(now: Date): TSeasonAdminItem;
  closeSeason(ctx: AppContext, actor: SessionUser, beaconInput: string | undefined): Promise<TSeasonSummary>;
}

function bind<S extends Season>(protocol: SeasonProtocol<S>, season: S): MonthOfProtocol {
  return {
    season,
    statusOf: (now) => protocol.statusOf(season, now),
    publicSeason: () => protocol.publicSeason(season),
    prizesOf: (ctx) => protocol.prizesOf(ctx, season),
    currentSeason: (ctx) => protocol.currentSeason(ctx, season),
    previewOf: () => protocol.previewOf(season),
    adminItem: (now) => protocol.adminItem(season, now),
    closeSeason: (ctx, actor, beaconInput) => protocol.closeSeason(ctx, actor, season, beaconInput),
  };
}

export function protocolOf(season: Season): MonthOfProtocol {
  return season.protocol === 1 ? bind(protocol1, season) : bind(protocol2, season);
}
