import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { usdtIn } from '../../../../shared/localized-figures.ts';
import { dateTimeIn, gcmIn } from '../../../../shared/localized-format.ts';
import { X_POST_URL, type LinkProvider } from '../../../../shared/schemas/links.ts';
import { type TaskKind, type TClaimInput, type TClaimResult, type TTaskView } from '../../../../shared/schemas/tasks.ts';
import { TASK_MESSAGES } from '../../../../shared/schemas/messages.ts';
import { resources } from '../../../api/resources.ts';
import { MemberPageTitle } from '../../../components/layout/member-page-title.tsx';
import { AmbassadorPage } from '../../../components/no-ambassador-profile.tsx';
import { AppealForm } from '../../../components/appeal-form.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { CLAIM_STATUS_TEXT, Evidence, KIND_TEXT, PERIOD_TEXT, refusalText } from '../../../components/task-texts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { translatedMessage } from '../../../i18n/api-messages.ts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/utils.ts';

/** The ambassador's tasks (DECISIONS §7, Tasks): each checked at once when claimed, its verdict shown with its evidence. */
export function TasksPage() {
  const { t } = useLingui();
  return (
    <AmbassadorPage loadingLabel={t`Loading tasks...`} failure={t`Your tasks could not be loaded.`}>
      {() => <Tasks />}
    </AmbassadorPage>
  );
}

