/**
 * A ledger entry's description in the page's language: the ledger stores English words
 * (shared/ledger-descriptions.ts), which English shows as they are; other languages say the same
 * from the kind and values read back from them. A description of any other kind is shown as stored.
 */
import { useLingui } from '@lingui/react/macro';
import { readLedgerDescription } from '../../../../shared/ledger-descriptions.ts';
import { DEFAULT_LOCALE } from '../../../../shared/locales.ts';
import { monthIn, placeIn, weekIn } from '../../../../shared/localized-format.ts';

export function useLedgerDescription(): (text: string) => string {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return (text) => {
    const entry = locale === DEFAULT_LOCALE ? null : readLedgerDescription(text);
    if (!entry) return text;
    switch (entry.kind) {
      case 'reward': {
        const { currency } = entry;
        const week = weekIn(entry.week.start, entry.week.end, locale);
        return entry.onAppeal ? t`${currency} reward for weekly report ${week}, approved on appeal` : t`${currency} reward for weekly report ${week}`;
      }
      case 'withdrawal': {
        const { address } = entry;
        return t`USDT withdrawal to ${address}`;
      }
      case 'prize': {
        const place = placeIn(entry.rank, locale);
        const month = monthIn(entry.month, locale);
        return t`Prize for place ${place}, ${month}`;
      }
      case 'lottery': {
        const month = monthIn(entry.month, locale);
        return t`Lottery win, ${month}`;
      }
      case 'task': {
        const { title } = entry;
        return t`Task: ${title}`;
      }
      case 'referral': {
        const { name } = entry;
        return t`Referral: ${name}`;
      }
    }
  };
}
