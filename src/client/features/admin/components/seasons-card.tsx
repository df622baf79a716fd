import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CalendarCheck, Trophy } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { dateTimeIn, gcmIn, monthIn, placeIn, usdtAmountIn } from '../../../../shared/localized-format.ts';
import { ZBeaconForm, type TSeasonAdminItem } from '../../../../shared/schemas/season-admin.ts';
import { MAX_LOTTERY_WINNERS, PRIZE_PLACES } from '../../../../shared/schemas/settings.ts';
import { seasonBounds, seasonOf } from '../../../../shared/seasons.ts';
import { useCurrentSeason } from '../../../api/current-season.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '../../../components/ui/card.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryError, QueryState } from '../../../components/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { i18n } from '../../../i18n/i18n.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useFocusAfterSwap } from '../../../lib/page-focus.ts';
import { notify } from '../../../lib/toast.ts';
import { useCloseSeason, useSeasonPreview, useSeasons } from '../api/seasons.ts';
import { SettingsFormCard } from './settings-form-card.tsx';

const PLACES = Array.from({ length: PRIZE_PLACES }, (_, i) => i + 1);

/** The month after the running one, by name: prize settings changed now apply from it (DECISIONS §5, protocol 2 step 1). */
function useNextMonthLabel(): string | null {
  const current = useCurrentSeason();
  const { i18n: active } = useLingui();
  return current.data ? monthIn(seasonOf(seasonBounds(current.data.month).end), active.locale) : null;
}

