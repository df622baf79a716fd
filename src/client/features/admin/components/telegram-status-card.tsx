import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { dateTimeIn } from '../../../../shared/localized-format.ts';
import type { TTelegramStatus } from '../../../../shared/schemas/settings.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, IconCardHeader } from '../../../components/ui/card.tsx';
import { useTelegramStatus } from '../api/get-telegram-status.ts';

/** The Telegram bot (DECISIONS §7): set up or not, working or not, its last message and last error; never the token. */
export function TelegramStatusCard() {
  const { t } = useLingui();
  const status = useTelegramStatus();
  return (
    <Card>
      <IconCardHeader icon={Send} title={<Trans>Telegram bot</Trans>} />
      <CardContent>
        <QueryState query={status} failure={t`The Telegram bot's state could not be loaded.`} compact>
          {(data) => <TelegramStatusBody status={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function TelegramStatusBody({ status }: { status: TTelegramStatus }) {
  const { t, i18n } = useLingui();
  const yes = t`Set`;
  const no = t`Not set`;
  if (!status.configured)
    return (
      <p className="text-sm text-muted">
        <Trans>The bot is not set up: set TELEGRAM_BOT_TOKEN (README, "Telegram and Discord").</Trans>
      </p>
    );
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div>
        {status.working ? (
          <Badge variant="success">
            <Trans>Working</Trans>
          </Badge>
        ) : (
          <Badge variant="warning">{status.lastSentAt ? <Trans>Failing</Trans> : <Trans>Nothing sent yet</Trans>}</Badge>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted">
          <Trans>Channel (TELEGRAM_CHANNEL_ID)</Trans>
        </dt>
        <dd>{status.channel ? yes : no}</dd>
        <dt className="text-muted">
          <Trans>Commands (TELEGRAM_WEBHOOK_SECRET)</Trans>
        </dt>
        <dd>{status.webhook ? yes : no}</dd>
        <dt className="text-muted">
          <Trans>Last message sent</Trans>
        </dt>
        <dd>{status.lastSentAt ? dateTimeIn(status.lastSentAt, i18n.locale) : t`Never`}</dd>
        <dt className="text-muted">
          <Trans>Waiting to be sent</Trans>
        </dt>
        <dd>{status.waiting}</dd>
        <dt className="text-muted">
          <Trans>Last error</Trans>
        </dt>
        <dd className="break-words">{status.lastError ? `${dateTimeIn(status.lastError.at, i18n.locale)}: ${status.lastError.message}` : t`None`}</dd>
      </dl>
    </div>
  );
}
