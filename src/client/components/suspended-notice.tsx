import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { ShieldAlert } from 'lucide-react';
import { SUPPORT_EMAIL } from '../../shared/limits.ts';
import { flagsOf } from '../api/decisions.ts';
import { DecisionFlags } from './decision-flags.tsx';
import { isReasonCode, reasonHref } from '../../shared/reasons.ts';
import { NO_REASON, REASON_TEXT } from './reason-text.ts';

/** The suspension's reason as the ambassador's answer carries it (DECISIONS §6); absent on an old server or an old suspension. */
interface SuspensionFields {
  status: string;
  reasonCode?: string | null;
  facts?: string | null;
  decisionFlags?: readonly string[] | null;
}

/**
 * A suspended ambassador can sign in but cannot submit reports or withdrawals (DECISIONS §3), and
 * reads why (DECISIONS §6): the reason, its rule on /rules, and the facts, as text.
 */
export function SuspendedNotice({ ambassador }: { ambassador?: SuspensionFields | undefined }) {
  const { _ } = useLingui();
  const code = isReasonCode(ambassador?.reasonCode) ? ambassador.reasonCode : null;
  const facts = ambassador?.facts ?? null;
  return (
    <div role="status" className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger">
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p>
          <Trans>
            Your ambassador account is suspended: reports and withdrawals are paused. Contact{' '}
            <a className="underline" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>{' '}
            for help.
          </Trans>
        </p>
        {ambassador ? (
          <p>
            <span className="font-semibold">
              <Trans>Reason:</Trans>
            </span>{' '}
            {code ? (
              <>
                {_(REASON_TEXT[code].label)}.{' '}
                <a className="underline" href={reasonHref(code)}>
                  <Trans>Read the rule</Trans>
                  <span className="sr-only">: {_(REASON_TEXT[code].label)}</span>
                </a>
              </>
            ) : (
              _(NO_REASON)
            )}
          </p>
        ) : null}
        {facts ? <p className="whitespace-pre-wrap break-words">{facts}</p> : null}
        <DecisionFlags flags={flagsOf(ambassador?.decisionFlags)} />
      </div>
    </div>
  );
}
