import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../shared/format.ts';
import type { TNotification } from '../../shared/schemas/notifications.ts';
import { ambassadorKey } from '../api/ambassador.ts';
import { useMarkAllRead, useNotifications } from '../api/notifications.ts';
import { myReportsKey } from '../api/reports.ts';
import { relativeTime } from '../lib/relative-time.ts';
import { cn } from '../lib/utils.ts';
import { Spinner } from './ui/spinner.tsx';

/** The person's own records that a decision changes (reports, balances, withdrawals): read again when one is heard of. */
const CHANGED_BY_DECISIONS = new Set<unknown>([myReportsKey[0], ambassadorKey[0], '/api/transactions', '/api/withdrawal-requests']);

/**
 * The member header's bell: the unread count in its name and on a badge, and a list of the newest
 * notifications (Escape closes it and the focus goes back to the bell). Opening it marks them read.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const markAllRead = useMarkAllRead();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const items = notifications.data?.items ?? [];
  const unread = notifications.data?.unread ?? 0;

  // A new notification means a decision: the pages' figures are read again, not left as they were.
  const newest = items[0]?.id;
  const seen = useRef(newest);
  useEffect(() => {
    if (newest === undefined || seen.current === newest) return;
    const first = seen.current === undefined;
    seen.current = newest;
    if (!first) void queryClient.invalidateQueries({ predicate: (query) => CHANGED_BY_DECISIONS.has(query.queryKey[0]) });
  }, [newest, queryClient]);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    // The list as it is now, then everything in it is read.
    void notifications.refetch().then((result) => {
      if ((result.data?.unread ?? 0) > 0) markAllRead.mutate();
    });
  };

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
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
            Notifications
          </h2>
          <div className="overflow-y-auto">
            {notifications.isLoading ? (
              <div className="flex justify-center py-6">
                <Spinner label="Loading notifications" />
              </div>
            ) : notifications.isError && items.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-muted">Notifications could not be loaded. Please try again in a moment.</p>
            ) : items.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-muted">No notifications yet. Decisions about your reports and withdrawals appear here.</p>
            ) : (
              <ul className="divide-y divide-border/60">
                {items.map((item) => (
                  <li key={item.id}>
                    <NotificationItem item={item} onFollow={() => setOpen(false)} />
                  </li>
                ))}
              </ul>
            )}
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

function NotificationItem({ item, onFollow }: { item: TNotification; onFollow: () => void }) {
  const body = (
    <>
      <p className="flex items-start gap-2 text-sm font-semibold">
        {item.read ? null : <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-gold" />}
        <span>
          {item.title}
          {item.read ? null : <span className="sr-only"> (new)</span>}
        </span>
      </p>
      <p className="mt-1 line-clamp-3 break-words text-sm text-muted">{item.body}</p>
      <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)} className="mt-1 block text-xs text-muted">
        {relativeTime(item.createdAt)}
      </time>
    </>
  );
  const box = cn('block px-4 py-3', !item.read && 'bg-gold/5');
  return isAppPath(item.link) ? (
    <Link href={item.link} onClick={onFollow} className={cn(box, 'transition-colors hover:bg-surface-2')}>
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}
