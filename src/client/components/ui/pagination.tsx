import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.tsx';

interface PaginationProps {
  offset: number;
  limit: number;
  total: number;
  onOffsetChange: (offset: number) => void;
  label: string;
  /**
   * The total is an estimate (X-Total-Count-Estimated), with how many rows this page shows: it reads
   * 'about', and Next stays open while pages come back full, whatever the estimate says.
   */
  estimated?: { shown: number } | undefined;
}

/** Previous / next through a list the server pages (?limit=&offset=, X-Total-Count). */
export function Pagination({ offset, limit, total, onOffsetChange, label, estimated }: PaginationProps) {
  if (total <= limit && offset === 0 && !estimated) return null;
  const from = total === 0 ? 0 : offset + 1;
  const to = estimated ? offset + estimated.shown : Math.min(offset + limit, total);
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(page, Math.ceil(total / limit));
  const last = estimated ? estimated.shown < limit : offset + limit >= total;
  const about = estimated ? 'about ' : '';
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-3 pt-4 text-sm text-muted">
      <p>{`Showing ${from}–${to} of ${about}${total.toLocaleString('en-US')} · Page ${page} of ${about}${pages.toLocaleString('en-US')}`}</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabledFocusable={offset === 0} onClick={() => onOffsetChange(Math.max(0, offset - limit))}>
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        <Button variant="outline" size="sm" disabledFocusable={last} onClick={() => onOffsetChange(offset + limit)}>
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
