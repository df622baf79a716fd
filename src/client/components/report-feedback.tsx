import { MessageSquareText } from 'lucide-react';
import { Link } from 'wouter';
import { gcmIn, usdtFigureIn } from '../../shared/localized-format.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { NO_REASON, REASON_TEXT } from './reason-text.ts';
import { isPositiveMoney } from '../../shared/money.ts';
import type { TReportView } from '../../shared/schemas/reports.ts';
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
  const { i18n } = useLingui();
  const { code, facts } = decisionOf(report);
  const reason = code ? i18n._(REASON_TEXT[code].label) : null;
  const none = i18n._(NO_REASON);
  return (
    <Link
      href={reportHref(report.id)}
      className="mt-1 flex max-w-xs items-start gap-1.5 whitespace-normal text-left text-xs font-normal text-danger hover:underline"
    >
      <MessageSquareText className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span className="line-clamp-2 break-words">
        <span className="font-semibold">{reason ?? <Trans>Rejected: {none}</Trans>}.</span>
        {facts ? (
          <>
            {' '}
            <span className="font-semibold">
              <Trans>Feedback from the team:</Trans>
            </span>{' '}
            {facts}
          </>
        ) : null}
      </span>
    </Link>
  );
}

/** An award as the tables show it: '+amount' above 0, otherwise '-' (spec §4). */
export function awardText(amount: string, currency: 'GCM' | 'USDT', locale = 'en'): string {
  if (!isPositiveMoney(amount || '0')) return '-';
  return `+${currency === 'GCM' ? gcmIn(amount, locale) : usdtFigureIn(amount, locale)}`;
}
