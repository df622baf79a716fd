import { Trans } from '@lingui/react/macro';
import { CheckCircle2, Home, Mail } from 'lucide-react';
import { Link } from 'wouter';
import { APPLICATION_REVIEW_DAYS, SETUP_LINK_VALID_HOURS, SUPPORT_EMAIL } from '../../../../shared/limits.ts';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';

export function ApplicationSubmitted() {
  const reviewDays = APPLICATION_REVIEW_DAYS;
  const validHours = SETUP_LINK_VALID_HOURS;
  return (
    <Card className="mx-auto max-w-2xl">
      <CardContent className="flex flex-col items-center gap-6 p-8 text-center sm:p-10">
        <div className="rounded-full bg-pitch/15 p-4">
          <CheckCircle2 className="size-12 text-pitch-light" aria-hidden="true" />
        </div>
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">
            <Trans>Application Submitted!</Trans>
          </h1>
          <p className="mt-2 text-muted">
            <Trans>Thank you for applying to become an ambassador.</Trans>
          </p>
        </div>
        <div className="w-full rounded-xl border border-border bg-surface-2 p-5 text-left">
          <h2 className="font-bold">
            <Trans>What's Next?</Trans>
          </h2>
          <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 text-sm text-muted">
            <li>
              <Trans>Our team reviews your application within {reviewDays} business days.</Trans>
            </li>
            <li>
              <Trans>If you are approved, you receive an email with a link to create your password (valid {validHours} hours).</Trans>
            </li>
            <li>
              <Trans>Log in, submit your first weekly report and start earning GCM.</Trans>
            </li>
          </ol>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link href="/" className={buttonVariants()}>
            <Home aria-hidden="true" />
            <Trans>Back to Home</Trans>
          </Link>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonVariants({ variant: 'outline' })}>
            <Mail aria-hidden="true" />
            <Trans>Contact Support</Trans>
          </a>
        </div>
      </CardContent>
    </Card>
  );
}
