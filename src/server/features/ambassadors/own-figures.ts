/**
 * The figures of the caller's own record (GET /api/ambassadors/me, the dashboard's read) in one
 * statement, built once per database handle and prepared once per PostgreSQL connection: the USDT
 * withdrawals pending and approved (the ledger's position), the number of reports, whether one was
 * sent today, the account's email setting and the prizes won in closed months (from the frozen
 * champions and lottery winners, withheld ones left out). One round trip instead of six; on the
 * dashboard's route, none of its own: the route's session read brings them (loadDashboardSession).
 */
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { ambassadorSessionWith, type AmbassadorSessionLoader } from '../../auth/sessions.ts';
import { utcDay } from '../../clock.ts';
import type { TOwnAmbassador } from '../../../shared/schemas/ambassadors.ts';
import { ordinal, seasonLabel } from '../../../shared/seasons.ts';
import type { Db } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { ambassadors, seasons, users, weeklyReports, withdrawalRequests } from '../../db/schema.ts';

const today = sql.placeholder('today');

interface StoredWin {
  month: string;
  kind: 'prize' | 'lottery';
  rank: number | null;
  prizeUsdt: string;
}

/** The figures as columns of a select over `users`, for the ambassador `ambassadorId` (a placeholder or a column). */
function figureColumns(ambassadorId: SQL.Aliased | SQL | AnyPgColumn | Placeholder) {
  return {
    pendingUsdt: sql<string>`(select coalesce(sum(${withdrawalRequests.amount}), 0)::text from ${withdrawalRequests} where ${withdrawalRequests.ambassadorId} = ${ambassadorId} and ${withdrawalRequests.status} = 'pending')`,
    approvedUsdt: sql<string>`(select coalesce(sum(${withdrawalRequests.amount}), 0)::text from ${withdrawalRequests} where ${withdrawalRequests.ambassadorId} = ${ambassadorId} and ${withdrawalRequests.status} = 'approved')`,
    reportCount: sql<number>`(select count(*)::int from ${weeklyReports} where ${weeklyReports.ambassadorId} = ${ambassadorId})`,
    reportedToday: sql<boolean>`exists (select 1 from ${weeklyReports} where ${weeklyReports.ambassadorId} = ${ambassadorId} and ${weeklyReports.submittedOn} = ${today})`,
    emailNotifications: sql<boolean>`${users.emailNotifications}`,
    notifyTelegram: sql<boolean>`${users.notifyTelegram}`,
    wins: sql<StoredWin[] | string>`(select coalesce(jsonb_agg(w order by w.month desc, w.kind desc), '[]'::jsonb) from (
        select s.month, 'prize' as kind, (c->>'rank')::int as rank, c->>'prizeUsdt' as "prizeUsdt"
          from ${seasons} s cross join lateral jsonb_array_elements(coalesce(s.champions, '[]'::jsonb)) c
          where s.closed_at is not null and c->>'ambassadorId' = ${ambassadorId}::text and c->'withheld' is null
        union all
        select s.month, 'lottery' as kind, null as rank, l->>'prizeUsdt' as "prizeUsdt"
          from ${seasons} s cross join lateral jsonb_array_elements(coalesce(s.lottery_winners, '[]'::jsonb)) l
          where s.closed_at is not null and l->>'ambassadorId' = ${ambassadorId}::text and l->'withheld' is null
      ) w)`,
  };
}

type FigureRow = { [K in keyof ReturnType<typeof figureColumns>]: ReturnType<typeof figureColumns>[K]['_']['type'] };

const ownFigures = preparedPer((db) =>
  db
    .select(figureColumns(sql.placeholder('ambassadorId')))
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('own_ambassador_figures'),
);

/**
 * The dashboard's read (GET /api/ambassadors/me): the session, the ambassador record and its
 * figures in one round trip, as the route's access check loads them (plugins/access.ts).
 */
const dashboardSession = ambassadorSessionWith('load_dashboard_session', figureColumns(ambassadors.id));

export const loadDashboardSession: AmbassadorSessionLoader = (db, config, token, now) => dashboardSession(db, config, token, now, { today: utcDay(now) });

/** The figures the route's session read brought, when it brought them (the dashboard's route). */
export function sessionFigures(request: FastifyRequest): OwnFigures | undefined {
  const extra = request.sessionExtra as FigureRow | null | undefined;
  return extra ? figuresOf(extra) : undefined;
}

export interface OwnFigures {
  pendingUsdt: string;
  approvedUsdt: string;
  reportCount: number;
  reportedToday: boolean;
  emailNotifications: boolean;
  notifyTelegram: boolean;
  wins: TOwnAmbassador['wins'];
}

/** A win as the ambassador reads it: 'You won 1st place in October 2026', 'You won the lottery in …'. */
function presentWin(win: StoredWin): TOwnAmbassador['wins'][number] {
  const label = seasonLabel(win.month);
  return win.kind === 'prize'
    ? { month: win.month, kind: 'prize', rank: win.rank, prizeUsdt: win.prizeUsdt, text: `You won ${ordinal(win.rank ?? 0)} place in ${label}` }
    : { month: win.month, kind: 'lottery', rank: null, prizeUsdt: win.prizeUsdt, text: `You won the lottery in ${label}` };
}

export async function ownFiguresOf(db: Db, row: { id: string; userId: string }, day: string): Promise<OwnFigures> {
  const [found] = await ownFigures(db).execute({ ambassadorId: row.id, userId: row.userId, today: day });
  if (!found) return { pendingUsdt: '0', approvedUsdt: '0', reportCount: 0, reportedToday: false, emailNotifications: true, notifyTelegram: true, wins: [] };
  return figuresOf(found);
}

function figuresOf(found: FigureRow): OwnFigures {
  const wins = (typeof found.wins === 'string' ? JSON.parse(found.wins) : found.wins) as StoredWin[];
  return {
    pendingUsdt: found.pendingUsdt,
    approvedUsdt: found.approvedUsdt,
    reportCount: Number(found.reportCount),
    reportedToday: Boolean(found.reportedToday),
    emailNotifications: Boolean(found.emailNotifications),
    notifyTelegram: Boolean(found.notifyTelegram),
    wins: wins.map(presentWin),
  };
}
