import { Badge } from './ui/badge.tsx';

const VARIANT = { pending: 'warning', approved: 'success', rejected: 'destructive', active: 'success', suspended: 'destructive' } as const;

/** pending / approved / rejected (and active / suspended) as a coloured badge. */
export function StatusBadge({ status }: { status: string }) {
  const variant = status in VARIANT ? VARIANT[status as keyof typeof VARIANT] : 'secondary';
  return (
    <Badge variant={variant} className="capitalize">
      {status}
    </Badge>
  );
}
