import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { zonedDateTimeIn } from '../../../../shared/localized-format.ts';
import { verifySeason, type SeasonVerification } from '../../../../shared/verify-log.ts';
import { resources } from '../../../api/resources.ts';
import { useVerifyText } from '../../../components/verify-text.ts';
import { englishOf } from '../../../../shared/verify-texts.ts';
import { useExplorerTxUrl } from '../../../api/explorer.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { headsForServer, readRememberedHeads } from '../../../lib/remembered-heads.ts';
import { cn } from '../../../lib/utils.ts';

type Run =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'failed'; error: string }
  | { state: 'done'; result: SeasonVerification; round?: { round: number; at: string } };

/** Read, or the reason it could not be: the log's absence is a failed step, not a failed check. */
async function orError<T>(read: Promise<T>): Promise<T | Error> {
  try {
    return await read;
  } catch (error) {
    return new Error(errorMessage(error));
  }
}

/**
 * 'Verify this draw': reads the month as published, the drand chain the server names and the
 * public log, and recomputes everything here, in the browser, with the code the server drew with
 * (src/shared): terms, entrants, the beacon's BLS signature (its code loaded only now), the seed,
 * each winner by name, and the log's entries for the month. Each step shows what was published
 * and what it should be.
 */
export function VerifyDrawPanel({ month }: { month: string }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const start = async () => {
    setRun({ state: 'running' });
    try {
      // Each check reads what is published now, not what this page read before.
      const season = await client.fetchQuery({ ...resources.season(month), staleTime: 0 });
      // The heads this browser saw, with when (as /transparency checks them): a rewritten or backdated log fails here too.
      const remembered = readRememberedHeads();
      if (season.protocol !== 2) {
        // Against the log: a protocol 1 month from the cut-over on was downgraded.
        const [served, log] = await Promise.all([
          orError(client.fetchQuery({ ...resources.drandChain(), staleTime: 0 })),
          orError(client.fetchQuery({ ...resources.publicLog(), staleTime: 0 })),
        ]);
        const heads = headsForServer(remembered, served instanceof Error ? undefined : served.production);
        setRun({ state: 'done', result: await verifySeason(season, { log: log instanceof Error ? null : log, remembered: heads }) });
        return;
      }
      const [served, log] = await Promise.all([
        orError(client.fetchQuery({ ...resources.drandChain(), staleTime: 0 })),
        orError(client.fetchQuery({ ...resources.publicLog(), staleTime: 0 })),
      ]);
      const chain = served instanceof Error ? null : served;
      const result = await verifySeason(season, { served: chain, log, remembered: headsForServer(remembered, chain?.production) });
      setRun({ state: 'done', result, round: { round: season.beacon.round, at: season.beacon.at } });
    } catch (error) {
      const why = errorMessage(error);
      setRun({ state: 'failed', error: t`The month could not be loaded: ${why}` });
    }
  };
  const titleId = `verify-${month}`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          <Trans>Verify this draw</Trans>
        </h3>
        <Button size="sm" variant="outline" loading={run.state === 'running'} onClick={() => void start()}>
          <Trans>Verify in my browser</Trans>
        </Button>
      </div>
      <div aria-live="polite" className="flex flex-col gap-2">
        {run.state === 'failed' ? (
          <p role="alert" className="text-sm text-danger">
            {run.error}
          </p>
        ) : null}
        {run.state === 'done' ? <Verdict result={run.result} round={run.round} /> : null}
      </div>
    </section>
  );
}

function Verdict({ result, round }: { result: SeasonVerification; round?: { round: number; at: string } | undefined }) {
  const { t, i18n } = useLingui();
  const say = useVerifyText();
  const explorerTxUrl = useExplorerTxUrl();
  const number = round?.round ?? '';
  const at = zonedDateTimeIn(round?.at, i18n.locale);
  const late = result.steps.some((s) => s.status === 'late');
  const headline = !result.ok
    ? t`Mismatch: the published draw does not follow from its values.`
    : result.pending
      ? late
        ? t`Everything published so far holds, but not every step was in time (see the late steps). The draw waits for drand round ${number} at ${at}.`
        : t`Everything published so far matches. The draw waits for drand round ${number} at ${at}.`
      : late
        ? t`Late: the published draw is what the algorithm gives, but not every step was in time (see the late steps).`
        : t`Match: the published draw is what the algorithm gives.`;
  const statusText = { match: t`Match`, late: t`Late`, mismatch: t`Mismatch` };
  const statusClass = { match: 'text-pitch-light', late: 'text-gold', mismatch: 'text-danger' };
  return (
    <>
      <p className={cn('font-semibold', !result.ok ? 'text-danger' : late ? 'text-gold' : 'text-pitch-light')}>{headline}</p>
      {result.notes.map(say).map((note) => (
        <p key={note} className="rounded-lg border border-gold/40 bg-gold/10 px-3 py-2 text-sm text-gold">
          <Trans>
            <strong>Note:</strong> {note}
          </Trans>
        </p>
      ))}
      <ol className="flex flex-col gap-2 text-sm" aria-label={t`Steps`}>
        {result.steps.map((step) => (
          <li key={englishOf(step)} className="break-all rounded-lg bg-surface-2 px-3 py-2">
            <p>
              <span className={cn('font-semibold', statusClass[step.status])}>{statusText[step.status]}</span> {say(step)}
            </p>
            <dl className="mt-1 grid gap-0.5 text-xs text-muted">
              <div>
                <dt className="inline font-semibold">
                  <Trans>Published:</Trans>{' '}
                </dt>
                <dd className="inline font-mono">{step.expected}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">
                  <Trans>Checked here:</Trans>{' '}
                </dt>
                <dd className="inline font-mono">{step.actual}</dd>
              </div>
            </dl>
            <AnchorLink step={step} explorerTxUrl={explorerTxUrl} />
          </li>
        ))}
      </ol>
    </>
  );
}

/** The anchor transaction of a freeze anchored before its beacon (DECISIONS §7), on the block explorer. */
export function AnchorLink({ step, explorerTxUrl }: { step: SeasonVerification['steps'][number]; explorerTxUrl: string | undefined }) {
  const { t } = useLingui();
  const { id } = step;
  const txHash = /0x[0-9a-fA-F]{64}/.exec(step.actual)?.[0];
  if (!explorerTxUrl || !txHash || (id !== 'logFreezeAnchored' && id !== 'logFreezeAnchoredUnchecked')) return null;
  return (
    <a
      href={`${explorerTxUrl}${txHash}`}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-gold underline underline-offset-2"
    >
      {t`The anchor transaction on the block explorer (opens in a new tab)`}
      <ExternalLink className="size-3" aria-hidden="true" />
    </a>
  );
}
