import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/utils.ts';
import { Card, CardContent } from './ui/card.tsx';

interface SubmittedCardProps {
  title: ReactNode;
  thanks: ReactNode;
  nextTitle: ReactNode;
  /** What happens next, an item each; `ordered` when they come one after the other. */
  steps: ReactNode[];
  ordered?: boolean;
  /** Where to go from here. */
  children: ReactNode;
}

/**
 * What a person sees once something they sent is received (an application, a report): a heading,
 * a thank-you, what happens next, and where to go from here.
 */
export function SubmittedCard({ title, thanks, nextTitle, steps, ordered = false, children }: SubmittedCardProps) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <Card className="mx-auto max-w-2xl">
      <CardContent className="flex flex-col items-center gap-6 p-8 text-center sm:p-10">
        <div className="rounded-full bg-pitch/15 p-4">
          <CheckCircle2 className="size-12 text-pitch-light" aria-hidden="true" />
        </div>
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
          <p className="mt-2 text-muted">{thanks}</p>
        </div>
        <div className="w-full rounded-xl border border-border bg-surface-2 p-5 text-left">
          <h2 className="font-bold">{nextTitle}</h2>
          <List className={cn('mt-3 flex flex-col gap-2 pl-5 text-sm text-muted', ordered ? 'list-decimal' : 'list-disc')}>
            {steps.map((step, i) => (
              <li key={i}>{step}</li>
            ))}
          </List>
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
