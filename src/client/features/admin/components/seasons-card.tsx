import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarCheck, Trophy } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime, formatGcm, formatUsdt } from '../../../../shared/format.ts';
import { ZCloseSeasonInput, type TSeasonAdminItem } from '../../../../shared/schemas/season-admin.ts';
import { PRIZE_PLACES, SETTINGS_MESSAGES, ZSettingsInput } from '../../../../shared/schemas/settings.ts';
import { useSettings } from '../../../api/settings.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useFocusAfterSwap } from '../../../lib/page-focus.ts';
import { notify } from '../../../lib/toast.ts';
import { useCloseSeason, useSeasonPreview, useSeasons } from '../api/seasons.ts';
import { useUpdateSettings } from '../api/update-settings.ts';

const PLACES = ['1st', '2nd', '3rd', '4th', '5th'];

/** The five prizes, the number of lottery winners and the lottery prize (DECISIONS §5). */
export function PrizesCard() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const form = useForm({
    resolver: zodResolver(ZSettingsInput),
    values: settings.data
      ? { prizesUsdt: settings.data.prizesUsdt, lotteryWinners: settings.data.lotteryWinners, lotteryPrizeUsdt: settings.data.lotteryPrizeUsdt }
      : undefined,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="inline-flex items-center gap-2">
          <Trophy className="size-5 text-gold" aria-hidden="true" /> Monthly prizes
        </CardTitle>
        <CardDescription>Paid in USDT when a month is closed: the top {PRIZE_PLACES}, and a lottery among the other ranked ambassadors.</CardDescription>
      </CardHeader>
      <CardContent>
        {!settings.data ? (
          <Spinner />
        ) : (
          <Form
            form={form}
            aria-label="Monthly prizes"
            className="flex flex-col gap-4"
            onSubmit={(values) =>
              update.mutate(values, {
                onSuccess: () => notify.success('Prizes Updated', 'The new prizes apply from the next close.'),
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
              <FormField name="lotteryWinners" label="Lottery winners" hint={SETTINGS_MESSAGES.lotteryWinners} required>
                <Input type="number" inputMode="numeric" min={0} max={100} onChange={(e) => form.setValue('lotteryWinners', e.currentTarget.valueAsNumber)} />
              </FormField>
              <FormField name="lotteryPrizeUsdt" label="Lottery prize (USDT)" required>
                <Input inputMode="decimal" />
              </FormField>
            </div>
            <Button type="submit" className="self-start" loading={update.isPending}>
              Save prizes
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

const STATUS_TEXT: Record<TSeasonAdminItem['status'], string> = { running: 'Running', ended: 'Ended, waiting to be closed', closed: 'Closed' };

/** The months seen: the running one, ended ones to close (with a preview first), closed ones. */
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
          Each month&apos;s draw is fixed by its published commitment before the month ends. Close an ended month to pay its prizes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!seasons.data ? (
          <Spinner />
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label="Seasons">
            {seasons.data.map((season) => (
              <li key={season.month} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {season.label}{' '}
                    <Badge variant={season.status === 'closed' ? 'success' : season.status === 'ended' ? 'warning' : 'secondary'}>
                      {STATUS_TEXT[season.status]}
                    </Badge>
                  </p>
                  <p className="break-all text-xs text-muted">Commitment: {season.commitment}</p>
                  {season.closedAt ? (
                    <p className="text-xs text-muted">
                      Closed {formatDateTime(season.closedAt)}: {season.prizeWinners} prizes, {season.lotteryWinners} lottery wins among {season.entrantCount}{' '}
                      entrants
                    </p>
                  ) : null}
                </div>
                {season.status === 'ended' ? (
                  <Button size="sm" onClick={() => setClosing(season.month)}>
                    Close month<span className="sr-only"> {season.label}</span>…
                  </Button>
                ) : season.status === 'closed' ? (
                  <a className="text-sm font-semibold text-gold underline" href={`/hall-of-fame#${season.month}`}>
                    Hall of Fame
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {closing ? <CloseSeasonDialog month={closing} onClose={() => setClosing(null)} /> : null}
    </Card>
  );
}

function CloseSeasonDialog({ month, onClose }: { month: string; onClose: () => void }) {
  const preview = useSeasonPreview(month);
  const close = useCloseSeason();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZCloseSeasonInput), defaultValues: { beacon: '' } });
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
          <Spinner />
        ) : close.data ? (
          <div role="status" className="flex flex-col gap-2">
            <h3 className="font-semibold">{p.label} is closed and paid.</h3>
            <p className="text-sm">Lottery winners: {close.data.lottery.winners.map((w) => w.fullName).join(', ') || 'none'}</p>
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
                      {PLACES[c.rank - 1]}: {c.fullName}, {formatGcm(c.monthlyGcm)} GCM: {formatUsdt(c.prizeUsdt)}
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
            <p className="break-all text-xs text-muted">Commitment: {p.commitment}</p>
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
