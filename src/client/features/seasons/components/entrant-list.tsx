import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { countIn, monthIn } from '../../../../shared/localized-format.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import type { TSeasonDetail } from '../../../../shared/schemas/seasons.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSeason } from '../api/get-seasons.ts';

/** At most this many names are drawn at once; typing narrows the list. */
const SHOWN = 200;

/** Lower case, without accents: 'José' is found by 'jose'. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-US');
}

/**
 * Everyone in the month's lottery draw, by name, with a box to find oneself in it. The names are
 * the frozen list the list hash was computed from (GET /api/public/seasons/{month}'s entrants).
 */
export function EntrantList({ month }: { month: string }) {
  const { t, i18n } = useLingui();
  const season = useSeason(month);
  const label = monthIn(month, i18n.locale);
  return (
    <QueryState query={season} failure={t`The entrants could not be loaded.`} loading={<Spinner label={t`Loading the entrants of ${label}`} />} compact>
      {(detail) => <Entrants detail={detail} label={label} />}
    </QueryState>
  );
}

function Entrants({ detail, label }: { detail: TSeasonDetail; label: string }) {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const entrants = detail.entrants;
  const needle = folded(query.trim());
  const matches = needle ? entrants.filter((e) => folded(e.fullName).includes(needle)) : entrants;
  const shown = matches.slice(0, SHOWN);
  const count = entrants.length;
  const typed = query.trim();
  const limit = countIn(SHOWN, i18n.locale);
  const total = countIn(count, i18n.locale);
  const found = matches.length;
  const more = found > SHOWN ? t`: the first ${limit} are shown` : '';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-1.5 sm:max-w-sm">
        <Label htmlFor={inputId}>
          <Trans>
            Find your name among the <Plural value={count} one="# entrant" other="# entrants" />
          </Trans>
        </Label>
        <Input id={inputId} type="search" autoComplete="off" value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      </div>
      <p className="text-xs text-muted" aria-live="polite">
        {!entrants.length
          ? t`Nobody was entered in the lottery this month.`
          : needle
            ? found
              ? plural(found, { one: `# entrant matches “${typed}”${more}.`, other: `# entrants match “${typed}”${more}.` })
              : t`No entrant matches “${typed}”.`
            : count > SHOWN
              ? t`The first ${limit} of ${total} are shown: type a name to find it.`
              : plural(count, { one: '# entrant.', other: 'All # entrants.' })}
      </p>
      {shown.length ? (
        <ul aria-label={t`Entrants of ${label}`} tabIndex={0} className="flex max-h-72 flex-wrap gap-1.5 overflow-y-auto text-sm">
          {shown.map((e) => (
            <li key={e.ambassadorId} className="rounded-md bg-surface-2 px-2 py-0.5">
              {e.fullName}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
