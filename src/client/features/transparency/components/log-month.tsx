import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { QUICKNET } from '../../../../shared/drand.ts';
import { formatDateTime, formatGcm, formatHours, formatUsdt } from '../../../../shared/format.ts';
import { addMoney } from '../../../../shared/money.ts';
import type { LogEntry } from '../../../../shared/public-log.ts';
import { readLogData, type TDecisions, type TLogData, type TPaidData, type TSummaryData, type TWithheldData } from '../../../../shared/schemas/log-data.ts';
import { isReasonCode, REASONS, UNSPECIFIED_REASON } from '../../../../shared/reasons.ts';
import { ordinal, seasonBounds, seasonLabel } from '../../../../shared/seasons.ts';
import { Card, CardContent } from '../../../components/ui/card.tsx';

type Read = { entry: LogEntry; read: TLogData };
type Of<K extends TLogData['kind']> = { entry: LogEntry; data: Extract<TLogData, { kind: K }>['data'] };

function pick<K extends TLogData['kind']>(items: Read[], kind: K): Of<K>[] {
  return items.flatMap(({ entry, read }) => (read.kind === kind ? [{ entry, data: read.data as Of<K>['data'] }] : []));
}

/** "18 h", "2.5 days"; a dash when nothing was decided. */
function Seq({ entry }: { entry: LogEntry }) {
  return <span className="font-mono text-xs text-muted">entry {entry.seq}</span>;
}

function Part({ title, entry, children }: { title: string; entry?: LogEntry | undefined; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1.5 border-t border-border pt-3 first:border-t-0 first:pt-0">
      <h3 className="flex flex-wrap items-baseline gap-x-2 font-semibold">
        {title} {entry ? <Seq entry={entry} /> : null}
      </h3>
      {children}
    </section>
  );
}

function Hash({ label, value }: { label: string; value: string }) {
  return (
    <p className="break-all text-xs text-muted">
      {label}: <span className="font-mono">{value}</span>
    </p>
  );
}

/**
 * One month of the programme log: the terms it began with, the freeze at its end, the draw, prizes
 * withheld, payouts made in it, and its summary (totals, how long decisions took).
 */
