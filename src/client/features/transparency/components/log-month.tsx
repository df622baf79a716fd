import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { QUICKNET } from '../../../../shared/drand.ts';
import { dateTimeIn, gcmIn, hoursIn, monthIn, placeIn, usdtFigureIn } from '../../../../shared/localized-format.ts';
import { addMoney } from '../../../../shared/money.ts';
import type { LogEntry } from '../../../../shared/public-log.ts';
import {
  readLogData,
  type TAnchoredData,
  type TDecisions,
  type TLogData,
  type TPaidData,
  type TSummaryData,
  type TWithheldData,
} from '../../../../shared/schemas/log-data.ts';
import { isReasonCode, UNSPECIFIED_REASON } from '../../../../shared/reasons.ts';
import { seasonBounds } from '../../../../shared/seasons.ts';
import { REASON_TEXT } from '../../../components/reason-text.ts';
import { Card, CardContent } from '../../../components/ui/card.tsx';

type Read = { entry: LogEntry; read: TLogData };
type Of<K extends TLogData['kind']> = { entry: LogEntry; data: Extract<TLogData, { kind: K }>['data'] };

function pick<K extends TLogData['kind']>(items: Read[], kind: K): Of<K>[] {
  return items.flatMap(({ entry, read }) => (read.kind === kind ? [{ entry, data: read.data as Of<K>['data'] }] : []));
}

