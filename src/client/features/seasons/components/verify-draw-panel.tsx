import { useState } from 'react';
import { verifyDraw, type DrawCheck } from '../../../../shared/draw.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { getSeason } from '../api/get-seasons.ts';

/**
 * 'Verify this draw': fetches the season's published secret, beacon and entrants and recomputes the
 * draw here, in the browser (WebCrypto), with the same code the server drew it with.
 */
export function VerifyDrawPanel({ month }: { month: string }) {
  const [state, setState] = useState<{ running: boolean; ok?: boolean; checks?: DrawCheck[]; error?: string }>({ running: false });
  const run = async () => {
    setState({ running: true });
    try {
      const season = await getSeason(month);
      const result = await verifyDraw(season);
      setState({ running: false, ok: result.ok, checks: result.checks });
    } catch (error) {
      setState({ running: false, error: errorMessage(error, 'The season could not be loaded.') });
    }
  };
  return (
    <section aria-label="Verify this draw" className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Verify this draw</h3>
        <Button size="sm" variant="outline" loading={state.running} onClick={() => void run()}>
          Verify in my browser
        </Button>
      </div>
      <div aria-live="polite">
        {state.error ? <p className="text-sm text-danger">{state.error}</p> : null}
        {state.checks ? (
          <>
            <p className={state.ok ? 'font-semibold text-pitch-light' : 'font-semibold text-danger'}>
              {state.ok ? 'Match: the published draw is what the algorithm gives.' : 'Mismatch: the published draw does not follow from its values.'}
            </p>
            <ol className="mt-2 flex flex-col gap-1 text-sm">
              {state.checks.map((check) => (
                <li key={check.step} className="break-all">
                  <span className={check.ok ? 'font-semibold text-pitch-light' : 'font-semibold text-danger'}>{check.ok ? 'Match' : 'Mismatch'}</span>{' '}
                  {check.step}: <code className="font-mono text-xs">{check.actual}</code>
                  {check.ok ? null : (
                    <>
                      {' '}
                      (published <code className="font-mono text-xs">{check.expected}</code>)
                    </>
                  )}
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </div>
    </section>
  );
}
