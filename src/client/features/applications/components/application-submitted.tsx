import { Trans } from '@lingui/react/macro';
import { Home, Mail } from 'lucide-react';
import { Link } from 'wouter';
import { APPLICATION_REVIEW_DAYS, SETUP_LINK_VALID_HOURS, SUPPORT_EMAIL } from '../../../../shared/limits.ts';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { SubmittedCard } from '../../../components/submitted-card.tsx';

export function ApplicationSubmitted() {
  const reviewDays = APPLICATION_REVIEW_DAYS;
  const validHours = SETUP_LINK_VALID_HOURS;
  return (
    <SubmittedCard
      title={<Trans>Application Submitted!</Trans>}
      thanks={<Trans>Thank you for applying to become an ambassador.</Trans>}
      nextTitle={<Trans>What's Next?</Trans>}
      ordered
      steps={[
        <Trans key="review">Our team reviews your application within {reviewDays} business days.</Trans>,
        <Trans key="email">If you are approved, you receive an email with a link to create your password (valid {validHours} hours).</Trans>,
        <Trans key="start">Log in, submit your first weekly report and start earning GCM.</Trans>,
      ]}
    >
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
    </SubmittedCard>
  );
}
