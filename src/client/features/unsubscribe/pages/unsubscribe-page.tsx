import { Trans, useLingui } from '@lingui/react/macro';
import { AuthCard } from '../../../components/centered-card.tsx';
import { BellOff, CheckCircle2, Link2Off, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { SUPPORT_EMAIL } from '../../../../shared/limits.ts';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useFocusAfterSwap } from '../../../lib/page-focus.ts';
import { useUnsubscribe, useUnsubscribeStatus, type UnsubscribeLink } from '../api/unsubscribe.ts';
import { translatedMessage } from '../../../i18n/api-messages.ts';
import { UNSUBSCRIBE_LINK_INVALID, UNSUBSCRIBE_MESSAGE } from '../../../../shared/schemas/notifications.ts';

/** The link's two parameters, or null when one is missing (a link cut short by a mail client). */
function linkFrom(search: string): UnsubscribeLink | null {
  const params = new URLSearchParams(search);
  const u = params.get('u');
  const s = params.get('s');
  return u && s ? { u, s } : null;
}

/** A refused link (403), a link cut short, as opposed to a server or network failure. */
function isBadLink(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 400);
}

/**
 * The page an email's 'unsubscribe' link opens (DECISIONS §5, Hearing back): it says what the link
 * stops (emails about decisions) and what it does not (security emails), and asks before doing it,
 * with one button, then confirms. A link that is forged or cut short says so. The mail provider's
 * one-click unsubscribe (the List-Unsubscribe header, RFC 8058) does the same without this page.
 */
export function UnsubscribePage() {
  const { t } = useLingui();
  const link = linkFrom(useSearch());
  const status = useUnsubscribeStatus(link);
  const mutation = useUnsubscribe();
  const done = mutation.isSuccess || status.data?.emailNotifications === false;
  // The confirmation replaces the button that was pressed: its heading takes the focus.
  useFocusAfterSwap(done);

  let content: ReactNode;
  if (!link || isBadLink(status.error) || isBadLink(mutation.error)) content = <BadLink />;
  else if (status.isLoading) content = <FullPageSpinner label={t`Checking your link...`} />;
  else if (done)
    content = (
      <AuthCard contentClassName="flex flex-col items-center gap-4 text-center" icon={<CheckCircle2 aria-hidden="true" />} title={t`You are unsubscribed`}>
        <p role="status" className="text-muted">
          {translatedMessage(UNSUBSCRIBE_MESSAGE)}
        </p>
        <p className="text-sm text-muted">
          <Trans>
            Changed your mind? Turn <strong className="text-foreground">Email notifications</strong> back on from your profile page.
          </Trans>
        </p>
        <Link href="/auth" className={buttonVariants({ variant: 'outline' })}>
          <Trans>Log in to your profile</Trans>
        </Link>
      </AuthCard>
    );
  else
    content = (
      <AuthCard
        contentClassName="flex flex-col items-center gap-4 text-center"
        icon={<BellOff aria-hidden="true" />}
        title={t`Unsubscribe from decision emails?`}
        description={t`You will stop getting emails about decisions on your account.`}
      >
        <ul className="flex list-disc flex-col gap-2 pl-5 text-left text-sm text-muted">
          <li>
            <Trans>
              <strong className="text-foreground">Stops:</strong> emails about your reports&apos; reviews, your withdrawals, payouts and prizes. You still see
              each decision in the app, under the bell.
            </Trans>
          </li>
          <li>
            <span className="inline-flex items-center gap-1">
              <ShieldCheck className="size-4 shrink-0 text-pitch-light" aria-hidden="true" />
              <strong className="text-foreground">
                <Trans>Still sent:</Trans>
              </strong>
            </span>{' '}
            <Trans>security emails, such as a password or payout address change.</Trans>
          </li>
        </ul>
        {status.error || mutation.error ? <FieldError>{errorMessage(mutation.error ?? status.error)}</FieldError> : null}
        <Button size="lg" className="w-full" onClick={() => link && mutation.mutate(link)} loading={mutation.isPending}>
          {mutation.isPending ? t`Unsubscribing...` : t`Unsubscribe`}
        </Button>
      </AuthCard>
    );
  return <PublicLayout footer={false}>{content}</PublicLayout>;
}

function BadLink() {
  const { i18n } = useLingui();
  return (
    <AuthCard
      contentClassName="flex flex-col items-center gap-4 text-center"
      icon={<Link2Off aria-hidden="true" />}
      title={i18n._(UNSUBSCRIBE_LINK_INVALID)}
    >
      <p role="alert" className="text-muted">
        <Trans>
          The link is incomplete or has been changed, so it cannot unsubscribe anyone. Open the link from the email again, all of it, or log in and turn off
          Email notifications on your profile page.
        </Trans>
      </p>
      <Link href="/auth" className={buttonVariants()}>
        <Trans>Log in</Trans>
      </Link>
      <p className="text-sm text-muted">
        <Trans>
          Questions? Write to{' '}
          <a className="break-all text-gold underline underline-offset-2 hover:text-gold-strong" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          .
        </Trans>
      </p>
    </AuthCard>
  );
}
