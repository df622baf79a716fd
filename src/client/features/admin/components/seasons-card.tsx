import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarCheck, Trophy } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime, formatGcm, formatUsdt } from '../../../../shared/format.ts';
import { ZBeaconForm, type TSeasonAdminItem } from '../../../../shared/schemas/season-admin.ts';
import { MAX_LOTTERY_WINNERS, PRIZE_PLACES, ZSettingsInput } from '../../../../shared/schemas/settings.ts';
import { ordinal, seasonBounds, seasonLabel, seasonOf } from '../../../../shared/seasons.ts';
import { useCurrentSeason } from '../../../api/current-season.ts';
import { useSettings } from '../../../api/settings.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryError, QueryState } from '../../../components/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useFocusAfterSwap } from '../../../lib/page-focus.ts';
import { notify } from '../../../lib/toast.ts';
import { useCloseSeason, useSeasonPreview, useSeasons } from '../api/seasons.ts';
import { useUpdateSettings } from '../api/update-settings.ts';

const PLACES = Array.from({ length: PRIZE_PLACES }, (_, i) => ordinal(i + 1));

/** The month after the running one, by name: prize settings changed now apply from it (DECISIONS §5, protocol 2 step 1). */
function useNextMonthLabel(): string | null {
  const current = useCurrentSeason();
  return current.data ? seasonLabel(seasonOf(seasonBounds(current.data.month).end)) : null;
}

