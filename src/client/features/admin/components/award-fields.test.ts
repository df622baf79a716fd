import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moneySchema } from '../../../../shared/schemas/common.ts';
import { awardMessages } from '../../../../shared/schemas/decisions.ts';
import { AWARD_MESSAGES } from '../../../../shared/schemas/messages.ts';
import { typedAwards } from './award-fields.tsx';

const form = (locale: string) =>
  z.object(typedAwards({ gcmAwarded: moneySchema(awardMessages('GCM')), usdtAwarded: moneySchema(awardMessages('USDT')) }, locale));

describe('the award fields', () => {
  it('read an amount as the page’s language writes it, and refuse as the API does', () => {
    const spanish = form('es').parse({ gcmAwarded: '1.250,5', usdtAwarded: '12,5' });
    const english = form('en').parse({ gcmAwarded: '1250.5', usdtAwarded: '12.5' });
    expect(spanish).toEqual(english);
    expect(form('pt-BR').parse({ gcmAwarded: '300', usdtAwarded: '0,75' })).toEqual(form('en').parse({ gcmAwarded: '300', usdtAwarded: '0.75' }));
    const refused = form('es').safeParse({ gcmAwarded: '12,345', usdtAwarded: 'doce' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([AWARD_MESSAGES.precision('GCM'), AWARD_MESSAGES.format('USDT')]);
  });
});
