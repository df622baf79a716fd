import {
  ArrowRight,
  BadgeCheck,
  Coins,
  Download,
  Gamepad2,
  Gift,
  MessageCircle,
  Send,
  ShieldCheck,
  Trophy,
  Users,
  Wallet,
  FileText,
  UserPlus,
  SearchCheck,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BADGE_TIERS, badgeRangeLabel } from '../../../../shared/badges.ts';
import { formatCount, formatHours, formatThousands, formatUsdtThousands } from '../../../../shared/format.ts';
import { APPLICATION_REVIEW_DAYS, CONTACT_URL, LOTTERY_WINNERS, PROGRAMME_NAME, REPORT_REVIEW_DAYS, TOP_PRIZE_WINNERS } from '../../../../shared/limits.ts';
import { seasonLabel } from '../../../../shared/seasons.ts';
import { BadgePill, badgeTextClass } from '../../../components/badge-level.tsx';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { PrizePool } from '../../../components/prize-pool.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import type { TStats } from '../../../../shared/schemas/public.ts';
import { usePublicChanges } from '../../../api/live.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { usePublicStats } from '../api/get-public-stats.ts';

const BENEFITS = [
  { icon: Coins, title: 'Weekly GCM Rewards', text: 'Earn GCM tokens every week for the activity you report: content, community work and feedback.' },
  { icon: Trophy, title: 'Monthly USDT Prizes', text: `The top ${TOP_PRIZE_WINNERS} earners of each month receive USDT bonuses on top of their GCM.` },
  { icon: Gift, title: 'Monthly Lottery', text: `${LOTTERY_WINNERS} winners are drawn from the ambassadors every month.` },
  { icon: Gamepad2, title: 'Early Game Access', text: 'Be among the first to test our football farm game before it opens to everyone.' },
  { icon: Wallet, title: 'No-KYC GCM Withdrawal', text: 'After mainnet, withdraw your GCM to your own wallet without KYC.' },
  { icon: Users, title: 'Exclusive Community & Badges', text: 'Join a private community of ambassadors and climb from Normal to Gold badges.' },
] as const;

const STEPS = [
  { icon: UserPlus, title: 'Apply', text: 'Fill in the ambassador application with your social media presence and motivation.' },
  { icon: SearchCheck, title: 'Team Review', text: 'Our team reviews your application. If approved, you receive your login credentials by email.' },
  { icon: FileText, title: 'Weekly Reports', text: 'Each week, report what you did: posts, community management, feedback and content.' },
  { icon: Coins, title: 'Earn Rewards', text: `Receive GCM every week, and compete for monthly USDT prizes for the top ${TOP_PRIZE_WINNERS}.` },
] as const;