function Tasks() {
  const { t } = useLingui();
  const query = useQuery(resources.tasks());
  return (
    <div className="flex flex-col gap-6">
      <MemberPageTitle
        icon={ListChecks}
        title={<Trans>Tasks</Trans>}
        lead={
          <Trans>
            Do a task, then claim it: it is checked at once with the service that knows, and credited to your wallet when it passes. Some tasks need an account
            linked on your{' '}
            <Link href="/profile#linked-accounts" className="text-gold underline">
              profile
            </Link>
            .
          </Trans>
        }
      />
      <QueryState
        query={query}
        failure={t`Your tasks could not be loaded.`}
        loadingLabel={t`Loading tasks`}
        isEmpty={(tasks) => tasks.length === 0}
        empty={
          <p className="text-sm text-muted">
            <Trans>There are no tasks open right now.</Trans>
          </p>
        }
      >
        {(tasks) => (
          <ul className="flex flex-col gap-4" aria-label={t`Tasks`}>
            {tasks.map((task) => (
              <TaskCard key={task.id} task={task} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

/** The account each kind checks the claim against (the proven payout wallet for a transfer). */
const NEEDS: Partial<Record<TaskKind, LinkProvider>> = { telegram_member: 'telegram', discord_member: 'discord', x_post: 'x', bsc_transfer: 'wallet' };

const SERVICE_NAMES: Record<LinkProvider, string> = { telegram: 'Telegram', discord: 'Discord', x: 'X', wallet: '' };

/** Said before a claim that would be refused ACCOUNT_NOT_LINKED or WALLET_NOT_PROVEN (a refused claim counts against the period's). */
function MissingAccount({ kind }: { kind: TaskKind }) {
  const links = useQuery(resources.links());
  const needed = NEEDS[kind];
  if (!needed || !links.data || links.data.links.some((link) => link.provider === needed)) return null;
  const service = SERVICE_NAMES[needed];
  return (
    <p className="text-sm text-gold" data-testid="task-needs-account">
      {needed === 'wallet' ? (
        <Trans>
          This task is checked with a transfer from your payout wallet, which is not proven yet:{' '}
          <Link href="/wallet" className="underline">
            prove it on the Wallet page
          </Link>
          , then claim.
        </Trans>
      ) : (
        <Trans>
          This task is checked with your {service} account, which is not linked yet:{' '}
          <Link href="/profile#linked-accounts" className="underline">
            link it on your profile
          </Link>
          , then claim.
        </Trans>
      )}
    </p>
  );
}

function TaskCard({ task }: { task: TTaskView }) {
  const { t, i18n } = useLingui();
  const gcm = `${gcmIn(task.gcmReward, i18n.locale)} GCM`;
  const usdt = usdtIn(task.usdtReward, i18n.locale);
  const verdict = useRef<HTMLDivElement>(null);
  const open = task.attemptsLeft > 0 && (!task.claim || task.claim.status === 'refused');
  const titleId = `task-${task.id}`;
  const until = task.endsAt ? dateTimeIn(task.endsAt, i18n.locale) : null;
  const left = task.attemptsLeft;
  const phrase = task.params.mustContain;
  return (
    <li>
      <Card aria-labelledby={titleId} data-testid="task">
        <CardHeader>
          <CardTitle id={titleId} className="text-lg">
            {task.title}
          </CardTitle>
          <CardDescription className="flex flex-wrap gap-x-4 gap-y-1">
            <span>{i18n._(KIND_TEXT[task.kind])}</span>
            <span>
              <Trans>
                Reward: {gcm} and {usdt}
              </Trans>
            </span>
            <span>{i18n._(PERIOD_TEXT[task.period])}</span>
            {until ? (
              <span>
                <Trans>Until {until}</Trans>
              </span>
            ) : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {task.description ? <p className="whitespace-pre-line text-sm">{task.description}</p> : null}
          {task.kind === 'x_post' && phrase ? (
            <p className="text-sm">
              <Trans>
                Your post must contain: <span className="break-all font-mono">{phrase}</span>
              </Trans>
            </p>
          ) : null}
          {/* A live region: a new verdict is read out; the focus comes here when the form it was claimed with goes. */}
          {open ? <MissingAccount kind={task.kind} /> : null}
          <div ref={verdict} tabIndex={-1} role="status" className="outline-none" data-testid="task-claim">
            {task.claim ? <Verdict claim={task.claim} /> : null}
          </div>
          {open ? (
            <ClaimForm task={task} onVerdict={() => verdict.current?.focus()} />
          ) : task.claim?.status === 'refused' ? (
            <p className="text-sm text-muted">
              <Trans>No claims left in this period: try again next period.</Trans>
            </p>
          ) : null}
          {open && task.claim ? <p className="text-xs text-muted">{t`Claims left in this period: ${left}`}</p> : null}
        </CardContent>
      </Card>
    </li>
  );
}

function Verdict({ claim }: { claim: NonNullable<TTaskView['claim']> }) {
  const { i18n } = useLingui();
  const [appealing, setAppealing] = useState(false);
  const reason = refusalText(claim.reasonCode, claim.evidence, (m) => i18n._(m));
  const when = dateTimeIn(claim.at, i18n.locale);
  return (
    <div
      className={cn(
        'flex flex-col gap-2 rounded-lg border p-3',
        claim.status === 'credited' ? 'border-pitch/50' : claim.status === 'refused' ? 'border-danger/50' : 'border-gold/50',
      )}
    >
      <p className="text-sm font-semibold">
        <span data-testid="claim-status">{i18n._(CLAIM_STATUS_TEXT[claim.status])}</span> <span className="font-normal text-muted">· {when}</span>
      </p>
      {claim.status === 'credited' ? (
        <p className="text-sm">
          <Trans>The reward is in your wallet.</Trans>
        </p>
      ) : null}
      {claim.status === 'pending_review' ? (
        <p className="text-sm">
          <Trans>An admin will check it; you will see the decision here.</Trans>
        </p>
      ) : null}
      {reason ? (
        <p className="text-sm" data-testid="claim-reason">
          {reason}
          {claim.reasonCode === 'ACCOUNT_NOT_LINKED' ? (
            <>
              {' '}
              <Link href="/profile#linked-accounts" className="text-gold underline">
                <Trans>Link an account</Trans>
              </Link>
            </>
          ) : claim.reasonCode === 'WALLET_NOT_PROVEN' ? (
            <>
              {' '}
              <Link href="/wallet" className="text-gold underline">
                <Trans>Go to the Wallet page</Trans>
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {claim.status === 'refused' && claim.facts ? (
        <p className="text-sm" data-testid="claim-facts">
          <Trans>What the admin found: {claim.facts}</Trans>
        </p>
      ) : null}
      {claim.appeal ? (
        <p className="text-sm" data-testid="claim-appeal">
          <Trans>Appealed: {i18n._(appealStatusText(claim.appeal.status))}</Trans>
          {claim.appeal.facts ? <span className="block text-xs text-muted">{claim.appeal.facts}</span> : null}
        </p>
      ) : null}
      {claim.appealOpen && !appealing ? (
        <Button type="button" size="sm" variant="outline" className="w-fit" onClick={() => setAppealing(true)}>
          <Trans>Appeal</Trans>
        </Button>
      ) : null}
      {claim.appealOpen && appealing ? (
        <AppealForm path={`/api/task-claims/${encodeURIComponent(claim.id)}/appeal`} onDone={() => setAppealing(false)} />
      ) : null}
      <Evidence evidence={claim.evidence} />
    </div>
  );
}

const APPEAL_STATUS: Record<'pending' | 'upheld' | 'overturned', MessageDescriptor> = {
  pending: msg`waiting for another admin`,
  upheld: msg`the refusal stands`,
  overturned: msg`overturned: the reward is credited`,
};

function appealStatusText(status: string): MessageDescriptor {
  return status === 'upheld' || status === 'overturned' ? APPEAL_STATUS[status] : APPEAL_STATUS.pending;
}

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

function ClaimForm({ task, onVerdict }: { task: TTaskView; onVerdict: () => void }) {
  const { t } = useLingui();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const claim = useMutation({
    mutationFn: (body: TClaimInput) => apiRequest<TClaimResult>('POST', `/api/tasks/${encodeURIComponent(task.id)}/claim`, body),
    // The verdict is read again with the task (its claim, the claims left) before onSuccess runs.
    onSuccess: (result) => {
      setValue('');
      // Refused, the form stays for another try (and keeps the focus); otherwise it goes, and the verdict takes the focus.
      if (result.status !== 'refused') onVerdict();
    },
    onError: (error) => setFailure(errorMessage(error, t`The claim could not be checked`)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const text = value.trim();
    if (task.kind === 'x_post') {
      if (!X_POST_URL.test(text)) return setFieldError(translatedMessage(TASK_MESSAGES.postUrl));
      setFieldError(undefined);
      return claim.mutate({ postUrl: text });
    }
    if (task.kind === 'bsc_transfer') {
      if (!TX_HASH.test(text)) return setFieldError(translatedMessage(TASK_MESSAGES.txHash));
      setFieldError(undefined);
      return claim.mutate({ txHash: text });
    }
    setFieldError(undefined);
    claim.mutate(task.kind === 'manual' && text ? { note: text } : {});
  };
  const title = task.title;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t`Claim ${title}`}>
      {task.kind === 'x_post' ? (
        <Field label={t`Link of your post on X`} error={fieldError} required hint="https://x.com/you/status/123">
          <Input value={value} onChange={(e) => setValue(e.target.value)} inputMode="url" autoComplete="off" spellCheck={false} />
        </Field>
      ) : task.kind === 'bsc_transfer' ? (
        <Field label={t`Transaction hash`} error={fieldError} required hint={t`0x and 64 hexadecimal digits, as your wallet or the explorer shows it`}>
          <Input value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" spellCheck={false} className="font-mono" />
        </Field>
      ) : task.kind === 'manual' ? (
        <Field label={t`Note for the admin (optional)`} error={fieldError} hint={t`What you did, and where it can be seen.`}>
          <Textarea value={value} onChange={(e) => setValue(e.target.value)} rows={3} maxLength={2000} />
        </Field>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure}
        </p>
      ) : null}
      <Button type="submit" className="w-fit" loading={claim.isPending}>
        <Trans>Claim</Trans>
      </Button>
    </form>
  );
}
