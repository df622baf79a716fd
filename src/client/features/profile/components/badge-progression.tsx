import { Trans } from '@lingui/react/macro';
import { Award } from 'lucide-react';
import { BADGE_TIERS, badgeRangeLabel, type BadgeLevel } from '../../../../shared/badges.ts';
import { BadgePill } from '../../../components/badge-level.tsx';
import { Card, CardContent, IconCardHeader } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/utils.ts';

/** The badge levels and the GCM a month each takes, the ambassador's own marked Current. */
export function BadgeProgression({ level }: { level: BadgeLevel }) {
  return (
    <Card className="h-fit">
      <IconCardHeader icon={Award} title={<Trans>Badge Progression</Trans>} description={<Trans>Levels follow the GCM you earn each month.</Trans>} />
      <CardContent>
        <ol className="flex flex-col gap-2">
          {BADGE_TIERS.map((tier) => {
            const current = tier.level === level;
            return (
              <li
                key={tier.level}
                aria-current={current ? 'true' : undefined}
                className={cn('flex items-center justify-between gap-2 rounded-xl border px-3 py-2.5', current ? 'border-gold/60 bg-gold/10' : 'border-border')}
              >
                <div className="flex flex-col gap-1">
                  <BadgePill level={tier.level} className="w-fit" />
                  <span className="text-xs text-muted">
                    <Trans>{badgeRangeLabel(tier)} GCM/month</Trans>
                  </span>
                </div>
                {current ? (
                  <span className="rounded-full bg-gold px-2 py-0.5 text-xs font-bold text-gold-foreground">
                    <Trans>Current</Trans>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
