/**
 * A ledger entry's description in the page's language: English shows the recorded words as they
 * are; other languages say the same from the entry's kind and values (DECISIONS §7), never by
 * reading the English back. An entry of another kind (a correction) is shown as recorded.
 */
import { useLingui } from '@lingui/react/macro';
import type { TTransactionView } from '../../../../shared/schemas/wallet.ts';
import { DEFAULT_LOCALE } from '../../../../shared/locales.ts';
import { monthIn, placeIn, weekIn } from '../../../../shared/localized-format.ts';

type Described = Pick<TTransactionView, 'description' | 'kind' | 'values'>;

export function useLedgerDescription(): (entry: Described) => string {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return ({ description, kind, values }) => {
    if (locale === DEFAULT_LOCALE || !kind || !values) return description;
    const value = (name: string) => values[name] ?? '';
    switch (kind) {
      case 'reward': {
        const currency = value('currency');
        const week = weekIn(value('start'), value('end'), locale);
        return values.onAppeal === 'true' ? t`${currency} reward for weekly report ${week}, approved on appeal` : t`${currency} reward for weekly report ${week}`;
      }
      case 'withdrawal': {
        const address = value('address');
        return t`USDT withdrawal to ${address}`;
      }
      case 'prize': {
        const place = placeIn(Number(value('rank')), locale);
        const month = monthIn(value('month'), locale);
        return t`Prize for place ${place}, ${month}`;
      }
      case 'lottery': {
        const month = monthIn(value('month'), locale);
        return t`Lottery win, ${month}`;
      }
      case 'task': {
        const title = value('title');
        return t`Task: ${title}`;
      }
      case 'referral': {
        const name = value('name');
        return t`Referral: ${name}`;
      }
    }
  };
}
