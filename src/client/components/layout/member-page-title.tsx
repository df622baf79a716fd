import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The heading of an ambassador's page (referrals, tasks, reports): its icon and title, and a sentence under them. */
export function MemberPageTitle({ icon: Icon, title, lead }: { icon: LucideIcon; title: ReactNode; lead: ReactNode }) {
  return (
    <div>
      <h1 className="inline-flex items-center gap-2 text-2xl font-extrabold tracking-tight sm:text-3xl">
        <Icon className="size-7 text-gold" aria-hidden="true" /> {title}
      </h1>
      <p className="mt-1 text-sm text-muted">{lead}</p>
    </div>
  );
}
