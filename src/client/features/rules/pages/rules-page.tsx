import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Scale } from 'lucide-react';
import { APPEAL_WINDOW_DAYS, REASONS, REASON_CODES, REASON_SUBJECTS, type ReasonSubject } from '../../../../shared/reasons.ts';
import { REASON_TEXT } from '../../../components/reason-text.ts';
import { PageHero } from '../../../components/layout/page-hero.tsx';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { useScrollToHash } from '../../../lib/scroll-to-hash.ts';

const SUBJECT_NAMES: Record<ReasonSubject, MessageDescriptor> = {
  application: msg`applications`,
  report: msg`weekly reports`,
  withdrawal: msg`withdrawals`,
  suspension: msg`suspensions`,
  referral: msg`referrals`,
};

/**
 * The programme's rules, one section per reason code (src/shared/reasons.ts): a decision that goes
 * against someone links here, to its code's anchor (/rules#low_effort), so the person reads the rule.
 * Each reason's name and rule in the page's language (components/reason-text.ts).
 */
export function RulesPage() {
  const { t, i18n } = useLingui();
  // The page is all there on its first render: the browser's own jump to #code works, and this one after a client-side visit.
  useScrollToHash(true);
  const days = APPEAL_WINDOW_DAYS;
  return (
    <PublicLayout>
      <PageHero
        icon={<Scale />}
        title={t`Programme Rules`}
        lead={
          <Trans>
            Every decision against an application, a report, a withdrawal or an ambassador names one of these rules. A rejected report or withdrawal can be
            appealed once, within {days} days, and another admin decides the appeal.
          </Trans>
        }
      />
      <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-10">
        {REASON_CODES.map((code) => {
          const reason = REASONS[code];
          const subjects = REASON_SUBJECTS.filter((s) => reason.appliesTo.includes(s))
            .map((s) => i18n._(SUBJECT_NAMES[s]))
            .join(', ');
          return (
            <section key={code} id={code} aria-labelledby={`${code}-title`} className="scroll-mt-24 rounded-2xl border border-border bg-surface p-5">
              <h2 id={`${code}-title`} className="break-words text-lg font-bold">
                {i18n._(REASON_TEXT[code].label)}
              </h2>
              <p className="mt-2 break-words">{i18n._(REASON_TEXT[code].rule)}</p>
              <p className="mt-2 break-words text-xs text-muted">
                <Trans>
                  Applies to {subjects} · code <code>{code}</code>
                </Trans>
              </p>
            </section>
          );
        })}
      </div>
    </PublicLayout>
  );
}
