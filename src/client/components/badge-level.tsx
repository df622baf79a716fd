import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Award } from 'lucide-react';
import { BADGE_LEVELS, type BadgeLevel } from '../../shared/badges.ts';
import { i18n } from '../i18n/i18n.ts';
import { cn } from '../lib/utils.ts';

const STYLES: Record<BadgeLevel, string> = {
  normal: 'border-border bg-surface-3 text-foreground',
  bronze: 'border-bronze/50 bg-bronze/15 text-bronze-light',
  silver: 'border-silver/50 bg-silver/15 text-silver',
  gold: 'border-gold/50 bg-gold/15 text-gold',
};

/** Each level's name, as the page's language says it (shared/badges.ts keeps the English). */
export const BADGE_NAMES: Readonly<Record<BadgeLevel, MessageDescriptor>> = {
  normal: msg`Normal`,
  bronze: msg`Bronze`,
  silver: msg`Silver`,
  gold: msg`Gold`,
};

export function asBadgeLevel(value: string | null | undefined): BadgeLevel {
  return (BADGE_LEVELS as readonly string[]).includes(value ?? '') ? (value as BadgeLevel) : 'normal';
}

export function badgeLabel(value: string | null | undefined): string {
  return i18n._(BADGE_NAMES[asBadgeLevel(value)]);
}

export function badgeTextClass(level: BadgeLevel): string {
  return STYLES[level].split(' ').find((c) => c.startsWith('text-')) ?? 'text-foreground';
}

/** The badge level as a pill, e.g. "Gold". */
export function BadgePill({ level, className }: { level: string | null | undefined; className?: string }) {
  const { _ } = useLingui();
  const value = asBadgeLevel(level);
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold', STYLES[value], className)}>
      <Award className="size-3.5" aria-hidden="true" />
      {_(BADGE_NAMES[value])}
    </span>
  );
}
