import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { dateTimeIn } from '../../../../shared/localized-format.ts';
import { X_POST_URL, type LinkProvider, type LinkableProvider, type TLinkView } from '../../../../shared/schemas/links.ts';
import { LINK_MESSAGES, LINK_REFUSALS } from '../../../../shared/schemas/messages.ts';
import { resources } from '../../../api/resources.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { translatedMessage } from '../../../i18n/api-messages.ts';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { DISCORD_START, TELEGRAM_RETURN_HASH, telegramAnswerIn, useLinkTelegram, useLinkX, useUnlink } from '../api/links.ts';

/** The section's id: the Discord callback and the Telegram widget come back to it. */
export const LINKED_ACCOUNTS_ID = 'linked-accounts';

const PROVIDER_NAMES: Record<LinkProvider, string> = { telegram: 'Telegram', discord: 'Discord', x: 'X', wallet: '' };
const WALLET_NAME: MessageDescriptor = msg`Payout wallet`;

/** The Discord callback's outcome (`?discord=CODE`), said as the API says that refusal, in the page's language. */
const DISCORD_OUTCOMES: Record<string, string> = {
  DISCORD_STATE_INVALID: LINK_REFUSALS.discordState,
  DISCORD_AUTH_DENIED: LINK_REFUSALS.discordDenied,
  LINK_TAKEN: LINK_REFUSALS.taken,
  PROVIDER_UNAVAILABLE: LINK_REFUSALS.unavailable,
  PROVIDER_ANSWER_MALFORMED: LINK_REFUSALS.malformed,
  LINK_PROVIDER_NOT_CONFIGURED: LINK_REFUSALS.notConfigured,
};

type Outcome = { ok: boolean; text: string } | null;

/** Reads (and removes from the address) what came back to this page: Discord's outcome, or the Telegram widget's signed answer. */
function useReturnedOutcome(): Outcome {
  const { t } = useLingui();
  const telegram = useLinkTelegram();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const read = useRef(false);
  const { mutate } = telegram;
  useEffect(() => {
    const clean = () => window.history.replaceState(window.history.state, '', `${window.location.pathname}#${LINKED_ACCOUNTS_ID}`);
    const readTelegram = () => {
      if (!window.location.hash.startsWith(`${TELEGRAM_RETURN_HASH}?`)) return;
      const answer = telegramAnswerIn(window.location.hash);
      clean();
      if (!answer) return setOutcome({ ok: false, text: translatedMessage(LINK_REFUSALS.telegramHash) });
      mutate(answer, {
        onSuccess: ({ handle }) => setOutcome({ ok: true, text: t`Telegram account ${handle} linked.` }),
        onError: (error) => setOutcome({ ok: false, text: errorMessage(error, t`Telegram could not be linked`) }),
      });
    };
    if (!read.current) {
      read.current = true;
      const discord = new URLSearchParams(window.location.search).get('discord');
      if (discord) {
        clean();
        setOutcome(
          discord === 'linked'
            ? { ok: true, text: t`Discord account linked.` }
            : { ok: false, text: translatedMessage(DISCORD_OUTCOMES[discord] ?? LINK_REFUSALS.discordDenied) },
        );
      }
      readTelegram();
    }
    // The widget sends the browser to this same page with a new fragment: no reload, a hashchange.
    window.addEventListener('hashchange', readTelegram);
    return () => window.removeEventListener('hashchange', readTelegram);
  }, [mutate, t]);
  return outcome;
}

