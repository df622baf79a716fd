import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Share2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { dateTimeIn } from '../../../../shared/localized-format.ts';
import type { ReasonCode } from '../../../../shared/reasons.ts';
import type { TAdminReferral } from '../../../../shared/schemas/referrals.ts';
import { resources } from '../../../api/resources.ts';
import { Pagination } from '../../../components/pagination.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ReasonOptions } from './reason-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '../../../components/ui/card.tsx';
import { NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useAdminList } from '../api/use-admin-list.ts';
import { translatedMessage } from '../../../i18n/api-messages.ts';
import { DECISION_MESSAGES } from '../../../../shared/schemas/messages.ts';

/** What held a referral, as the admins read it. */
export const HOLD_TEXT: Record<string, MessageDescriptor> = {
  self_referral: msg`Self-referral: the referee’s mailbox is the referrer’s`,
  shared_wallet: msg`Shared wallet: the referee uses a payout address of the referrer’s`,
  shared_device: msg`Shared device: the referee applied from a browser the referrer applied from`,
  shared_telegram: msg`Shared Telegram: the referee gave the referrer’s Telegram`,
  same_network: msg`Same network: the referee applied from the referrer’s network address`,
};

/**
 * The admins' held referrals (DECISIONS §7, Referrals): each with the flags that held it, released or
 * refused with a reason; a page at a time (the server's `limit` and `offset`), oldest first.
 */
export function ReferralsTab() {
  const { t } = useLingui();
  const held = useAdminList(resources.adminReferrals);
  const paging = held.paging;
  // A page emptied by its last decision shows the last page there is, not 'No referral is held'.
  const last = paging ? Math.max(0, Math.ceil(paging.total / paging.limit) - 1) * paging.limit : 0;
  const pastTheEnd = paging !== undefined && held.query.data !== undefined && paging.offset > last;
  useEffect(() => {
    if (pastTheEnd) paging?.setOffset(last);
  }, [pastTheEnd, paging, last]);
  return (
    <Card>
      <IconCardHeader
        icon={Share2}
        title={<Trans>Held referrals</Trans>}
        description={
          <Trans>
            Referrals whose referrer and referee share something. Release one to credit it, or refuse it with a reason; a refusal can be appealed once.
          </Trans>
        }
      />
      <CardContent>
        <QueryState
          query={held.query}
          failure={t`The held referrals could not be loaded.`}
          isEmpty={() => held.items.length === 0}
          empty={<p className="text-sm text-muted">{t`No referral is held.`}</p>}
        >
          {() => (
            <ul className="flex flex-col gap-4" aria-label={t`Held referrals`}>
              {held.items.map((row) => (
                <HeldReferral key={row.id} row={row} />
              ))}
            </ul>
          )}
        </QueryState>
        {paging && held.query.data !== undefined ? (
          <Pagination label={t`Held referrals`} offset={paging.offset} limit={paging.limit} total={paging.total} onOffsetChange={paging.setOffset} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function HeldReferral({ row }: { row: TAdminReferral }) {
  const { t, i18n } = useLingui();
  const reasonId = useId();
  const factsId = useId();
  const [reasonCode, setReasonCode] = useState<ReasonCode | ''>('');
  const [facts, setFacts] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (action: 'release' | 'refuse') =>
      apiRequest<TAdminReferral>('POST', `/api/admin/referrals/${encodeURIComponent(row.id)}/${action}`, {
        reasonCode: reasonCode || null,
        facts: facts || null,
      }),
    onSuccess: (_answer, action) =>
      notify.success(
        action === 'release' ? t`Referral released` : t`Referral refused`,
        action === 'release' ? t`The referrer is credited.` : t`The referrer is told why.`,
      ),
    onError: (error) => setFailure(errorMessage(error)),
  });
  const act = (action: 'release' | 'refuse') => {
    if (!reasonCode) return setFailure(translatedMessage(DECISION_MESSAGES.reasonRequired));
    setFailure(null);
    decide.mutate(action);
  };
  const referrer = row.referrer.fullName ?? t`a removed ambassador`;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border p-4" data-testid="held-referral">
      <p className="font-semibold">
        <Trans>
          {row.referee.fullName} referred by {referrer}
        </Trans>
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        {row.flags.map((flag) => (
          <li key={flag}>{HOLD_TEXT[flag] ? i18n._(HOLD_TEXT[flag]) : flag}</li>
        ))}
      </ul>
      <p className="text-xs text-muted">{row.qualifiedAt ? <Trans>Qualified {dateTimeIn(row.qualifiedAt, i18n.locale)}</Trans> : null}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <label htmlFor={reasonId} className="flex flex-col gap-1 text-sm">
          <span>
            <Trans>Reason</Trans>
          </span>
          <NativeSelect id={reasonId} value={reasonCode} onChange={(event) => setReasonCode(event.target.value as ReasonCode | '')}>
            <ReasonOptions subject="referral" none={t`Choose a reason`} />
          </NativeSelect>
        </label>
        <label htmlFor={factsId} className="flex flex-col gap-1 text-sm">
          <span>
            <Trans>Facts (optional)</Trans>
          </span>
          <Textarea id={factsId} value={facts} onChange={(event) => setFacts(event.target.value)} rows={2} />
        </label>
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => act('release')} loading={decide.isPending && decide.variables === 'release'}>
          <Trans>Release: credit it</Trans>
        </Button>
        <Button type="button" variant="outline" onClick={() => act('refuse')} loading={decide.isPending && decide.variables === 'refuse'}>
          <Trans>Refuse</Trans>
        </Button>
      </div>
    </li>
  );
}
