import { ShieldAlert } from 'lucide-react';
import { SUPPORT_EMAIL } from '../../shared/limits.ts';

/** A suspended ambassador can sign in but cannot submit reports or withdrawals (DECISIONS §3). */
export function SuspendedNotice() {
  return (
    <p role="status" className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger">
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        Your ambassador account is suspended: reports and withdrawals are paused. Contact{' '}
        <a className="underline" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>{' '}
        for help.
      </span>
    </p>
  );
}