/** The ambassador's accounts at other services (DECISIONS §7, Linked accounts): each with its handle and date, unlinked after a confirmation, and how to link it. */
export function LinkedAccountsSection() {
  const { t } = useLingui();
  const query = useQuery(resources.links());
  const settings = useQuery(resources.settings());
  const outcome = useReturnedOutcome();
  useEffect(() => {
    if (!outcome) return;
    document.getElementById(LINKED_ACCOUNTS_ID)?.scrollIntoView();
  }, [outcome]);
  return (
    <Card id={LINKED_ACCOUNTS_ID} aria-labelledby={`${LINKED_ACCOUNTS_ID}-title`} data-testid="linked-accounts" className="scroll-mt-24">
      <CardHeader>
        <CardTitle id={`${LINKED_ACCOUNTS_ID}-title`} className="inline-flex items-center gap-2">
          <Link2 className="size-5 text-gold" aria-hidden="true" />
          <Trans>Linked accounts</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Accounts you prove are yours. Tasks are checked against them.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {/* One live region for what came back from Telegram or Discord. */}
        <p role="status" className="text-sm text-pitch-light" data-testid="link-outcome">
          {outcome?.ok ? outcome.text : ''}
        </p>
        {outcome && !outcome.ok ? (
          <p role="alert" className="text-sm font-medium text-danger" data-testid="link-refusal">
            {outcome.text}
          </p>
        ) : null}
        <QueryState query={query} failure={t`Your linked accounts could not be loaded.`} loadingLabel={t`Loading linked accounts`}>
          {(data) => {
            const byProvider = new Map(data.links.map((link) => [link.provider, link]));
            return (
              <ul className="flex flex-col gap-3" aria-label={t`Linked accounts`}>
                <ProviderItem provider="telegram" link={byProvider.get('telegram')}>
                  <TelegramLink bot={settings.data?.telegramBotUsername} loading={settings.isPending} />
                </ProviderItem>
                <ProviderItem provider="discord" link={byProvider.get('discord')}>
                  <DiscordLink enabled={settings.data?.discordLinking === true} loading={settings.isPending} />
                </ProviderItem>
                <ProviderItem provider="x" link={byProvider.get('x')}>
                  <XLink code={data.linkCode} />
                </ProviderItem>
                <WalletItem link={byProvider.get('wallet')} />
              </ul>
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function Linked({ link }: { link: TLinkView }) {
  const { i18n } = useLingui();
  const when = dateTimeIn(link.linkedAt, i18n.locale);
  return (
    <p className="text-sm">
      <span className="break-all font-mono">{link.handle}</span>{' '}
      <span className="text-muted">
        <Trans>linked {when}</Trans>
      </span>
    </p>
  );
}

function ProviderItem({ provider, link, children }: { provider: LinkableProvider; link: TLinkView | undefined; children: ReactNode }) {
  const { t } = useLingui();
  const name = PROVIDER_NAMES[provider];
  const [confirming, setConfirming] = useState(false);
  const unlink = useUnlink();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid={`link-${provider}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 className="text-sm font-semibold">{name}</h3>
          {link ? (
            <Linked link={link} />
          ) : (
            <p className="text-sm text-muted">
              <Trans>Not linked</Trans>
            </p>
          )}
        </div>
        {link ? (
          <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(true)} aria-label={t`Unlink ${name}`}>
            <Trans>Unlink</Trans>
          </Button>
        ) : null}
      </div>
      {link ? null : children}
      {confirming && link ? (
        <ModalDialog
          onClose={() => setConfirming(false)}
          title={t`Unlink ${name}?`}
          description={t`Tasks that need this account will be refused until you link one again. Another ambassador can link this account only 30 days from now.`}
        >
          <DialogFooter className="mt-0">
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              type="button"
              variant="destructive"
              loading={unlink.isPending}
              onClick={() =>
                unlink.mutate(provider, {
                  onSuccess: () => {
                    setConfirming(false);
                    notify.success(t`Unlinked`, t`${name} is no longer linked to your profile.`);
                  },
                  onError: (error) => notify.error(t`Could not unlink`, errorMessage(error)),
                })
              }
            >
              <Trans>Unlink {name}</Trans>
            </Button>
          </DialogFooter>
        </ModalDialog>
      ) : null}
    </li>
  );
}

/** A provider's way to link an account: nothing while the settings load, a sentence where this server has it off, else what happens and the control. */
function LinkWay({ loading, enabled, off, lead, children }: { loading: boolean; enabled: boolean; off: ReactNode; lead: ReactNode; children: ReactNode }) {
  if (loading) return null;
  if (!enabled) return <p className="text-sm text-muted">{off}</p>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">{lead}</p>
      {children}
    </div>
  );
}

const WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';

/**
 * Telegram's official Login Widget: its script draws the button in a frame of oauth.telegram.org.
 * It sends the browser back to this page with the signed answer after `#telegram?` (data-auth-url):
 * the other way, data-onauth, is a string the widget runs with eval, which this site's CSP forbids.
 */
function TelegramLink({ bot, loading }: { bot: string | undefined; loading: boolean }) {
  const { t } = useLingui();
  const holder = useRef<HTMLDivElement>(null);
  const frameTitle = t`Log in with Telegram`;
  useEffect(() => {
    const element = holder.current;
    if (!bot || !element) return;
    // The widget's frame comes without a title: a screen reader names it by this one.
    const naming = new MutationObserver(() => element.querySelector('iframe:not([title])')?.setAttribute('title', frameTitle));
    naming.observe(element, { childList: true, subtree: true });
    const script = document.createElement('script');
    script.async = true;
    script.src = WIDGET_SRC;
    script.setAttribute('data-telegram-login', bot);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-userpic', 'false');
    script.setAttribute('data-auth-url', `${window.location.origin}${window.location.pathname}${TELEGRAM_RETURN_HASH}`);
    element.replaceChildren(script);
    return () => {
      naming.disconnect();
      element.replaceChildren();
    };
  }, [bot, frameTitle]);
  return (
    <LinkWay
      loading={loading}
      enabled={Boolean(bot)}
      off={<Trans>Linking Telegram is not set up on this server.</Trans>}
      lead={<Trans>Sign in with Telegram below: Telegram tells us your account, and nothing else.</Trans>}
    >
      <div ref={holder} className="min-h-10" data-testid="telegram-widget" />
    </LinkWay>
  );
}

function DiscordLink({ enabled, loading }: { enabled: boolean; loading: boolean }) {
  return (
    <LinkWay
      loading={loading}
      enabled={enabled}
      off={<Trans>Linking Discord is not set up on this server.</Trans>}
      lead={<Trans>You go to Discord to allow it, then come back here.</Trans>}
    >
      {/* A full navigation: Discord's pages, then the callback, then this page again. */}
      <a href={DISCORD_START} className={buttonVariants({ size: 'sm', variant: 'secondary', className: 'w-fit' })}>
        <Trans>Link Discord</Trans>
      </a>
    </LinkWay>
  );
}

function XLink({ code }: { code: string | null }) {
  const { t } = useLingui();
  const linkX = useLinkX();
  const [postUrl, setPostUrl] = useState('');
  const [failure, setFailure] = useState<string | undefined>();
  const shownCode = code ?? '—';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = postUrl.trim();
    if (!X_POST_URL.test(url)) return setFailure(translatedMessage(LINK_MESSAGES.postUrl));
    setFailure(undefined);
    linkX.mutate(url, {
      onSuccess: ({ handle }) => {
        setPostUrl('');
        notify.success(t`X account linked`, t`${handle} is linked to your profile.`);
      },
      onError: (error) => setFailure(errorMessage(error, t`X could not be linked`)),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={t`Link X`} noValidate>
      <p className="text-sm text-muted">
        <Trans>
          Post a public post on X containing your link code <code className="rounded bg-surface-2 px-1 font-mono text-foreground">{shownCode}</code>, then paste
          the post’s link here. You may delete the post once linked.
        </Trans>
      </p>
      <Field label={t`Link of your post on X`} error={failure} hint="https://x.com/you/status/123">
        <Input value={postUrl} onChange={(e) => setPostUrl(e.target.value)} inputMode="url" autoComplete="off" spellCheck={false} />
      </Field>
      <Button type="submit" size="sm" className="w-fit" loading={linkX.isPending}>
        <Trans>Link X</Trans>
      </Button>
    </form>
  );
}

function WalletItem({ link }: { link: TLinkView | undefined }) {
  const { i18n } = useLingui();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid="link-wallet">
      <h3 className="text-sm font-semibold">{i18n._(WALLET_NAME)}</h3>
      {link ? (
        <Linked link={link} />
      ) : (
        <p className="text-sm text-muted">
          <Trans>Not proven yet.</Trans>
        </p>
      )}
      <Link href="/wallet" className="w-fit text-sm text-gold underline">
        {link ? <Trans>See your wallet proof</Trans> : <Trans>Prove your payout wallet on the Wallet page</Trans>}
      </Link>
    </li>
  );
}
