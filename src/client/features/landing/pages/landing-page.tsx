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
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { memo, Suspense, type ReactNode } from 'react';
import { lazyNamed } from '../../../app/lazy.ts';
import { Link } from 'wouter';
import { BADGE_TIERS, badgeRangeLabel } from '../../../../shared/badges.ts';
import { APPLICATION_REVIEW_DAYS, CONTACT_URL, LOTTERY_WINNERS, PROGRAMME_NAME, REPORT_REVIEW_DAYS, TOP_PRIZE_WINNERS } from '../../../../shared/limits.ts';
import { countIn, hoursIn, monthIn, thousandsIn } from '../../../../shared/localized-figures.ts';
import { guidePath } from '../../../../shared/locales.ts';
import { BADGE_NAMES, BadgePill, badgeTextClass } from '../../../components/badge-level.tsx';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import type { TStats } from '../../../../shared/schemas/public.ts';
import { usePublicChanges } from '../../../api/live.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { usePublicStats } from '../api/get-public-stats.ts';

const topWinners = TOP_PRIZE_WINNERS;
const lotteryWinners = LOTTERY_WINNERS;

const BENEFITS = [
  {
    key: 'gcm',
    icon: Coins,
    title: msg`Weekly GCM Rewards`,
    text: msg`Earn GCM tokens every week for the activity you report: content, community work and feedback.`,
  },
  {
    key: 'usdt',
    icon: Trophy,
    title: msg`Monthly USDT Prizes`,
    text: msg`The top ${topWinners} earners of each month receive USDT bonuses on top of their GCM.`,
  },
  { key: 'lottery', icon: Gift, title: msg`Monthly Lottery`, text: msg`${lotteryWinners} winners are drawn from the ambassadors every month.` },
  { key: 'game', icon: Gamepad2, title: msg`Early Game Access`, text: msg`Be among the first to test our football farm game before it opens to everyone.` },
  { key: 'kyc', icon: Wallet, title: msg`No-KYC GCM Withdrawal`, text: msg`After mainnet, withdraw your GCM to your own wallet without KYC.` },
  {
    key: 'community',
    icon: Users,
    title: msg`Exclusive Community & Badges`,
    text: msg`Join a private community of ambassadors and climb from Normal to Gold badges.`,
  },
] as const;

const STEPS = [
  { key: 'apply', icon: UserPlus, title: msg`Apply`, text: msg`Fill in the ambassador application with your social media presence and motivation.` },
  {
    key: 'review',
    icon: SearchCheck,
    title: msg`Team Review`,
    text: msg`Our team reviews your application. If approved, you receive your login credentials by email.`,
  },
  { key: 'reports', icon: FileText, title: msg`Weekly Reports`, text: msg`Each week, report what you did: posts, community management, feedback and content.` },
  { key: 'earn', icon: Coins, title: msg`Earn Rewards`, text: msg`Receive GCM every week, and compete for monthly USDT prizes for the top ${topWinners}.` },
] as const;

export function LandingPage() {
  const { _, i18n } = useLingui();
  const { t } = useLinguiMacro();
  const programme = PROGRAMME_NAME;
  return (
    <PublicLayout>
      <section className="pitch-lines relative overflow-hidden border-b border-border">
        <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div className="flex flex-col items-start gap-6">
            <span className="inline-flex items-center gap-2 rounded-full border border-gold/40 bg-gold/10 px-3 py-1 text-xs font-semibold uppercase tracking-widest text-gold">
              <ShieldCheck className="size-4" aria-hidden="true" />
              <Trans>Official Ambassador Program</Trans>
            </span>
            <h1 className="text-4xl font-extrabold leading-[1.05] tracking-tight sm:text-5xl lg:text-6xl">
              <Trans>
                Join the <span className="text-gold">GoalChain</span> Ambassador Network
              </Trans>
            </h1>
            <p className="max-w-xl text-lg text-muted">
              <Trans>
                Spread the word about the football game on the blockchain, grow its community and get rewarded: weekly GCM tokens, monthly USDT prizes and early
                access to the game.
              </Trans>
            </p>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Link href="/apply" className={buttonVariants({ size: 'lg' })}>
                <Trans>Apply to Join</Trans>
                <ArrowRight aria-hidden="true" />
              </Link>
              <a href={guidePath(i18n.locale)} target="_blank" rel="noopener" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                <Download aria-hidden="true" />
                <Trans>Download Guide</Trans>
              </a>
            </div>
          </div>
          <HeroStats />
        </div>
      </section>

      <Section id="benefits" eyebrow={t`Why join`} title={t`Ambassador Benefits`}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((b) => (
            <article key={b.key} className="rounded-2xl border border-border bg-surface p-6 transition-colors hover:border-gold/50">
              <div className="mb-4 inline-flex rounded-xl bg-gold/10 p-3 text-gold">
                <b.icon className="size-6" aria-hidden="true" />
              </div>
              <h3 className="text-lg font-bold">{_(b.title)}</h3>
              <p className="mt-2 text-sm text-muted">{_(b.text)}</p>
            </article>
          ))}
        </div>
      </Section>

      <div className="mx-auto max-w-6xl px-4 pb-4">
        <LandingPrizePool />
      </div>

      <Section id="badges" eyebrow={t`Climb the table`} title={t`Badge Levels`} intro={t`Your badge follows the GCM you earn in the current month.`}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BADGE_TIERS.map((tier) => (
            <article key={tier.level} className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-surface p-6">
              <BadgePill level={tier.level} />
              <h3 className={cn('text-2xl font-extrabold', badgeTextClass(tier.level))}>{_(BADGE_NAMES[tier.level])}</h3>
              <p className="text-sm text-muted">
                <Trans>
                  <span className="font-semibold text-foreground">{badgeRangeLabel(tier)}</span> GCM / month
                </Trans>
              </p>
            </article>
          ))}
        </div>
      </Section>

      <Section id="how-it-works" eyebrow={t`Four steps`} title={t`How It Works`}>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.key} className="relative rounded-2xl border border-border bg-surface p-6">
              <span className="absolute right-5 top-4 text-4xl font-black text-surface-3" aria-hidden="true">
                {index + 1}
              </span>
              <step.icon className="mb-4 size-7 text-gold" aria-hidden="true" />
              <h3 className="text-lg font-bold">
                <span className="sr-only">
                  <Trans>Step {index + 1}:</Trans>{' '}
                </span>
                {_(step.title)}
              </h3>
              <p className="mt-2 text-sm text-muted">{_(step.text)}</p>
            </li>
          ))}
        </ol>
        <ReviewPromise />
      </Section>

      <section className="render-when-near px-4 pb-20">
        <div className="pitch-lines mx-auto flex max-w-6xl flex-col items-center gap-5 rounded-3xl border border-gold/30 bg-surface-2 px-6 py-14 text-center">
          <BadgeCheck className="size-10 text-gold" aria-hidden="true" />
          <h2 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            <Trans>Ready to Join?</Trans>
          </h2>
          <p className="max-w-xl text-muted">
            <Trans>Become part of the {programme}. It takes five minutes to apply.</Trans>
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link href="/apply" className={buttonVariants({ size: 'lg' })}>
              <Send aria-hidden="true" />
              <Trans>Apply Now</Trans>
            </Link>
            <a href={CONTACT_URL} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              <MessageCircle aria-hidden="true" />
              <Trans>Contact Us</Trans>
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
  const { t } = useLinguiMacro();
  const stats = usePublicStats();
  usePublicChanges();
  return (
    <QueryState
      query={stats}
      failure={t`The programme's figures could not be loaded.`}
      loading={<HeroFigures busy />}
      className="rounded-2xl border border-border bg-surface/80"
    >
      {(data) => <HeroFigures data={data} />}
    </QueryState>
  );
}

