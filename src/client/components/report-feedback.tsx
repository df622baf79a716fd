import { MessageSquareText } from 'lucide-react';
import { Link } from 'wouter';
import { formatGcm, formatUsdt } from '../../shared/format.ts';
import { isPositiveMoney } from '../../shared/money.ts';
import type { TReportView } from '../../shared/schemas/reports.ts';
import { NO_REASON_TEXT, REASONS } from '../../shared/reasons.ts';
import { decisionOf } from '../api/decisions.ts';

/** Where a report opens: its detail on My Reports (a notification's link is the same). */
export function reportHref(id: string): string {
  return `/reports?id=${encodeURIComponent(id)}`;
}

/**
 * A rejected report's feedback at a glance, under its week in a list: the team's notes (cut to two
 * lines) and a link to the whole report.
 */
export function FeedbackAtAGlance({ report }: { report: TReportView }) {
  if (report.status !== 'rejected') return null;
  const { code, facts } = decisionOf(report, report.reviewedAt);
  return (
    <Link
      href={reportHref(report.id)}
      className="mt-1 flex max-w-xs items-start gap-1.5 whitespace-normal text-left text-xs font-normal text-danger hover:underline"
    >
      <MessageSquareText className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span className="line-clamp-2 break-words">
        <span className="font-semibold">{code ? REASONS[code].label : `Rejected: ${NO_REASON_TEXT}`}.</span>
        {facts ? (
          <>
            {' '}
            <span className="font-semibold">Feedback from the team:</span> {facts}
          </>
        ) : null}
      </span>
    </Link>
  );
}

/** An award as the tables show it: '+amount' above 0, otherwise '-' (spec §4). */
export function awardText(amount: string, currency: 'GCM' | 'USDT'): string {
  if (!isPositiveMoney(amount || '0')) return '-';
  return `+${currency === 'GCM' ? formatGcm(amount) : formatUsdt(amount)}`;
}
