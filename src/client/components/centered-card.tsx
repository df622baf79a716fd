import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from './ui/card.tsx';

/** The centred card of the sign-in, password and unsubscribe pages. */
export function AuthCard({
  icon,
  title,
  description,
  contentClassName,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className="pitch-lines flex min-h-[calc(100vh-4rem)] items-start justify-center px-4 py-12 sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <div className="mb-2 rounded-2xl bg-gold/10 p-3 text-gold [&_svg]:size-7">{icon}</div>
          <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </div>
  );
}
