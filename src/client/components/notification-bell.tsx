import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { dateTimeIn } from '../../shared/localized-format.ts';
import type { TNotification } from '../../shared/schemas/notifications.ts';
import { useMarkAllRead, useNotifications } from '../api/notifications.ts';
import { relativeTime } from './relative-time.ts';
import { cn } from '../lib/utils.ts';
import { QueryState } from './query-state.tsx';

/**
 * The member header's bell: the unread count in its name and on a badge, and a list of the newest
 * notifications (Escape closes it and the focus goes back to the bell). Opening it marks them read;
 * the ones that were new stay marked so until it is opened again. A new notification is pushed with
 * the decision it tells of (`me`, DECISIONS §6), and the pages' figures with it.
 */
export function NotificationBell() {
  const { t } = useLingui();
  const notifications = useNotifications();
  const markAllRead = useMarkAllRead();
  const [open, setOpen] = useState(false);
  /** The ones unread when the list was last opened. */
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const headingId = useId();
  const unread = notifications.data?.unread ?? 0;

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    // The list as it is now, then everything in it is read.
    void notifications.refetch().then((result) => {
      const list = result.data;
      if (!list) return;
      setFresh(new Set(list.items.filter((item) => !item.read).map((item) => item.id)));
      if (list.unread > 0) markAllRead.mutate();
    });
  };

  const label = unread > 0 ? t`Notifications, ${plural(unread, { one: '# unread', other: '# unread' })}` : t`Notifications`;
  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger
        aria-label={label}
        className="relative inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-lg border border-border text-foreground transition-colors hover:bg-surface-2 data-[state=open]:bg-surface-2 [&_svg]:size-4"
      >
        <Bell aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -right-1.5 -top-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger-strong px-1 text-[11px] font-bold leading-none text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-50 flex max-h-[min(32rem,75vh)] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-2xl border border-border bg-surface shadow-2xl focus:outline-none"
        >
          <h2 id={headingId} className="border-b border-border px-4 py-3 text-base font-bold">
            <Trans>Notifications</Trans>
          </h2>
          <div className="overflow-y-auto">
            <QueryState
              query={notifications}
              failure={t`Notifications could not be loaded.`}
              loadingLabel={t`Loading notifications`}
              className="px-4 py-6"
              isEmpty={(list) => list.items.length === 0}
              empty={
                <p className="px-4 py-6 text-center text-sm text-muted">
                  <Trans>No notifications yet. Decisions about your reports and withdrawals appear here.</Trans>
                </p>
              }
            >
              {(list) => (
                <ul className="divide-y divide-border/60">
                  {list.items.map((item) => (
                    <li key={item.id}>
                      <NotificationItem item={item} isNew={!item.read || fresh.has(item.id)} onFollow={() => setOpen(false)} />
                    </li>
                  ))}
                </ul>
              )}
            </QueryState>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Only the app's own pages are links (a path of this site, not another one's). */
function isAppPath(link: string | null): link is string {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//');
}

function NotificationItem({ item, isNew, onFollow }: { item: TNotification; isNew: boolean; onFollow: () => void }) {
  const { i18n } = useLingui();
  const body = (
    <>
      <p className="flex items-start gap-2 text-sm font-semibold">
        {isNew ? <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-gold" /> : null}
        <span>
          {item.title}
          {isNew ? (
            <span className="sr-only">
              {' '}
              <Trans>(new)</Trans>
            </span>
          ) : null}
        </span>
      </p>
      <p className="mt-1 line-clamp-3 break-words text-sm text-muted">{item.body}</p>
      <time dateTime={item.createdAt} title={dateTimeIn(item.createdAt, i18n.locale)} className="mt-1 block text-xs text-muted">
        {relativeTime(item.createdAt, Date.now(), i18n.locale)}
      </time>
    </>
  );
  const box = cn('block px-4 py-3', isNew && 'bg-gold/5');
  return isAppPath(item.link) ? (
    <Link href={item.link} onClick={onFollow} className={cn(box, 'transition-colors hover:bg-surface-2')}>
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}
