import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Share2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { isReasonCode } from '../../../../shared/reasons.ts';
import { usdtIn } from '../../../../shared/localized-figures.ts';
import { countIn, dateIn, gcmIn } from '../../../../shared/localized-format.ts';
import type { ReferralStatus, TReferralItem, TReferralRule } from '../../../../shared/schemas/referrals.ts';
import { resources } from '../../../api/resources.ts';
import { MemberPageTitle } from '../../../components/layout/member-page-title.tsx';
import { AmbassadorPage } from '../../../components/no-ambassador-profile.tsx';
import { AppealForm } from '../../../components/appeal-form.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { REASON_TEXT } from '../../../components/reason-text.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { notify } from '../../../lib/toast.ts';

const STATUS_TEXT: Record<ReferralStatus, MessageDescriptor> = {
  applied: msg`Applied`,
  not_approved: msg`Not approved`,
  credited: msg`Credited`,
  held: msg`Held for review`,
  refused: msg`Refused`,
  not_credited: msg`Not credited`,
};

/** Why a referral was held or earned nothing, in the page's language. */
const REASON_WORDS: Record<string, MessageDescriptor> = {
  self_referral: msg`The referee appears to be you: the same mailbox.`,
  shared_wallet: msg`You and the referee use the same payout wallet.`,
  shared_device: msg`The referee applied from a browser you also used.`,
  shared_telegram: msg`You and the referee gave the same Telegram.`,
  same_network: msg`The referee applied from your network.`,
  monthly_cap: msg`This month’s cap of credited referrals was already reached.`,
  referrer_suspended: msg`Your account was suspended when the referral qualified.`,
};

/** The referrer's page (DECISIONS §7, Referrals): the link to share, its figures and each referee. */
export function ReferralsPage() {
  const { t } = useLingui();
  return (
    <AmbassadorPage loadingLabel={t`Loading referrals...`} failure={t`Your referrals could not be loaded.`}>
      {() => <Referrals />}
    </AmbassadorPage>
  );
}

function Referrals() {
  const { t } = useLingui();
  const query = useQuery(resources.referrals());
  return (
    <div className="flex flex-col gap-6">
      <MemberPageTitle
        icon={Share2}
        title={<Trans>Referrals</Trans>}
        lead={<Trans>Share your link: people who apply through it are your referees, credited to you when they qualify.</Trans>}
      />
      <QueryState query={query} failure={t`Your referrals could not be loaded.`} loadingLabel={t`Loading referrals`}>
        {(data) => (
          <>
            <LinkCard link={data.link} rule={data.rule} />
            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>Your figures</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
                  <Figure label={t`Clicks`} value={data.clicks} />
                  <Figure label={t`Applied`} value={data.applied} />
                  <Figure label={t`Qualified`} value={data.qualified} />
                  <Figure label={t`Credited`} value={data.credited} />
                  <Figure label={t`Held`} value={data.held} />
                </dl>
              </CardContent>
            </Card>
            <Referees items={data.items} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  const { i18n } = useLingui();
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-mono text-xl font-bold">{countIn(value, i18n.locale)}</dd>
    </div>
  );
}

function RuleText({ rule }: { rule: TReferralRule | null }) {
  const { i18n } = useLingui();
  if (!rule || rule.monthlyCap === 0) return <Trans>Referrals earn nothing this month.</Trans>;
  const gcm = `${gcmIn(rule.gcm, i18n.locale)} GCM`;
  const usdt = usdtIn(rule.usdt, i18n.locale);
  const cap = rule.monthlyCap;
  return rule.qualify === 'approved' ? (
    <Trans>
      This month a referral earns you {gcm} and {usdt} when the referee’s application is approved, for up to {cap} referrals.
    </Trans>
  ) : (
    <Trans>
      This month a referral earns you {gcm} and {usdt} when the referee’s first report is approved, for up to {cap} referrals.
    </Trans>
  );
}

function LinkCard({ link, rule }: { link: string; rule: TReferralRule | null }) {
  const { t } = useLingui();
  const inputId = useId();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // The qrcode package loads only on this page (and the two-factor one).
    void import('qrcode').then((lib) => lib.toDataURL(link, { margin: 1, width: 176 })).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [link]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify.success(t`Copied`, t`Your referral link is on your clipboard.`);
    } catch {
      // No clipboard (an older browser, a refused permission): the link is selected for the person to copy.
      const input = document.getElementById(inputId);
      if (input instanceof HTMLInputElement) input.select();
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Your referral link</Trans>
        </CardTitle>
        <CardDescription>
          <RuleText rule={rule} />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-medium">
            <Trans>Link to share</Trans>
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              readOnly
              value={link}
              data-testid="referral-link"
              className="min-w-0 flex-1 rounded-md border border-border bg-surface-2 px-3 py-2 font-mono text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              <Trans>Copy</Trans>
            </Button>
          </div>
        </div>
        {qr ? <img src={qr} width={176} height={176} alt={t`QR code of your referral link`} className="self-start rounded bg-white p-2" /> : null}
      </CardContent>
    </Card>
  );
}

function reasonOf(item: TReferralItem): MessageDescriptor | null {
  if (!item.reason) return null;
  if (isReasonCode(item.reason)) return REASON_TEXT[item.reason].label;
  return REASON_WORDS[item.reason] ?? null;
}

function Referees({ items }: { items: TReferralItem[] }) {
  const { t, i18n } = useLingui();
  const [appealing, setAppealing] = useState<string | null>(null);
  const columns: ReadonlyArray<Column<TReferralItem>> = [
    { header: t`Referee`, card: 'title', className: 'font-medium', cell: (item) => item.name },
    { header: t`Status`, card: 'aside', cell: (item) => <span data-testid="referral-status">{i18n._(STATUS_TEXT[item.status])}</span> },
    {
      header: t`Reason`,
      cell: (item) => {
        const reason = reasonOf(item);
        return (
          <div className="flex flex-col gap-1" data-testid="referral-reason">
            {reason ? <span>{i18n._(reason)}</span> : <span className="text-muted">—</span>}
            {item.facts ? <span className="text-xs text-muted">{item.facts}</span> : null}
            {item.appeal ? (
              <span className="text-xs">
                <Trans>Appealed: {i18n._(appealStatusText(item.appeal.status))}</Trans>
              </span>
            ) : null}
            {item.appealOpen ? (
              <Button type="button" size="sm" variant="outline" className="w-fit" onClick={() => setAppealing(item.id)}>
                <Trans>Appeal this refusal</Trans>
              </Button>
            ) : null}
            {appealing === item.id ? <AppealForm path={`/api/referrals/${encodeURIComponent(item.id)}/appeal`} onDone={() => setAppealing(null)} /> : null}
          </div>
        );
      },
    },
    { header: t`Date`, cell: (item) => <span className="text-muted">{dateIn(item.at, i18n.locale)}</span> },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Your referees</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {items.length ? (
          <ResponsiveTable label={t`Your referees`} rows={items} rowKey={(item) => item.id} columns={columns} />
        ) : (
          <p className="text-sm text-muted">
            <Trans>No one has applied through your link yet.</Trans>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

const APPEAL_STATUS: Record<'pending' | 'upheld' | 'overturned', MessageDescriptor> = {
  pending: msg`waiting for another admin`,
  upheld: msg`the refusal stands`,
  overturned: msg`overturned`,
};

function appealStatusText(status: string): MessageDescriptor {
  return status === 'upheld' || status === 'overturned' ? APPEAL_STATUS[status] : APPEAL_STATUS.pending;
}