export function LandingPage() {
  return (
    <PublicLayout>
      <section className="pitch-lines relative overflow-hidden border-b border-border">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div className="flex flex-col items-start gap-6">
            <span className="inline-flex items-center gap-2 rounded-full border border-gold/40 bg-gold/10 px-3 py-1 text-xs font-semibold uppercase tracking-widest text-gold">
              <ShieldCheck className="size-4" aria-hidden="true" />
              Official Ambassador Program
            </span>
            <h1 className="text-4xl font-extrabold leading-[1.05] tracking-tight sm:text-5xl lg:text-6xl">
              Join the <span className="text-gold">GoalChain</span> Ambassador Network
            </h1>
            <p className="max-w-xl text-lg text-muted">
              Spread the word about the football game on the blockchain, grow its community and get rewarded: weekly GCM tokens, monthly USDT prizes and early
              access to the game.
            </p>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Link href="/apply" className={buttonVariants({ size: 'lg' })}>
                Apply to Join
                <ArrowRight aria-hidden="true" />
              </Link>
              <a href="/guide.pdf" target="_blank" rel="noopener" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                <Download aria-hidden="true" />
                Download Guide
              </a>
            </div>
          </div>
          <HeroStats />
        </div>
      </section>

      <Section id="benefits" eyebrow="Why join" title="Ambassador Benefits">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((b) => (
            <article key={b.title} className="rounded-2xl border border-border bg-surface p-6 transition-colors hover:border-gold/50">
              <div className="mb-4 inline-flex rounded-xl bg-gold/10 p-3 text-gold">
                <b.icon className="size-6" aria-hidden="true" />
              </div>
              <h3 className="text-lg font-bold">{b.title}</h3>
              <p className="mt-2 text-sm text-muted">{b.text}</p>
            </article>
          ))}
        </div>
      </Section>

      <div className="mx-auto max-w-6xl px-4 pb-4">
        <PrizePool />
      </div>

      <Section id="badges" eyebrow="Climb the table" title="Badge Levels" intro="Your badge follows the GCM you earn in the current month.">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BADGE_TIERS.map((tier) => (
            <article key={tier.level} className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-surface p-6">
              <BadgePill level={tier.level} />
              <h3 className={cn('text-2xl font-extrabold', badgeTextClass(tier.level))}>{tier.label}</h3>
              <p className="text-sm text-muted">
                <span className="font-semibold text-foreground">{badgeRangeLabel(tier)}</span> GCM / month
              </p>
            </article>
          ))}
        </div>
      </Section>

      <Section id="how-it-works" eyebrow="Four steps" title="How It Works">
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-border bg-surface p-6">
              <span className="absolute right-5 top-4 text-4xl font-black text-surface-3" aria-hidden="true">
                {index + 1}
              </span>
              <step.icon className="mb-4 size-7 text-gold" aria-hidden="true" />
              <h3 className="text-lg font-bold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
        <ReviewPromise />
      </Section>

      <section className="render-when-near px-4 pb-20">
        <div className="pitch-lines mx-auto flex max-w-6xl flex-col items-center gap-5 rounded-3xl border border-gold/30 bg-surface-2 px-6 py-14 text-center">
          <BadgeCheck className="size-10 text-gold" aria-hidden="true" />
          <h2 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Ready to Join?</h2>
          <p className="max-w-xl text-muted">Become part of the {PROGRAMME_NAME}. It takes five minutes to apply.</p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link href="/apply" className={buttonVariants({ size: 'lg' })}>
              <Send aria-hidden="true" />
              Apply Now
            </Link>
            <a href={CONTACT_URL} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              <MessageCircle aria-hidden="true" />
              Contact Us
            </a>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}

/**
 * The public figures, on their own: when they arrive only this part renders again. They move as
 * the programme does (the public stream's `change` events, DECISIONS §6). While they load, the
 * prerendered zeros stand, marked busy; a failure says so instead of showing zeros as figures.
 */
function HeroStats() {
  const stats = usePublicStats();
  usePublicChanges();
  return (
    <QueryState
      query={stats}
      failure="The programme's figures could not be loaded."
      loading={<HeroFigures busy />}
      className="rounded-2xl border border-border bg-surface/80"
    >
      {(data) => <HeroFigures data={data} />}
    </QueryState>
  );
}

function HeroFigures({ data, busy = false }: { data?: Partial<TStats>; busy?: boolean }) {
  return (
    <dl className="grid grid-cols-3 gap-3 sm:gap-4" aria-busy={busy}>
      <HeroStat label="Ambassadors" value={formatCount(data?.totalAmbassadors ?? 0)} />
      <HeroStat label="GCM Awarded" value={formatThousands(data?.totalGcmAwarded ?? '0')} />
      <HeroStat label="USDT Awarded" value={formatUsdtThousands(data?.totalUsdtAwarded ?? '0')} />
    </dl>
  );
}

function HeroStat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col items-center justify-start gap-1 rounded-2xl border border-border bg-surface/80 px-2 py-5 text-center sm:py-7">
      <dt className="order-2 text-[11px] font-medium uppercase tracking-wider text-muted sm:text-xs">{label}</dt>
      <dd className="order-1 text-2xl font-extrabold text-gold sm:text-3xl" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The promise and what the desk did (issue 29): the stated review times beside the real medians of
 * the last full month, from that month's summary in the public log (the stats answer's reviewTimes).
 */
function ReviewPromise() {
  const times = usePublicStats().data?.reviewTimes;
  const median = (hours: string | null, what: string) => (hours === null ? `no ${what} were decided` : `${formatHours(hours)} for ${what}`);
  return (
    <p className="mt-6 text-sm text-muted" data-testid="review-promise">
      Applications are reviewed within {APPLICATION_REVIEW_DAYS} business days and reports within {REPORT_REVIEW_DAYS}.
      {times
        ? ` In ${seasonLabel(times.month)}, the median time to a decision was ${median(times.applications.medianHours, 'applications')} and ${median(times.reports.medianHours, 'reports')}.`
        : null}
    </p>
  );
}

function Section({ id, eyebrow, title, intro, children }: { id: string; eyebrow: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="render-when-near px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold">{eyebrow}</p>
        <h2 id={`${id}-title`} className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-2xl text-muted">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