export function LogMonth({ month, entries, explorerTxUrl }: { month: string; entries: LogEntry[]; explorerTxUrl?: string | undefined }) {
  const items = entries.map((entry) => ({ entry, read: readLogData(entry) }));
  const terms = pick(items, 'season.terms');
  const frozen = pick(items, 'season.frozen');
  const closed = pick(items, 'season.closed');
  const withheld = pick(items, 'prize.withheld');
  const paid = pick(items, 'payout.paid');
  const summaries = pick(items, 'month.summary');
  const others = items.filter(({ read }) => read.kind === 'other').map(({ entry }) => entry);
  const names = new Map<string, string>();
  for (const f of frozen) for (const c of f.data.champions) names.set(c.ambassadorId, c.fullName);
  for (const c of closed) for (const w of c.data.winners) names.set(w.ambassadorId, w.fullName);
  const label = seasonLabel(month);
  const monthStart = seasonBounds(month).start.getTime();

  return (
    <Card id={month} aria-labelledby={`log-${month}`}>
      <CardContent className="flex flex-col gap-4 p-6">
        <h2 id={`log-${month}`} className="text-2xl font-bold">
          {label}
        </h2>

        {terms.map(({ entry, data }) => (
          <Part key={entry.seq} title="Terms" entry={entry}>
            <p className="text-sm">
              Prizes: {data.terms.prizesUsdt.map((p, i) => `${ordinal(i + 1)} ${formatUsdt(p)}`).join(', ')}. Lottery: {data.terms.lotteryWinners} winners of{' '}
              {formatUsdt(data.terms.lotteryPrizeUsdt)}, drawn from drand {data.terms.beacon.chain === QUICKNET.hash ? 'quicknet' : 'test chain'} round{' '}
              {data.terms.beacon.round}.
            </p>
            <p className="text-sm text-muted">
              Fixed {formatDateTime(entry.at)}
              {Date.parse(entry.at) > monthStart ? `: terms fixed late, at ${entry.at} (after the month began)` : ', before the month began'}.
            </p>
            <Hash label="Terms hash" value={data.termsHash} />
          </Part>
        ))}

        {frozen.map(({ entry, data }) => (
          <Part key={entry.seq} title="Frozen" entry={entry}>
            <p className="text-sm">
              Standings and {data.entrantCount} lottery entrants frozen {formatDateTime(entry.at)}. The lottery is drawn from drand round {data.beaconRound} at{' '}
              {formatDateTime(data.beaconAt)}.
            </p>
            {data.champions.length ? (
              <ol className="flex flex-col gap-0.5 text-sm" aria-label={`${label} champions`}>
                {data.champions.map((c) => (
                  <li key={c.ambassadorId}>
                    {ordinal(c.rank)}: {c.fullName}, {formatGcm(c.monthlyGcm)} GCM, prize {formatUsdt(c.prizeUsdt)}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted">Nobody earned GCM this month.</p>
            )}
            <Hash label="Entrant list hash" value={data.listHash} />
          </Part>
        ))}

        {closed.map(({ entry, data }) => (
          <Part key={entry.seq} title="Draw" entry={entry}>
            <p className="text-sm">
              Drawn {formatDateTime(entry.at)} from drand round {data.beaconRound}.{' '}
              <a href={`/hall-of-fame#${month}`} className="font-semibold text-gold underline underline-offset-2">
                Check this draw on the Hall of Fame
              </a>
            </p>
            {data.winners.length ? (
              <ol className="flex flex-col gap-0.5 text-sm" aria-label={`${label} lottery winners`}>
                {data.winners.map((w) => (
                  <li key={w.ambassadorId}>
                    {w.position}. {w.fullName}: {formatUsdt(w.prizeUsdt)}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted">No lottery winners (nobody was entered).</p>
            )}
            <Hash label="Randomness" value={data.randomness} />
          </Part>
        ))}

        {withheld.length ? (
          <Part title="Prizes withheld">
            <ul className="flex flex-col gap-1 text-sm">
              {withheld.map(({ entry, data }) => (
                <WithheldItem key={entry.seq} entry={entry} data={data} name={names.get(data.ambassadorId)} />
              ))}
            </ul>
          </Part>
        ) : null}

        {paid.length ? <Payouts paid={paid} explorerTxUrl={explorerTxUrl} /> : null}

        {summaries.map(({ entry, data }) => (
          <Part key={entry.seq} title="Summary" entry={entry}>
            <dl className="grid gap-1 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-muted">GCM awarded</dt>
                <dd className="font-mono font-semibold">{formatGcm(data.gcmAwarded)}</dd>
              </div>
              <div>
                <dt className="text-muted">USDT awarded</dt>
                <dd className="font-mono font-semibold">{formatUsdt(data.usdtAwarded)}</dd>
              </div>
              <div>
                <dt className="text-muted">USDT paid</dt>
                <dd className="font-mono font-semibold">{formatUsdt(data.usdtPaid)}</dd>
              </div>
            </dl>
            <DecisionTable
              month={label}
              rows={[
                ['Applications', data.applications, data.hoursToDecide?.applications.p90],
                ['Reports', data.reports, data.hoursToDecide?.reports.p90],
                ['Withdrawals', data.withdrawals, data.hoursToDecide?.withdrawals.p90],
              ]}
            />
            <DeskFigures data={data} />
          </Part>
        ))}

        {others.map((entry) => (
          <Part key={entry.seq} title={entry.kind} entry={entry}>
            <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-surface-2 p-2 font-mono text-xs">
              {JSON.stringify(entry.data, null, 2)}
            </pre>
          </Part>
        ))}
      </CardContent>
    </Card>
  );
}

function WithheldItem({ entry, data, name }: { entry: LogEntry; data: TWithheldData; name: string | undefined }) {
  return (
    <li>
      {data.kind === 'prize' ? 'Prize' : 'Lottery prize'} of {formatUsdt(data.prizeUsdt)} withheld from {name ?? `ambassador ${data.ambassadorId}`}:{' '}
      {data.reason} <Seq entry={entry} />
    </li>
  );
}

function Payouts({ paid, explorerTxUrl }: { paid: { entry: LogEntry; data: TPaidData }[]; explorerTxUrl: string | undefined }) {
  const total = addMoney(...paid.map((p) => p.data.amountUsdt));
  return (
    <Part title={`Payouts: ${formatUsdt(total)} in ${paid.length} ${paid.length === 1 ? 'withdrawal' : 'withdrawals'}`}>
      <ul className="flex flex-col gap-1 text-sm">
        {paid.map(({ entry, data }) => (
          <li key={entry.seq} className="flex flex-wrap items-baseline gap-x-2 break-all">
            <span className="font-mono font-semibold">{formatUsdt(data.amountUsdt)}</span>
            <span className="text-muted">paid {formatDateTime(data.paidAt)}</span>
            {explorerTxUrl ? (
              <a
                href={`${explorerTxUrl}${data.txHash}`}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-mono text-xs text-gold underline underline-offset-2"
              >
                {data.txHash}
                <span className="sr-only"> (the transaction on the block explorer, opens in a new tab)</span>
                <ExternalLink className="size-3" aria-hidden="true" />
              </a>
            ) : (
              <span className="font-mono text-xs">Transaction {data.txHash}</span>
            )}
            <Seq entry={entry} />
          </li>
        ))}
      </ul>
    </Part>
  );
}

type DecisionRow = [name: string, decisions: TDecisions, p90: string | number | null | undefined];

function DecisionTable({ month, rows }: { month: string; rows: DecisionRow[] }) {
  // Summaries written since the review desk shipped carry the 90th percentile too (DECISIONS §6).
  const withP90 = rows.some(([, , p90]) => p90 !== undefined);
  return (
    <div>
      <table className="w-full text-left text-sm">
        <caption className="py-1 text-left text-muted">Decisions in {month}, and how long they took (from submission)</caption>
        <thead>
          <tr className="border-b border-border text-muted">
            {['What', 'Decided', 'Approved', 'Rejected', 'Median time', ...(withP90 ? ['90% within'] : [])].map((heading) => (
              <th key={heading} scope="col" className="py-1 pr-3 font-semibold last:pr-0">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, d, p90]) => (
            <tr key={name} className="border-b border-border/50">
              <th scope="row" className="py-1 pr-3 font-medium">
                {name}
              </th>
              <td className="py-1 pr-3 font-mono">{d.decided}</td>
              <td className="py-1 pr-3 font-mono">{d.approved}</td>
              <td className="py-1 pr-3 font-mono">{d.rejected}</td>
              <td className="py-1 pr-3 font-mono last:pr-0">{formatHours(d.medianHours)}</td>
              {withP90 ? <td className="py-1 font-mono">{formatHours(p90 ?? null)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What a reason code is called in public; `unspecified` is a decision recorded without one. */
function reasonName(code: string): string {
  if (code === UNSPECIFIED_REASON) return 'No reason recorded';
  return isReasonCode(code) ? REASONS[code].label : code;
}

/** The desk in public (DECISIONS §6): rejections and suspensions by reason, and the appeals of the month. */
function DeskFigures({ data }: { data: TSummaryData }) {
  const reasons = Object.entries(data.decisions?.byReason ?? {}).filter(([, n]) => n > 0);
  if (!reasons.length && !data.appeals) return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      {reasons.length ? (
        <p>
          <span className="text-muted">Reasons given for rejections and suspensions: </span>
          {reasons.map(([code, n]) => `${reasonName(code)} ${n}`).join(', ')}
        </p>
      ) : null}
      {data.appeals ? (
        <p>
          <span className="text-muted">Appeals: </span>
          {data.appeals.made} made, {data.appeals.overturned} overturned
          {data.appeals.upheld === undefined ? '' : `, ${data.appeals.upheld} upheld`}
        </p>
      ) : null}
    </div>
  );
}
