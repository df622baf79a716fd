import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Ban, Clock, Lightbulb, Send } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { dateTimeIn } from '../../../../shared/localized-format.ts';
import { DEFAULT_REPORT_WEEK_DAYS, MIN_REPORT_LENGTH, REPORT_REVIEW_DAYS } from '../../../../shared/limits.ts';
import { ZReportInput, type TReportInput } from '../../../../shared/schemas/reports.ts';
import { REPORT_MESSAGES } from '../../../../shared/schemas/messages.ts';
import { useAmbassador } from '../../../api/ambassador.ts';
import { useSettings } from '../../../api/settings.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { SubmittedCard } from '../../../components/submitted-card.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useConfirmationSwap } from '../../../lib/page-focus.ts';
import { notify } from '../../../lib/toast.ts';
import { useSubmitReport } from '../api/submit-report.ts';
import { AmbassadorPage } from '../../../components/no-ambassador-profile.tsx';
import { QueryError } from '../../../components/query-state.tsx';
import { SuspendedNotice } from '../../../components/suspended-notice.tsx';
import { translatedMessage } from '../../../i18n/api-messages.ts';

const PLACEHOLDER = msg`Social media activity:
- 3 posts on Twitter/X about the farm game beta (12,400 impressions): https://x.com/...
- 1 YouTube short (2,100 views)

Community management:
- Answered ~40 questions in the Telegram group, welcomed 25 new members

Feedback collection:
- Collected 12 bug reports from players and shared them with the team

Content contributions:
- Wrote a beginner's guide thread: https://...`;

/**
 * Calendar days in UTC, as the server counts them (DECISIONS §2), from the server's today (its
 * answer's `today`, by the programme's clock), not the device's clock, which may be days off; the
 * device's only until the server has answered.
 */
