import { Trans, useLingui } from '@lingui/react/macro';
import { BellRing } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { TOwnAmbassador } from '../../../../shared/schemas/ambassadors.ts';
import { useUpdateAmbassador } from '../../../api/ambassador.ts';
import { Card, CardContent, IconCardHeader } from '../../../components/ui/card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';

/** Emails about decisions on or off (DECISIONS §5); security emails go whatever the switch says. */
export function EmailNotificationsSection({ ambassador }: { ambassador: TOwnAmbassador }) {
  const { t } = useLingui();
  return (
    <Card>
      <IconCardHeader icon={BellRing} title={<Trans>Email Notifications</Trans>} />
      <CardContent className="flex flex-col gap-3">
        <PreferenceSwitch
          ambassador={ambassador}
          preference="emailNotifications"
          label={<Trans>Email notifications</Trans>}
          hint={
            <Trans>An email when the team decides on your reports, withdrawals or prizes. Security emails (a password or wallet change) are always sent.</Trans>
          }
          saved={(on) => (on ? t`You will get an email about each decision.` : t`You will no longer get emails about decisions.`)}
        />
        {/*
         * The same decisions sent by the Telegram bot to the linked Telegram account (DECISIONS §7,
         * `notifyTelegram`); turned off by itself when the person blocks the bot. Shown when the server has a bot.
         */}
        {ambassador.telegramBot ? (
          <PreferenceSwitch
            ambassador={ambassador}
            preference="notifyTelegram"
            label={<Trans>Telegram notifications</Trans>}
            hint={
              <Trans>
                The same decisions, payouts, prizes and appeals as a message from our bot to the Telegram account you linked. Blocking the bot turns this off.
              </Trans>
            }
            saved={(on) =>
              on ? t`The bot will send each decision to your linked Telegram account.` : t`The bot will no longer send you decisions on Telegram.`
            }
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** One notification preference of the ambassador's record, as a labelled switch with its hint. */
function PreferenceSwitch({
  ambassador,
  preference,
  label,
  hint,
  saved,
}: {
  ambassador: TOwnAmbassador;
  preference: 'emailNotifications' | 'notifyTelegram';
  label: ReactNode;
  hint: ReactNode;
  /** The success toast's text for the new value. */
  saved: (on: boolean) => string;
}) {
  const { t } = useLingui();
  const update = useUpdateAmbassador();
  const id = useId();
  // The switch moves at once; the record read again after the change confirms it.
  const checked = (update.isPending ? update.variables[preference] : undefined) ?? ambassador[preference];
  const toggle = (on: boolean) => {
    // One change at a time; the switch stays focusable (not disabled) meanwhile.
    if (update.isPending) return;
    update.mutate(
      { [preference]: on },
      {
        onSuccess: () => notify.success(t`Profile Updated`, saved(on)),
        onError: (error) => notify.error(t`Update Failed`, errorMessage(error)),
      },
    );
  };
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-border p-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={toggle} pending={update.isPending} aria-describedby={`${id}-hint`} />
    </div>
  );
}
