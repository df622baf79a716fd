import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { formatHead } from '../../../../shared/public-log.ts';
import { useVerifyText } from '../../../components/verify-text.ts';
import type { CheckedLog } from '../api/get-checked-log.ts';

/**
 * What the browser's check found: a role="alert" naming the first entry that fails (a broken chain,
 * or a log that no longer holds a head this browser saw), or that it holds; and the head to note.
 */
export function LogStatus({ checked }: { checked: CheckedLog }) {
  const { t } = useLingui();
  const say = useVerifyText();
  const { verdict, remembered } = checked;
  const head = formatHead(checked.log.head);
  const count = verdict.ok ? verdict.count : 0;
  const seq = verdict.ok ? 0 : verdict.failure.seq;
  const reason = verdict.ok ? '' : say(verdict.failure.reason);
  const origin = typeof location === 'undefined' ? 'https://this-site' : location.origin;
  return (
    <section aria-labelledby="log-check-title" className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-6">
      <h2 id="log-check-title" className="text-xl font-bold">
        <Trans>Checked in your browser</Trans>
      </h2>
      {verdict.ok ? (
        <p className="inline-flex items-start gap-2 text-sm text-pitch-light">
          <ShieldCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>
            {t`The log holds: each of its ${count} entries carries the hash of the one before, and each hash matches its entry.`}
            {remembered.length
              ? ` ${plural(remembered.length, { one: 'It still contains the head this browser saw before.', other: 'It still contains the # heads this browser saw before.' })}`
              : ` ${t`This browser now remembers its head, and will check on your next visit that the log still contains it.`}`}
          </span>
        </p>
      ) : (
        <div role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
          <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">
              {verdict.failure.cause === 'rewritten'
                ? remembered.some((h) => h.seq === seq)
                  ? t`The programme log no longer extends what this browser saw before: entry ${seq} changed.`
                  : t`Entry ${seq} was written after this browser saw the log, and dated before it.`
                : verdict.failure.cause === 'missing'
                  ? t`The programme log's months do not add up at entry ${seq}.`
                  : t`The programme log's chain is broken at entry ${seq}.`}
            </p>
            <p>
              <Trans>
                Entry {seq}: {reason}. Nothing on this page after that point can be trusted.
              </Trans>
            </p>
          </div>
        </div>
      )}
      <p className="break-all text-sm">
        <Trans>
          Log head: <code className="font-mono text-xs">{head}</code>
        </Trans>
      </p>
      <p className="text-xs text-muted">
        <Trans>
          Note the head down: later,{' '}
          <code className="font-mono">
            npm run verify-log -- --url {origin} --head {head}
          </code>{' '}
          (from the project&apos;s source) checks that the log still contains it, every draw included.
        </Trans>
      </p>
    </section>
  );
}
