import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Eye, Mail, X } from 'lucide-react';
import { useState } from 'react';
import { countIn } from '../../../../shared/localized-format.ts';
import { APPLICATION_PLATFORM_CHIPS, SETUP_LINK_VALID_HOURS } from '../../../../shared/limits.ts';
import { platformLabel } from '../../../../shared/platforms.ts';
import type { TAdminApplicationView } from '../../../../shared/schemas/applications.ts';
import { DECISION_STATUSES } from '../../../../shared/enums.ts';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { useDecideApplication, type ApplicationDecision } from '../api/decide-application.ts';
import { resources } from '../../../api/resources.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { exportedList, useAdminList } from '../api/use-admin-list.ts';
import { adminOutcome } from './admin-error.ts';
import { AdminList, flagsColumn, type RowDialogProps } from './admin-list.tsx';
import { DetailList, TextBlock } from './detail-list.tsx';
import { ReasonStep, type ReasonInput } from './reason-fields.tsx';
import { ageColumn } from './service-age.tsx';
import { HandleLink } from './social-links.tsx';

function PlatformChips({ platforms }: { platforms: string[] }) {
  const shown = platforms.slice(0, APPLICATION_PLATFORM_CHIPS);
  const more = platforms.length - shown.length;
  return (
    <div className="flex flex-wrap gap-1">
      {shown.map((p) => (
        <Badge key={p} variant="secondary">
          {platformLabel(p)}
        </Badge>
      ))}
      {more > 0 ? <Badge variant="outline">+{more}</Badge> : null}
    </div>
  );
}

function columns(open: (row: TAdminApplicationView) => void): Array<Column<TAdminApplicationView>> {
  return [
    { header: i18n._(msg`Name`), cell: (app) => app.fullName, className: 'font-semibold', card: 'title' },
    { header: i18n._(msg`Email`), cell: (app) => <span className="break-all text-muted">{app.email}</span>, card: 'title' },
    { header: i18n._(msg`Country`), cell: (app) => app.country },
    { header: i18n._(msg`Platforms`), cell: (app) => <PlatformChips platforms={app.socialMediaPlatforms} /> },
    { header: i18n._(msg`Followers`), cell: (app) => countIn(app.totalFollowers, i18n.locale), align: 'right', className: 'font-mono' },
    flagsColumn(),
    ageColumn(),
    { header: i18n._(msg`Status`), cell: (app) => <StatusBadge status={app.status} />, card: 'aside' },
    actionsColumn(i18n._(msg`View`), (app) => (
      <Button
        variant="ghost"
        size="sm"
        onClick={(event) => {
          event.stopPropagation();
          open(app);
        }}
        aria-label={i18n._(msg`View application of ${app.fullName}`)}
      >
        <Eye aria-hidden="true" /> <Trans>View</Trans>
      </Button>
    )),
  ];
}

export function ApplicationsTab() {
  const { t } = useLingui();
  // Pending applications first shown, most followers first (the server sorts and pages); decided ones a filter away.
  const list = useAdminList(resources.adminApplications, { ...exportedList('applications'), filter: DECISION_STATUSES, filterInitial: 'pending' });
  return (
    <AdminList
      title={list.filters?.[0]?.value === 'pending' ? t`Pending Applications` : t`Applications`}
      label={t`Applications`}
      list={list}
      columns={columns}
      Dialog={ApplicationDialog}
      openOnRowClick
      emptyText={t`No applications found`}
    />
  );
}

function ApplicationDialog({ row: application, onClose }: RowDialogProps<TAdminApplicationView>) {
  const decide = useDecideApplication();
  const { t } = useLingui();
  const [pending, setPending] = useState<ApplicationDecision | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const act = (decision: ApplicationDecision, input?: ReasonInput) => {
    setPending(decision);
    const outcome =
      decision === 'approve'
        ? adminOutcome({ title: t`Application Approved`, text: t`Setup email sent to ambassador.` }, t`Failed to approve application`, onClose)
        : adminOutcome(
            { title: t`Application Rejected`, text: t`${application.fullName}'s application was rejected.` },
            t`Failed to reject application`,
            onClose,
          );
    decide.mutate({ id: application.id, decision, ...(input ? { input } : {}) }, { ...outcome, onSettled: () => setPending(null) });
  };
  return (
    <ModalDialog onClose={onClose} title={application.fullName} description={t`Ambassador application`} className="max-w-2xl">
      <div className="flex flex-col gap-5">
        <DetailList
          items={[
            [t`Full Name`, application.fullName],
            [t`Email`, application.email],
            [t`Country`, application.country],
            [t`Total Followers`, countIn(application.totalFollowers, i18n.locale)],
            [t`Platforms`, application.socialMediaPlatforms.map(platformLabel).join(', ') || t`N/A`],
            ['Twitter', <HandleLink key="tw" handle={application.twitterHandle} platform="twitter" />],
            ['Instagram', <HandleLink key="ig" handle={application.instagramHandle} platform="instagram" />],
            [t`Personal Telegram`, <HandleLink key="pt" handle={application.personalTelegramHandle} platform="personal-telegram" />],
            [t`Telegram Channel`, <HandleLink key="tg" handle={application.telegramHandle} platform="telegram" />],
            ['Facebook', <HandleLink key="fb" handle={application.facebookHandle} platform="facebook" />],
            ['YouTube', <HandleLink key="yt" handle={application.youtubeHandle} platform="youtube" />],
          ]}
        />
        <TextBlock title={t`Why join`}>{application.whyJoin}</TextBlock>
        <TextBlock title={t`Experience`}>{application.experience}</TextBlock>
        {application.status === 'pending' && rejecting ? (
          <ReasonStep
            subject="application"
            flags={application.flags}
            title={t`Reject this application`}
            confirmLabel={t`Reject Application`}
            pending={pending === 'reject'}
            onConfirm={(input) => act('reject', input)}
            onCancel={() => setRejecting(false)}
          />
        ) : application.status === 'pending' ? (
          <>
            <p className="flex items-start gap-2 rounded-lg border border-gold/30 bg-gold/5 p-3 text-sm text-muted">
              <Mail className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
              <Trans>Approving sends a setup email with a password-creation link valid for {SETUP_LINK_VALID_HOURS} hours.</Trans>
            </p>
            {/* Kept in view at the foot of the dialog while its body scrolls (a 1366x800 laptop): the decision is never below the fold. */}
            <DialogFooter className="sticky -bottom-5 z-10 -mx-5 -mb-5 mt-0 rounded-b-2xl border-t border-border bg-surface px-5 py-4">
              <Button variant="destructive" onClick={() => setRejecting(true)} disabledFocusable={pending === 'approve'}>
                <X aria-hidden="true" /> <Trans>Reject</Trans>
              </Button>
              <Button variant="success" onClick={() => act('approve')} loading={pending === 'approve'} disabledFocusable={pending === 'reject'}>
                <Check aria-hidden="true" /> <Trans>Approve &amp; Send Setup Email</Trans>
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </div>
    </ModalDialog>
  );
}
