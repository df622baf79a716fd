import { UserX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from './ui/button.tsx';
import { Card, CardContent } from './ui/card.tsx';

/** Profile and wallet pages for a user without an ambassador record (spec §2). */
export function NoAmbassadorProfile() {
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <UserX className="size-12 text-gold" aria-hidden="true" />
        <h1 className="text-2xl font-bold">No Ambassador Profile</h1>
        <p className="text-muted">Your ambassador profile could not be found.</p>
        <Link href="/dashboard" className={buttonVariants()}>
          Go to Dashboard
        </Link>
      </CardContent>
    </Card>
  );
}