/** The five prizes, the number of lottery winners and the lottery prize (DECISIONS §5). */
export function PrizesCard() {
  const { t, i18n: active } = useLingui();
  const next = useNextMonthLabel();
  const from = next ?? t`the next month`;
  return (
    <SettingsFormCard
      icon={Trophy}
      title={<Trans>Monthly prizes</Trans>}
      description={
        <Trans>
          Paid in USDT when a month is closed: the top {PRIZE_PLACES}, and a lottery among the other ranked ambassadors. A month&apos;s terms are fixed when it
          begins: changes apply from {from}.
        </Trans>
      }
      label={t`Monthly prizes`}
      loadFailure={t`The prizes could not be loaded.`}
      pick={(settings) => ({ prizesUsdt: settings.prizesUsdt, lotteryWinners: settings.lotteryWinners, lotteryPrizeUsdt: settings.lotteryPrizeUsdt })}
      saved={[t`Prizes Updated`, t`The new prizes apply from ${from}.`]}
      saveFailed={t`Failed to update prizes`}
      submit={<Trans>Save prizes</Trans>}
      note={
        next ? (
          <p className="text-sm text-muted">
            <Trans>Changes apply from {next}.</Trans>
          </p>
        ) : null
      }
    >
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {PLACES.map((place, i) => (
          <FormField key={place} name={`prizesUsdt.${i}`} label={`${placeIn(place, active.locale)} (USDT)`} required>
            <Input inputMode="decimal" />
          </FormField>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField name="lotteryWinners" label={t`Lottery winners`} hint={t`How many entrants the lottery draws each month, 0 to 100`} required asNumber>
          <Input type="number" inputMode="numeric" min={0} max={MAX_LOTTERY_WINNERS} step={1} />
        </FormField>
        <FormField name="lotteryPrizeUsdt" label={t`Lottery prize (USDT)`} required>
          <Input inputMode="decimal" />
        </FormField>
      </div>
    </SettingsFormCard>
  );
}

const STATUS_BADGE: Record<TSeasonAdminItem['status'], { text: MessageDescriptor; variant: 'success' | 'warning' | 'secondary' | 'destructive' }> = {
  running: { text: msg`Running`, variant: 'secondary' },
  ended: { text: msg`Ended`, variant: 'warning' },
  frozen: { text: msg`Frozen`, variant: 'warning' },
  waiting: { text: msg`Waiting`, variant: 'destructive' },
  closed: { text: msg`Closed`, variant: 'success' },
};

/** Where a month stands, in a sentence (DECISIONS §5): protocol 2 months move on by themselves. */
export function seasonStage(season: TSeasonAdminItem): string {
  const beaconRound = season.beaconRound;
  const round = beaconRound === null ? i18n._(msg`its drand round`) : i18n._(msg`drand round ${beaconRound}`);
  const at = season.beaconAt ? dateTimeIn(season.beaconAt, i18n.locale) : null;
  switch (season.status) {
    case 'running':
      return i18n._(msg`Running`);
    case 'ended':
      return season.protocol === 1 ? i18n._(msg`Ended, waiting to be closed with a beacon`) : i18n._(msg`Ended: the standings and entrants are being frozen`);
    case 'frozen':
      return at ? i18n._(msg`Frozen: waiting for ${round} at ${at}`) : i18n._(msg`Frozen: waiting for ${round}`);
    case 'waiting': {
      const which = beaconRound ?? '?';
      const why = season.waitingReason ?? i18n._(msg`the beacon has not been fetched yet`);
      return i18n._(msg`Waiting for round ${which}: ${why}`);
    }
    case 'closed':
      return i18n._(msg`Closed`);
  }
}

/**
 * The months seen, newest first, each with its stage: the running one, protocol 2 months frozen at
 * their end and closed by themselves once their drand round is out (or waiting for it, and why), and
 * protocol 1 months from before that, closed here with a beacon (with a preview first).
 */
export function SeasonsCard() {
  const { t, i18n: active } = useLingui();
  const seasons = useSeasons();
  const [closing, setClosing] = useState<string | null>(null);
  return (
    <Card>
      <IconCardHeader
        icon={CalendarCheck}
        title={<Trans>Seasons</Trans>}
        description={
          <Trans>
            Each month&apos;s terms are fixed when it begins. At its end the standings and entrants are frozen, and the lottery is drawn from a drand round
            nobody can know in advance: the month closes and pays by itself. Months from before this were closed here with a beacon.
          </Trans>
        }
      />
      <CardContent>
        <QueryState query={seasons} failure={t`The seasons could not be loaded.`} loading={<Spinner />} compact>
          {(list) => (
            <ul className="flex flex-col divide-y divide-border" aria-label={t`Seasons`}>
              {list.map((season) => {
                const label = monthIn(season.month, active.locale);
                const fixed = season.termsFixedAt ? dateTimeIn(season.termsFixedAt, active.locale) : null;
                const frozen = season.frozenAt ? dateTimeIn(season.frozenAt, active.locale) : null;
                const closed = season.closedAt ? dateTimeIn(season.closedAt, active.locale) : null;
                return (
                  <li key={season.month} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="flex min-w-0 flex-col gap-0.5">
                      <p className="font-semibold">
                        {label} <Badge variant={STATUS_BADGE[season.status].variant}>{active._(STATUS_BADGE[season.status].text)}</Badge>
                      </p>
                      {season.status !== 'running' && season.status !== 'closed' ? <p className="text-sm">{seasonStage(season)}</p> : null}
                      {season.protocol === 1 && season.commitment ? (
                        <p className="break-all text-xs text-muted">
                          <Trans>Commitment: {season.commitment}</Trans>
                        </p>
                      ) : null}
                      {season.protocol === 2 && season.termsHash ? (
                        <p className="break-all text-xs text-muted">
                          {fixed ? (
                            <Trans>
                              Terms hash: {season.termsHash}, fixed {fixed}
                            </Trans>
                          ) : (
                            <Trans>Terms hash: {season.termsHash}</Trans>
                          )}
                        </p>
                      ) : null}
                      {season.frozenAt && season.status !== 'closed' ? (
                        <p className="text-xs text-muted">
                          {season.entrantCount === null ? (
                            <Trans>Frozen {frozen}</Trans>
                          ) : (
                            <Trans>
                              Frozen {frozen} with {season.entrantCount} lottery entrants
                            </Trans>
                          )}
                        </p>
                      ) : null}
                      {season.closedAt ? (
                        <p className="text-xs text-muted">
                          <Trans>
                            Closed {closed}: {season.prizeWinners} prizes, {season.lotteryWinners} lottery wins among {season.entrantCount} entrants
                          </Trans>
                        </p>
                      ) : null}
                      {season.withheldCount > 0 ? (
                        <p className="text-xs text-danger">
                          <Plural value={season.withheldCount} one="# prize withheld" other="# prizes withheld" />
                        </p>
                      ) : null}
                    </div>
                    {season.protocol === 1 && season.status === 'ended' ? (
                      <Button size="sm" onClick={() => setClosing(season.month)}>
                        <Trans>
                          Close month<span className="sr-only"> {label}</span>…
                        </Trans>
                      </Button>
                    ) : season.status === 'closed' || season.status === 'frozen' || season.status === 'waiting' ? (
                      <a className="text-sm font-semibold text-gold underline" href={`/hall-of-fame#${season.month}`}>
                        <Trans>
                          Hall of Fame<span className="sr-only">: {label}</span>
                        </Trans>
                      </a>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {closing ? <CloseSeasonDialog month={closing} onClose={() => setClosing(null)} /> : null}
    </Card>
  );
}

function CloseSeasonDialog({ month, onClose }: { month: string; onClose: () => void }) {
  const { t, i18n: active } = useLingui();
  const label = monthIn(month, active.locale);
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
      title={t`Close ${label}`}
      description={t`Check the standings and prizes, then enter the beacon and pay.`}
      className="max-w-2xl"
    >
      <div ref={body} className="flex flex-col gap-4 overflow-y-auto px-6 pb-6">
        {!p ? (
          preview.status === 'error' ? (
            <QueryError title={t`The month's standings could not be loaded.`} query={preview} compact />
          ) : (
            <Spinner />
          )
        ) : close.data ? (
          <div role="status" className="flex flex-col gap-2">
            <h3 className="font-semibold">
              <Trans>{label} is closed and paid.</Trans>
            </h3>
            <p className="text-sm">
              <Trans>Lottery winners: {(close.data.lottery?.winners ?? []).map((w) => w.fullName).join(', ') || t`none`}</Trans>
            </p>
            <DialogFooter>
              <Button onClick={onClose}>
                <Trans>Done</Trans>
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <>
            <section aria-label={t`Prizes`}>
              <h3 className="font-semibold">
                <Trans>Prizes</Trans>
              </h3>
              {p.champions.length ? (
                <ol className="text-sm">
                  {p.champions.map((c) => (
                    <li key={c.ambassadorId}>
                      {placeIn(c.rank, active.locale)}: {c.fullName}, {gcmIn(c.monthlyGcm, active.locale)} GCM: {usdtAmountIn(c.prizeUsdt, active.locale)}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="text-sm text-muted">
                  <Trans>Nobody earned GCM this month.</Trans>
                </p>
              )}
            </section>
            <p className="text-sm">
              <Trans>
                Lottery: {Math.min(p.lotteryWinners, p.entrantCount)} winners of {usdtAmountIn(p.lotteryPrizeUsdt, active.locale)} among {p.entrantCount}{' '}
                entrants.
              </Trans>
            </p>
            {p.commitment ? (
              <p className="break-all text-xs text-muted">
                <Trans>Commitment: {p.commitment}</Trans>
              </p>
            ) : null}
            <Form
              form={form}
              aria-label={t`Close the month`}
              className="flex flex-col gap-3"
              onSubmit={(values) => {
                setFailure(null);
                close.mutate(
                  { month, beacon: values.beacon },
                  {
                    onSuccess: () => notify.success(t`Month Closed`, t`${label}: prizes and lottery wins credited.`),
                    onError: (error) => setFailure(errorMessage(error)),
                  },
                );
              }}
            >
              <FormField
                name="beacon"
                label={t`Beacon`}
                hint={`${p.beaconRule} ${t`The block is the first at or after ${dateTimeIn(p.earliestBeaconAt, active.locale)}.`}`}
                required
              >
                <Input placeholder="bsc:<block number>:<block hash>" autoComplete="off" />
              </FormField>
              {failure ? <FieldError>{failure}</FieldError> : null}
              <DialogActions onCancel={onClose}>
                <Button type="submit" loading={close.isPending}>
                  <Trans>Close and pay</Trans>
                </Button>
              </DialogActions>
            </Form>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