function utcDay(offsetDays: number, today: string | undefined): string {
  const date = today ? new Date(`${today}T00:00:00.000Z`) : new Date();
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

function defaults(today: string | undefined): TReportInput {
  return { weekStartDate: utcDay(-DEFAULT_REPORT_WEEK_DAYS, today), weekEndDate: utcDay(0, today), activityReport: '' };
}

export function SubmitReportPage() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const ambassador = useAmbassador();
  const settings = useSettings();
  const mutation = useSubmitReport();
  const submitted = useConfirmationSwap();
  const today = ambassador.data?.today;
  const form = useForm({ resolver: zodResolver(ZReportInput), defaultValues: defaults(today), mode: 'onTouched' });
  // The server's day arrives (or changes): the default week follows it, unless the person chose dates already.
  useEffect(() => {
    if (!today) return;
    const week = defaults(today);
    if (!form.getFieldState('weekStartDate').isDirty) form.resetField('weekStartDate', { defaultValue: week.weekStartDate });
    if (!form.getFieldState('weekEndDate').isDirty) form.resetField('weekEndDate', { defaultValue: week.weekEndDate });
  }, [today, form]);
  const length = (form.watch('activityReport') ?? '').trim().length;
  const disabled = settings.data?.reportSubmissionEnabled === false;
  const suspended = ambassador.data?.status === 'suspended';
  // One report per UTC day (DECISIONS §3): after today's, the form says when and stays closed.
  const nextReportAt = ambassador.data?.nextReportAt ?? null;
  const closed = disabled || suspended || nextReportAt !== null;

  const submit = (values: TReportInput) => {
    mutation.mutate(values, {
      onSuccess: () => {
        submitted.confirm();
        notify.success(t`Report Submitted!`, t`Your weekly activity report has been submitted for review.`);
      },
      onError: (error) => notify.error(t`Submission Failed`, errorMessage(error)),
    });
  };

  const submitAnother = () => {
    form.reset(defaults(today));
    mutation.reset();
    submitted.reset();
  };

  let content;
  if (submitted.confirmed)
    content = (
      <SubmittedCard
        title={<Trans>Report Submitted!</Trans>}
        thanks={<Trans>Thank you! Our team will review your report and award GCM and/or USDT.</Trans>}
        nextTitle={<Trans>Next steps</Trans>}
        steps={[
          <Trans key="review">An admin reviews your report within {REPORT_REVIEW_DAYS} business days.</Trans>,
          <Trans key="balance">Your rewards are added to your balance after approval.</Trans>,
          <Trans key="dashboard">Check your dashboard to follow the status of your reports.</Trans>,
          <Trans key="engage">Keep engaging with the community for next week&apos;s report!</Trans>,
        ]}
      >
        {/* One report a UTC day (DECISIONS §3): instead of a button to a form that stays closed, when the next one can be sent. */}
        {nextReportAt ? (
          <p className="inline-flex items-center gap-2 text-sm text-muted">
            <Clock className="size-4 shrink-0 text-gold" aria-hidden="true" />
            <span>
              <Trans>You can send your next report from {dateTimeIn(nextReportAt, locale)}.</Trans>
            </span>
          </p>
        ) : null}
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link href="/dashboard" className={buttonVariants()}>
            <Trans>View Dashboard</Trans>
          </Link>
          {nextReportAt || ambassador.isFetching ? null : (
            <Button variant="outline" onClick={submitAnother}>
              <Trans>Submit Another Report</Trans>
            </Button>
          )}
        </div>
      </SubmittedCard>
    );
  else
    content = (
      <div className="grid gap-6 lg:grid-cols-[1fr_300px]">
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-extrabold tracking-tight">
              <Trans>Submit Weekly Report</Trans>
            </h1>
            <CardDescription>
              <Trans>Tell us what you did for the community this week.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent>
            {suspended ? (
              <div className="mb-5">
                <SuspendedNotice ambassador={ambassador.data} />
              </div>
            ) : null}
            {settings.status === 'error' && settings.data === undefined ? (
              <QueryError title={t`Whether reports can be sent could not be read.`} query={settings} compact className="mb-5" />
            ) : disabled ? (
              <p role="status" className="mb-5 flex items-center gap-2 rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger">
                <Ban className="size-4 shrink-0" aria-hidden="true" />
                {translatedMessage(REPORT_MESSAGES.disabled)}
              </p>
            ) : nextReportAt ? (
              <p role="status" className="mb-5 flex items-start gap-2 rounded-lg border border-gold/40 bg-gold/10 px-4 py-3 text-sm">
                <Clock className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
                <span>
                  <Trans>
                    You have already submitted a report today. You can send the next one from {dateTimeIn(nextReportAt, locale)}.{' '}
                    <Link href="/dashboard" className="font-semibold text-gold underline underline-offset-2">
                      Follow its review on your dashboard
                    </Link>
                    .
                  </Trans>
                </span>
              </p>
            ) : null}
            <Form form={form} onSubmit={submit} className="flex flex-col gap-5" aria-label={t`Submit Weekly Report`}>
              <fieldset disabled={nextReportAt !== null} className="contents">
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField name="weekStartDate" label={t`Week Start Date`} required>
                    <Input type="date" max={utcDay(0, today)} />
                  </FormField>
                  <FormField name="weekEndDate" label={t`Week End Date`} required>
                    <Input type="date" max={utcDay(0, today)} />
                  </FormField>
                </div>
                <FormField
                  name="activityReport"
                  label={t`Weekly Activity Report`}
                  required
                  hint={t`Describe your social media activity, community management, feedback collection and content contributions. ${length}/${MIN_REPORT_LENGTH} characters minimum.`}
                >
                  <Textarea rows={14} className="min-h-72 font-mono text-[13px]" placeholder={i18n._(PLACEHOLDER)} />
                </FormField>
              </fieldset>
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Link href="/dashboard" className={buttonVariants({ variant: 'outline' })}>
                  <Trans>Cancel</Trans>
                </Link>
                <Button type="submit" disabled={closed} loading={mutation.isPending}>
                  <Send aria-hidden="true" /> {mutation.isPending ? <Trans>Submitting...</Trans> : <Trans>Submit Report</Trans>}
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle className="inline-flex items-center gap-2 text-base">
              <Lightbulb className="size-5 text-gold" aria-hidden="true" /> <Trans>Tips for a great report</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-3 text-sm text-muted">
              <li>
                <Trans>
                  <strong className="text-foreground">Be specific with numbers:</strong> posts, views, members helped.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong className="text-foreground">Include links</strong> to your posts and content.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong className="text-foreground">Quality over quantity:</strong> one great thread beats ten low-effort posts.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong className="text-foreground">Submit weekly</strong> to keep your rewards flowing.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong className="text-foreground">Higher-quality reports</strong> may receive bonus GCM or USDT.
                </Trans>
              </li>
            </ul>
          </CardContent>
        </Card>
      </div>
    );

  // The page is the ambassador's own: their record loading, failed, not there, or the form (which reads it above).
  return (
    <AmbassadorPage loadingLabel={t`Loading...`} failure={t`The report form could not be loaded.`}>
      {() => content}
    </AmbassadorPage>
  );
}