function HeroFigures({ data, busy = false }: { data?: Partial<TStats>; busy?: boolean }) {
  const { t, i18n } = useLinguiMacro();
  const locale = i18n.locale;
  return (
    <dl className="grid grid-cols-3 gap-3 sm:gap-4" aria-busy={busy}>
      <HeroStat id="ambassadors" label={t`Ambassadors`} value={countIn(data?.totalAmbassadors ?? 0, locale)} />
      <HeroStat id="gcm-awarded" label={t`GCM Awarded`} value={thousandsIn(data?.totalGcmAwarded ?? '0', locale)} />
      <HeroStat id="usdt-awarded" label={t`USDT Awarded`} value={thousandsIn(data?.totalUsdtAwarded ?? '0', locale, true)} />
    </dl>
  );
}

function HeroStat({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="flex flex-col items-center justify-start gap-1 rounded-2xl border border-border bg-surface/80 px-2 py-5 text-center sm:py-7">
      <dt className="order-2 text-[11px] font-medium uppercase tracking-wider text-muted sm:text-xs">{label}</dt>
      <dd className="order-1 text-2xl font-extrabold text-gold sm:text-3xl" data-testid={`stat-${id}`}>
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
  const { t, i18n } = useLinguiMacro();
  const times = usePublicStats().data?.reviewTimes;
  const applicationDays = APPLICATION_REVIEW_DAYS;
  const reportDays = REPORT_REVIEW_DAYS;
  let measured: string | null = null;
  if (times) {
    const month = monthIn(times.month, i18n.locale);
    const applications =
      times.applications.medianHours === null ? t`no applications were decided` : t`${hoursIn(times.applications.medianHours, i18n.locale)} for applications`;
    const reports = times.reports.medianHours === null ? t`no reports were decided` : t`${hoursIn(times.reports.medianHours, i18n.locale)} for reports`;
    measured = t`In ${month}, the median time to a decision was ${applications} and ${reports}.`;
  }
  return (
    <p className="mt-6 text-sm text-muted" data-testid="review-promise">
      <Trans>
        Applications are reviewed within {applicationDays} business days and reports within {reportDays}.
      </Trans>
      {measured ? ` ${measured}` : null}
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

/**
 * The prize pool comes after the page is shown, in a chunk of its own (its figures are a read of
 * their own anyway), so the landing page's first JavaScript stays within its budget with the
 * languages (issue 32). Prerendered with the page; hydrated when its chunk arrives, which starts
 * loading with the page. Memoised: an update of the page before then must not reach the boundary.
 */
const PrizePool = lazyNamed(() => import('../../../components/prize-pool.tsx'), 'PrizePool', null);
void PrizePool.preload().catch(() => undefined);

/** For the build's prerender, which writes the pool into the page's markup. */
export function preloadPrizePool(): Promise<void> {
  return PrizePool.preload();
}

const LandingPrizePool = memo(function LandingPrizePool() {
  return (
    <Suspense fallback={null}>
      <PrizePool />
    </Suspense>
  );
});
