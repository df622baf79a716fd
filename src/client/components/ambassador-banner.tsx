import { Mail, MapPin } from 'lucide-react';
import { initials } from '../../shared/format.ts';
import type { TOwnAmbassador } from '../../shared/schemas/ambassadors.ts';
import { BadgePill, asBadgeLevel } from './badge-level.tsx';
import { Card, CardContent } from './ui/card.tsx';

/** Who the page is about, at its top (the dashboard, the profile): initials, name as the page's heading, badge, email and country. */
export function AmbassadorBanner({ ambassador }: { ambassador: Pick<TOwnAmbassador, 'fullName' | 'email' | 'country' | 'badgeLevel'> }) {
  return (
    <Card className="pitch-lines">
      <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
        <span aria-hidden="true" className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-gold text-2xl font-black text-gold-foreground">
          {initials(ambassador.fullName)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-2xl font-extrabold tracking-tight">{ambassador.fullName}</h1>
            <BadgePill level={asBadgeLevel(ambassador.badgeLevel)} />
          </div>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5 break-all">
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {ambassador.email}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden="true" />
              {ambassador.country}
            </span>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
