import { Check, Eye, Loader2, Mail, X } from 'lucide-react';
import { useState } from 'react';
import { formatCount } from '../../../../shared/format.ts';
import { APPLICATION_PLATFORM_CHIPS, SETUP_LINK_VALID_HOURS } from '../../../../shared/limits.ts';
import { PLATFORM_INFO } from '../../../../shared/platforms.ts';
import type { Application } from '../../../api/types.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table.tsx';
import { notify } from '../../../lib/toast.ts';
import { useDecideApplication, type ApplicationDecision } from '../api/decide-application.ts';
import { useAdminApplications } from '../api/get-applications.ts';
import { ADMIN_PAGE_SIZE } from '../api/keys.ts';
import { adminError } from './admin-error.ts';
import { DetailList, TextBlock } from './detail-list.tsx';
import { ListCard } from './list-card.tsx';
import { HandleLink } from './social-links.tsx';

export function ApplicationsTab() {
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Application | null>(null);
  const query = useAdminApplications(offset);
  const items = query.data?.items ?? [];
  return (
    <>
      <ListCard
        title="Pending Applications"
        isLoading={query.isLoading}
        isError={query.isError}
        isEmpty={items.length === 0}
        emptyText="No applications found"
        footer={<Pagination label="Applications" offset={offset} limit={ADMIN_PAGE_SIZE} total={query.data?.total ?? 0} onOffsetChange={setOffset} />}
      >
        <Table aria-label="Applications">
          <THead>
            <tr>
              <TH>Name</TH>
              <TH>Email</TH>
              <TH>Country</TH>
              <TH>Platforms</TH>
              <TH className="text-right">Followers</TH>
              <TH>Status</TH>
              <TH>
                <span className="sr-only">View</span>
              </TH>
            </tr>
          </THead>
          <TBody>
            {items.map((app) => {
              const shown = app.socialMediaPlatforms.slice(0, APPLICATION_PLATFORM_CHIPS);
              const more = app.socialMediaPlatforms.length - shown.length;
              return (
                <TR key={app.id} className="cursor-pointer" onClick={() => setSelected(app)}>
                  <TD className="font-semibold">{app.fullName}</TD>
                  <TD className="text-muted">{app.email}</TD>
                  <TD>{app.country}</TD>
                  <TD>
                    <div className="flex gap-1">
                      {shown.map((p) => (
                        <Badge key={p} variant="secondary">
                          {PLATFORM_INFO[p]?.label ?? p}
                        </Badge>
                      ))}
                      {more > 0 ? <Badge variant="outline">+{more}</Badge> : null}
                    </div>
                  </TD>
                  <TD className="text-right font-mono">{formatCount(app.totalFollowers)}</TD>
                  <TD>
                    <StatusBadge status={app.status} />
                  </TD>
                  <TD>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={(event) => {
                        event.stopPropagation();
                        setSelected(app);
                      }}
                      aria-label={`View application of ${app.fullName}`}
                    >
                      <Eye aria-hidden="true" /> View
                    </Button>
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      </ListCard>
      <ApplicationDialog application={selected} onClose={() => setSelected(null)} />
    </>
  );
}

function ApplicationDialog({ application, onClose }: { application: Application | null; onClose: () => void }) {
  const decide = useDecideApplication();
  const [pending, setPending] = useState<ApplicationDecision | null>(null);
  if (!application) return null;
  const act = (decision: ApplicationDecision) => {
    setPending(decision);
    decide.mutate(
      { id: application.id, decision },
      {
        onSuccess: () => {
          if (decision === 'approve') notify.success('Application Approved', 'Setup email sent to ambassador.');
          else notify.success('Application Rejected', `${application.fullName}'s application was rejected.`);
          onClose();
        },
        onError: adminError(decision === 'approve' ? 'Failed to approve application' : 'Failed to reject application'),
        onSettled: () => setPending(null),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={application.fullName} description="Ambassador application" className="max-w-2xl">
        <div className="flex flex-col gap-5">
          <DetailList
            items={[
              ['Full Name', application.fullName],
              ['Email', application.email],
              ['Country', application.country],
              ['Total Followers', formatCount(application.totalFollowers)],
              ['Platforms', application.socialMediaPlatforms.map((p) => PLATFORM_INFO[p]?.label ?? p).join(', ') || 'N/A'],
              ['Twitter', <HandleLink key="tw" handle={application.twitterHandle} platform="twitter" />],
              ['Instagram', <HandleLink key="ig" handle={application.instagramHandle} platform="instagram" />],
              ['Personal Telegram', <HandleLink key="pt" handle={application.personalTelegramHandle} platform="personal-telegram" />],
              ['Telegram Channel', <HandleLink key="tg" handle={application.telegramHandle} platform="telegram" />],
              ['Facebook', <HandleLink key="fb" handle={application.facebookHandle} platform="facebook" />],
              ['YouTube', <HandleLink key="yt" handle={application.youtubeHandle} platform="youtube" />],
            ]}
          />
          <TextBlock title="Why join">{application.whyJoin}</TextBlock>
          <TextBlock title="Experience">{application.experience}</TextBlock>
          {application.status === 'pending' ? (
            <>
              <p className="flex items-start gap-2 rounded-lg border border-gold/30 bg-gold/5 p-3 text-sm text-muted">
                <Mail className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
                Approving sends a setup email with a password-creation link valid for {SETUP_LINK_VALID_HOURS} hours.
              </p>
              <DialogFooter className="mt-0">
                <Button variant="destructive" onClick={() => act('reject')} disabled={decide.isPending}>
                  {pending === 'reject' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <X aria-hidden="true" />} Reject
                </Button>
                <Button variant="success" onClick={() => act('approve')} disabled={decide.isPending}>
                  {pending === 'approve' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />} Approve &amp; Send Setup
                  Email
                </Button>
              </DialogFooter>
            </>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
