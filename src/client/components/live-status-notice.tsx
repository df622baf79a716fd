import { Trans } from '@lingui/react/macro';
import { WifiOff } from 'lucide-react';
import { useLiveStreamAway } from '../api/live-status.ts';

/**
 * Says that live updates stopped while a live stream is away (the server down, the connection
 * lost), and clears itself when it is back (DECISIONS §6: what a screen shows is current, or the
 * screen says it may not be). A status region that is always there, so a screen reader hears the
 * change.
 */
export function LiveStatusNotice() {
  const away = useLiveStreamAway();
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {away ? (
        <p className="pointer-events-auto flex max-w-full items-center gap-2 rounded-full border border-border bg-surface px-4 py-2 text-sm text-foreground shadow-lg shadow-black/20">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <Trans>Live updates have stopped. Reconnecting…</Trans>
          </span>
        </p>
      ) : null}
    </div>
  );
}