/** The five prizes, the number of lottery winners and the lottery prize (DECISIONS §5). */
export function PrizesCard() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const next = useNextMonthLabel();
  const form = useForm({
    resolver: zodResolver(ZSettingsInput),
    values: settings.data
      ? { prizesUsdt: settings.data.prizesUsdt, lotteryWinners: settings.data.lotteryWinners, lotteryPrizeUsdt: settings.data.lotteryPrizeUsdt }
      : undefined,
    // The settings are read again when anyone changes them (DECISIONS §6): a field being edited here keeps what was typed.
    resetOptions: { keepDirtyValues: true },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="inline-flex items-center gap-2">
          <Trophy className="size-5 text-gold" aria-hidden="true" /> Monthly prizes
        </CardTitle>
        <CardDescription>
          Paid in USDT when a month is closed: the top {PRIZE_PLACES}, and a lottery among the other ranked ambassadors. A month&apos;s terms are fixed when it
          begins: changes apply from {next ?? 'the next month'}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={settings} failure="The prizes could not be loaded." loading={<Spinner />} compact>
          {() => (
            <Form
              form={form}
              aria-label="Monthly prizes"
              className="flex flex-col gap-4"
              onSubmit={(values) =>
                update.mutate(values, {
                  onSuccess: () => notify.success('Prizes Updated', `The new prizes apply from ${next ?? 'the next month'}.`),
                  onError: (error) => notify.error('Failed to update prizes', errorMessage(error)),
                })
              }
            >
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
                {PLACES.map((place, i) => (
                  <FormField key={place} name={`prizesUsdt.${i}`} label={`${place} (USDT)`} required>
                    <Input inputMode="decimal" />
                  </FormField>
                ))}
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField name="lotteryWinners" label="Lottery winners" hint="How many entrants the lottery draws each month, 0 to 100" required asNumber>
                  <Input type="number" inputMode="numeric" min={0} max={MAX_LOTTERY_WINNERS} step={1} />
                </FormField>
                <FormField name="lotteryPrizeUsdt" label="Lottery prize (USDT)" required>
                  <Input inputMode="decimal" />
                </FormField>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" loading={update.isPending}>
                  Save prizes
                </Button>
                {next ? <p className="text-sm text-muted">Changes apply from {next}.</p> : null}
              </div>
            </Form>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

const STATUS_BADGE: Record<TSeasonAdminItem['status'], { text: string; variant: 'success' | 'warning' | 'secondary' | 'destructive' }> = {
  running: { text: 'Running', variant: 'secondary' },
  ended: { text: 'Ended', variant: 'warning' },
  frozen: { text: 'Frozen', variant: 'warning' },
  waiting: { text: 'Waiting', variant: 'destructive' },
  closed: { text: 'Closed', variant: 'success' },
};

/** Where a month stands, in a sentence (DECISIONS §5): protocol 2 months move on by themselves. */
export function seasonStage(season: TSeasonAdminItem): string {
  const round = season.beaconRound === null ? 'its drand round' : `drand round ${season.beaconRound}`;
  const at = season.beaconAt ? ` at ${formatDateTime(season.beaconAt)}` : '';
  switch (season.status) {
    case 'running':
      return 'Running';
    case 'ended':
      return season.protocol === 1 ? 'Ended, waiting to be closed with a beacon' : 'Ended: the standings and entrants are being frozen';
    case 'frozen':
      return `Frozen: waiting for ${round}${at}`;
    case 'waiting':
      return `Waiting for round ${season.beaconRound ?? '?'}: ${season.waitingReason ?? 'the beacon has not been fetched yet'}`;
    case 'closed':
      return 'Closed';
  }
}

/**
 * The months seen, newest first, each with its stage: the running one, protocol 2 months frozen at
 * their end and closed by themselves once their drand round is out (or waiting for it, and why), and
 * protocol 1 months from before that, closed here with a beacon (with a preview first).
 */
export function SeasonsCard() {
  const seasons = useSeasons();
  const [closing, setClosing] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="inline-flex items-center gap-2">
          <CalendarCheck className="size-5 text-gold" aria-hidden="true" /> Seasons
        </CardTitle>
        <CardDescription>
          Each month&apos;s terms are fixed when it begins. At its end the standings and entrants are frozen, and the lottery is drawn from a drand round nobody
          can know in advance: the month closes and pays by itself. Months from before this were closed here with a beacon.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={seasons} failure="The seasons could not be loaded." loading={<Spinner />} compact>
          {(list) => (
            <ul className="flex flex-col divide-y divide-border" aria-label="Seasons">
              {list.map((season) => (
                <li key={season.month} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <p className="font-semibold">
                      {season.label} <Badge variant={STATUS_BADGE[season.status].variant}>{STATUS_BADGE[season.status].text}</Badge>
                    </p>
                    {season.status !== 'running' && season.status !== 'closed' ? <p className="text-sm">{seasonStage(season)}</p> : null}
                    {season.protocol === 1 && season.commitment ? <p className="break-all text-xs text-muted">Commitment: {season.commitment}</p> : null}
                    {season.protocol === 2 && season.termsHash ? (
                      <p className="break-all text-xs text-muted">
                        Terms hash: {season.termsHash}
                        {season.termsFixedAt ? `, fixed ${formatDateTime(season.termsFixedAt)}` : ''}
                      </p>
                    ) : null}
                    {season.frozenAt && season.status !== 'closed' ? (
                      <p className="text-xs text-muted">
                        Frozen {formatDateTime(season.frozenAt)}
                        {season.entrantCount === null ? '' : ` with ${season.entrantCount} lottery entrants`}
                      </p>
                    ) : null}
                    {season.closedAt ? (
                      <p className="text-xs text-muted">
                        Closed {formatDateTime(season.closedAt)}: {season.prizeWinners} prizes, {season.lotteryWinners} lottery wins among {season.entrantCount}{' '}
                        entrants
                      </p>
                    ) : null}
                    {season.withheldCount > 0 ? (
                      <p className="text-xs text-danger">
                        {season.withheldCount} {season.withheldCount === 1 ? 'prize' : 'prizes'} withheld
                      </p>
                    ) : null}
                  </div>
                  {season.protocol === 1 && season.status === 'ended' ? (
                    <Button size="sm" onClick={() => setClosing(season.month)}>
                      Close month<span className="sr-only"> {season.label}</span>…
                    </Button>
                  ) : season.status === 'closed' || season.status === 'frozen' || season.status === 'waiting' ? (
                    <a className="text-sm font-semibold text-gold underline" href={`/hall-of-fame#${season.month}`}>
                      Hall of Fame<span className="sr-only">: {season.label}</span>
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {closing ? <CloseSeasonDialog month={closing} onClose={() => setClosing(null)} /> : null}
    </Card>
  );
}

function CloseSeasonDialog({ month, onClose }: { month: string; onClose: () => void }) {
  const preview = useSeasonPreview(month);
  const close = useCloseSeason();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZBeaconForm), defaultValues: { beacon: '' } });
  const p = preview.data;
  // The result replaces the form and its pressed button: its heading takes the focus.
  const body = useRef<HTMLDivElement>(null);
  useFocusAfterSwap(Boolean(close.data), { container: body });
  return (
    <ModalDialog
      onClose={onClose}
      title={`Close ${p?.label ?? month}`}
      description="Check the standings and prizes, then enter the beacon and pay."
      className="max-w-2xl"
    >
      <div ref={body} className="flex flex-col gap-4 overflow-y-auto px-6 pb-6">
        {!p ? (
          preview.status === 'error' ? (
            <QueryError
              title="The month's standings could not be loaded."
              error={preview.error}
              onRetry={() => void preview.refetch()}
              retrying={preview.isFetching}
              compact
            />
          ) : (
            <Spinner />
          )
        ) : close.data ? (
          <div role="status" className="flex flex-col gap-2">
            <h3 className="font-semibold">{p.label} is closed and paid.</h3>
            <p className="text-sm">Lottery winners: {(close.data.lottery?.winners ?? []).map((w) => w.fullName).join(', ') || 'none'}</p>
            <DialogFooter>
              <Button onClick={onClose}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <>
            <section aria-label="Prizes">
              <h3 className="font-semibold">Prizes</h3>
              {p.champions.length ? (
                <ol className="text-sm">
                  {p.champions.map((c) => (
                    <li key={c.ambassadorId}>
                      {ordinal(c.rank)}: {c.fullName}, {formatGcm(c.monthlyGcm)} GCM: {formatUsdt(c.prizeUsdt)}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="text-sm text-muted">Nobody earned GCM this month.</p>
              )}
            </section>
            <p className="text-sm">
              Lottery: {Math.min(p.lotteryWinners, p.entrantCount)} winners of {formatUsdt(p.lotteryPrizeUsdt)} among {p.entrantCount} entrants.
            </p>
            {p.commitment ? <p className="break-all text-xs text-muted">Commitment: {p.commitment}</p> : null}
            <Form
              form={form}
              aria-label="Close the month"
              className="flex flex-col gap-3"
              onSubmit={(values) => {
                setFailure(null);
                close.mutate(
                  { month, beacon: values.beacon },
                  {
                    onSuccess: () => notify.success('Month Closed', `${p.label}: prizes and lottery wins credited.`),
                    onError: (error) => setFailure(errorMessage(error)),
                  },
                );
              }}
            >
              <FormField
                name="beacon"
                label="Beacon"
                hint={`${p.beaconRule} The block is the first at or after ${formatDateTime(p.earliestBeaconAt)}.`}
                required
              >
                <Input placeholder="bsc:<block number>:<block hash>" autoComplete="off" />
              </FormField>
              {failure ? <FieldError>{failure}</FieldError> : null}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={close.isPending}>
                  Close and pay
                </Button>
              </DialogFooter>
            </Form>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
