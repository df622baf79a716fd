import { Trans } from '@lingui/react/macro';
import { Home, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';

/** DECISIONS §3: a sentence for visitors and a link home, not the router hint. */
export function NotFoundPage() {
  return (
    <PublicLayout footer={false}>
      <div className="flex min-h-[calc(100vh-4rem)] flex-col items-center justify-center gap-5 px-4 text-center">
        <SearchX className="size-14 text-gold" aria-hidden="true" />
        <h1 className="max-w-full break-words text-3xl font-extrabold tracking-tight sm:text-4xl">
          <Trans>Page Not Found</Trans>
        </h1>
        <p className="max-w-md text-muted">
          <Trans>The page you are looking for does not exist or has moved. Check the address, or start again from the home page.</Trans>
        </p>
        <Link href="/" className={buttonVariants({ size: 'lg' })}>
          <Home aria-hidden="true" />
          <Trans>Back to Home</Trans>
        </Link>
      </div>
    </PublicLayout>
  );
}
