import { Scale } from 'lucide-react';
import { APPEAL_WINDOW_DAYS, REASONS, REASON_CODES, REASON_SUBJECTS, type ReasonSubject } from '../../../../shared/reasons.ts';
import { PageHero } from '../../../components/layout/page-hero.tsx';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { useScrollToHash } from '../../../lib/scroll-to-hash.ts';

const SUBJECT_NAMES: Record<ReasonSubject, string> = {
  application: 'applications',
  report: 'weekly reports',
  withdrawal: 'withdrawals',
  suspension: 'suspensions',
};

/**
 * The programme's rules, one section per reason code (src/shared/reasons.ts): a decision that goes
 * against someone links here, to its code's anchor (/rules#low_effort), so the person reads the rule.
 */
export function RulesPage() {
  // The page is all there on its first render: the browser's own jump to #code works, and this one after a client-side visit.
  useScrollToHash(true);
  return (
    <PublicLayout>
      <PageHero
        icon={<Scale />}
        title="Programme Rules"
        lead={
          <>
            Every decision against an application, a report, a withdrawal or an ambassador names one of these rules. A rejected report or withdrawal can be
            appealed once, within {APPEAL_WINDOW_DAYS} days, and another admin decides the appeal.
          </>
        }
      />
      <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-10">
        {REASON_CODES.map((code) => {
          const reason = REASONS[code];
          return (
            <section key={code} id={code} aria-labelledby={`${code}-title`} className="scroll-mt-24 rounded-2xl border border-border bg-surface p-5">
              <h2 id={`${code}-title`} className="text-lg font-bold">
                {reason.label}
              </h2>
              <p className="mt-2">{reason.rule}</p>
              <p className="mt-2 text-xs text-muted">
                Applies to{' '}
                {REASON_SUBJECTS.filter((s) => reason.appliesTo.includes(s))
                  .map((s) => SUBJECT_NAMES[s])
                  .join(', ')}{' '}
                · code <code>{code}</code>
              </p>
            </section>
          );
        })}
      </div>
    </PublicLayout>
  );
}