/** "18 h", "2.5 days"; a dash when nothing was decided. */
function Seq({ entry }: { entry: LogEntry }) {
  const seq = entry.seq;
  return (
    <span className="font-mono text-xs text-muted">
      <Trans>entry {seq}</Trans>
    </span>
  );
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
  const anchors = pick(items, 'log.anchored');
  const others = items.filter(({ read }) => read.kind === 'other').map(({ entry }) => entry);
  const names = new Map<string, string>();
  for (const f of frozen) for (const c of f.data.champions) names.set(c.ambassadorId, c.fullName);
  for (const c of closed) for (const w of c.data.winners) names.set(w.ambassadorId, w.fullName);
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const label = monthIn(month, locale);
  const when = (iso: string) => dateTimeIn(iso, locale);
  const money = (amount: string) => usdtFigureIn(amount, locale);
  const monthStart = seasonBounds(month).start.getTime();

  return (
    <Card id={month} aria-labelledby={`log-${month}`}>
      <CardContent className="flex flex-col gap-4 p-6">
        <h2 id={`log-${month}`} className="text-2xl font-bold">
          {label}
        </h2>

        {terms.map(({ entry, data }) => (
          <Part key={entry.seq} title={t`Terms`} entry={entry}>
            <TermsText data={data} />
            <p className="text-sm text-muted">
              {Date.parse(entry.at) > monthStart
                ? t`Fixed ${when(entry.at)}: terms fixed late, at ${entry.at} (after the month began).`
                : t`Fixed ${when(entry.at)}, before the month began.`}
            </p>
            <Hash label={t`Terms hash`} value={data.termsHash} />
          </Part>
        ))}

        {frozen.map(({ entry, data }) => (
          <Part key={entry.seq} title={t`Frozen`} entry={entry}>
            <p className="text-sm">
              {t`Standings and ${data.entrantCount} lottery entrants frozen ${when(entry.at)}. The lottery is drawn from drand round ${data.beaconRound} at ${when(data.beaconAt)}.`}
            </p>
            {data.champions.length ? (
              <ol className="flex flex-col gap-0.5 text-sm" aria-label={t`${label} champions`}>
                {data.champions.map((c) => (
                  <li key={c.ambassadorId} className="break-words">
                    {t`${placeIn(c.rank, locale)}: ${c.fullName}, ${gcmIn(c.monthlyGcm, locale)} GCM, prize ${money(c.prizeUsdt)}`}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted">
                <Trans>Nobody earned GCM this month.</Trans>
              </p>
            )}
            <Hash label={t`Entrant list hash`} value={data.listHash} />
          </Part>
        ))}

        {closed.map(({ entry, data }) => (
          <Part key={entry.seq} title={t`Draw`} entry={entry}>
            <p className="text-sm">
              {t`Drawn ${when(entry.at)} from drand round ${data.beaconRound}.`}{' '}
              <a href={`/hall-of-fame#${month}`} className="font-semibold text-gold underline underline-offset-2">
                <Trans>Check this draw on the Hall of Fame</Trans>
              </a>
            </p>
            {data.winners.length ? (
              <ol className="flex flex-col gap-0.5 text-sm" aria-label={t`${label} lottery winners`}>
                {data.winners.map((w) => (
                  <li key={w.ambassadorId} className="break-words">
                    {w.position}. {w.fullName}: {money(w.prizeUsdt)}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted">
                <Trans>No lottery winners (nobody was entered).</Trans>
              </p>
            )}
            <Hash label={t`Randomness`} value={data.randomness} />
          </Part>
        ))}

        {withheld.length ? (
          <Part title={t`Prizes withheld`}>
            <ul className="flex flex-col gap-1 text-sm">
              {withheld.map(({ entry, data }) => (
                <WithheldItem key={entry.seq} entry={entry} data={data} name={names.get(data.ambassadorId)} />
              ))}
            </ul>
          </Part>
        ) : null}

        {paid.length ? <Payouts paid={paid} explorerTxUrl={explorerTxUrl} /> : null}

        {anchors.length ? <Anchors anchors={anchors} explorerTxUrl={explorerTxUrl} /> : null}

        {summaries.map(({ entry, data }) => (
          <Part key={entry.seq} title={t`Summary`} entry={entry}>
            <dl className="grid gap-1 text-sm sm:grid-cols-3">
              {(
                [
                  [t`GCM awarded`, gcmIn(data.gcmAwarded, locale)],
                  [t`USDT awarded`, money(data.usdtAwarded)],
                  [t`USDT paid`, money(data.usdtPaid)],
                ] as const
              ).map(([term, value]) => (
                <div key={term}>
                  <dt className="text-muted">{term}</dt>
                  <dd className="font-mono font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
            <DecisionTable
              month={label}
              rows={[
                [t`Applications`, data.applications, data.hoursToDecide?.applications.p90],
                [t`Reports`, data.reports, data.hoursToDecide?.reports.p90],
                [t`Withdrawals`, data.withdrawals, data.hoursToDecide?.withdrawals.p90],
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
  const { t, i18n } = useLingui();
  const amount = usdtFigureIn(data.prizeUsdt, i18n.locale);
  const who = name ?? t`ambassador ${data.ambassadorId}`;
  const reason = data.reason;
  return (
    <li className="break-words">
      {data.kind === 'prize' ? t`Prize of ${amount} withheld from ${who}: ${reason}` : t`Lottery prize of ${amount} withheld from ${who}: ${reason}`}{' '}
      <Seq entry={entry} />
    </li>
  );
}

/** The month's terms as logged: prizes, lottery, and the drand round that draws it. */
function TermsText({ data }: { data: Of<'season.terms'>['data'] }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const prizes = data.terms.prizesUsdt
    .map((p, i) => {
      const place = placeIn(i + 1, locale);
      const amount = usdtFigureIn(p, locale);
      return t`${place} ${amount}`;
    })
    .join(', ');
  const winners = data.terms.lotteryWinners;
  const lotteryPrize = usdtFigureIn(data.terms.lotteryPrizeUsdt, locale);
  const round = data.terms.beacon.round;
  return (
    <p className="text-sm">
      {data.terms.beacon.chain === QUICKNET.hash
        ? t`Prizes: ${prizes}. Lottery: ${winners} winners of ${lotteryPrize}, drawn from drand quicknet round ${round}.`
        : t`Prizes: ${prizes}. Lottery: ${winners} winners of ${lotteryPrize}, drawn from drand test chain round ${round}.`}
    </p>
  );
}

/** A transaction of the log (a payout, an anchor): on the block explorer when one is configured, else its hash. */
function TxLink({ txHash, explorerTxUrl }: { txHash: string; explorerTxUrl: string | undefined }) {
  const { t } = useLingui();
  if (!explorerTxUrl) return <span className="font-mono text-xs">{t`Transaction ${txHash}`}</span>;
  return (
    <a
      href={`${explorerTxUrl}${txHash}`}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-mono text-xs text-gold underline underline-offset-2"
    >
      {txHash}
      <span className="sr-only"> {t`(the transaction on the block explorer, opens in a new tab)`}</span>
      <ExternalLink className="size-3" aria-hidden="true" />
    </a>
  );
}

function Payouts({ paid, explorerTxUrl }: { paid: { entry: LogEntry; data: TPaidData }[]; explorerTxUrl: string | undefined }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const total = usdtFigureIn(addMoney(...paid.map((p) => p.data.amountUsdt)), locale);
  return (
    <Part title={plural(paid.length, { one: `Payouts: ${total} in # withdrawal`, other: `Payouts: ${total} in # withdrawals` })}>
      <ul className="flex flex-col gap-1 text-sm">
        {paid.map(({ entry, data }) => (
          <li key={entry.seq} className="flex flex-wrap items-baseline gap-x-2 break-all">
            <span className="font-mono font-semibold">{usdtFigureIn(data.amountUsdt, locale)}</span>
            <span className="text-muted">{t`paid ${dateTimeIn(data.paidAt, locale)}`}</span>
            <TxLink txHash={data.txHash} explorerTxUrl={explorerTxUrl} />
            <Seq entry={entry} />
          </li>
        ))}
      </ul>
    </Part>
  );
}

/** The log's head anchored on BNB Smart Chain (DECISIONS §7): which entry, in which block and when, and the transaction. */
function Anchors({ anchors, explorerTxUrl }: { anchors: { entry: LogEntry; data: TAnchoredData }[]; explorerTxUrl: string | undefined }) {
  const { t, i18n } = useLingui();
  return (
    <Part title={t`Anchored on BNB Smart Chain`}>
      <p className="text-sm text-muted">
        <Trans>
          The log's hash at that entry, in a transaction whose block time nobody here controls: whatever the log held then cannot be rewritten or backdated
          unnoticed.
        </Trans>
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        {anchors.map(({ entry, data }) => {
          const seq = data.seq;
          const block = data.blockNumber;
          const time = dateTimeIn(data.blockTime, i18n.locale);
          return (
            <li key={entry.seq} className="flex flex-wrap items-baseline gap-x-2 break-all">
              <span>{t`Entry ${seq} anchored in block ${block} at ${time}`}</span>
              <TxLink txHash={data.txHash} explorerTxUrl={explorerTxUrl} />
              <Seq entry={entry} />
            </li>
          );
        })}
      </ul>
    </Part>
  );
}

type DecisionRow = [name: string, decisions: TDecisions, p90: string | number | null | undefined];

function DecisionTable({ month, rows }: { month: string; rows: DecisionRow[] }) {
  const { t, i18n } = useLingui();
  // Summaries written since the review desk shipped carry the 90th percentile too (DECISIONS §6).
  const withP90 = rows.some(([, , p90]) => p90 !== undefined);
  return (
    // Six columns do not fit a phone: the table scrolls within its box (reachable by keyboard), never the page.
    <div
      role="region"
      aria-label={t`Decisions in ${month}`}
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-gold"
    >
      <table className="w-full text-left text-sm">
        <caption className="py-1 text-left text-muted">
          <Trans>Decisions in {month}, and how long they took (from submission)</Trans>
        </caption>
        <thead>
          <tr className="border-b border-border text-muted">
            {[t`What`, t`Decided`, t`Approved`, t`Rejected`, t`Median time`, ...(withP90 ? [t`90% within`] : [])].map((heading) => (
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
              <td className="py-1 pr-3 font-mono last:pr-0">{hoursIn(d.medianHours, i18n.locale)}</td>
              {withP90 ? <td className="py-1 font-mono">{hoursIn(p90 ?? null, i18n.locale)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What a reason code is called in public; `unspecified` is a decision recorded without one. */
function reasonName(code: string, i18n: I18n): string {
  if (code === UNSPECIFIED_REASON) return i18n._(msg`No reason recorded`);
  return isReasonCode(code) ? i18n._(REASON_TEXT[code].label) : code;
}

/** The desk in public (DECISIONS §6): rejections and suspensions by reason, and the appeals of the month. */
function DeskFigures({ data }: { data: TSummaryData }) {
  const { t, i18n } = useLingui();
  const reasons = Object.entries(data.decisions?.byReason ?? {}).filter(([, n]) => n > 0);
  if (!reasons.length && !data.appeals) return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      {reasons.length ? (
        <p>
          <span className="text-muted">{t`Reasons given for rejections and suspensions:`} </span>
          {reasons.map(([code, n]) => `${reasonName(code, i18n)} ${n}`).join(', ')}
        </p>
      ) : null}
      {data.appeals ? (
        <p>
          <span className="text-muted">{t`Appeals:`} </span>
          {data.appeals.upheld === undefined
            ? t`${data.appeals.made} made, ${data.appeals.overturned} overturned`
            : t`${data.appeals.made} made, ${data.appeals.overturned} overturned, ${data.appeals.upheld} upheld`}
        </p>
      ) : null}
    </div>
  );
}
