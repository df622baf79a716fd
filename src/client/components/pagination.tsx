import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { countIn } from '../../shared/localized-format.ts';
import { Button } from './ui/button.tsx';

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

/**
 * Previous / next through a list the server pages (?limit=&offset=, X-Total-Count), its figures in
 * the page's language. Apart from components/ui (whose texts the landing page's small catalog
 * carries): only signed-in pages list.
 */
export function Pagination({ offset, limit, total, onOffsetChange, label, estimated }: PaginationProps) {
  const { t, i18n } = useLingui();
  if (total <= limit && offset === 0 && !estimated) return null;
  const locale = i18n.locale;
  const from = countIn(total === 0 ? 0 : offset + 1, locale);
  const to = countIn(estimated ? offset + estimated.shown : Math.min(offset + limit, total), locale);
  const pageNumber = Math.floor(offset / limit) + 1;
  const page = countIn(pageNumber, locale);
  const last = estimated ? estimated.shown < limit : offset + limit >= total;
  const all = countIn(total, locale);
  const pages = countIn(Math.max(pageNumber, Math.ceil(total / limit)), locale);
  return (
    <nav aria-label={t`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-3 pt-4 text-sm text-muted">
      <p>
        {estimated ? (
          <Trans>
            Showing {from}–{to} of about {all} · Page {page} of about {pages}
          </Trans>
        ) : (
          <Trans>
            Showing {from}–{to} of {all} · Page {page} of {pages}
          </Trans>
        )}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabledFocusable={offset === 0} onClick={() => onOffsetChange(Math.max(0, offset - limit))}>
          <ChevronLeft aria-hidden="true" /> <Trans>Previous</Trans>
        </Button>
        <Button variant="outline" size="sm" disabledFocusable={last} onClick={() => onOffsetChange(offset + limit)}>
          <Trans>Next</Trans> <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
