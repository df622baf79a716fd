import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LEDGER_DESCRIPTIONS } from '../../../../shared/ledger-descriptions.ts';
import { renderStatic } from '../../../../../test/helpers/render.ts';
import { activateLocale, i18n } from '../../../i18n/i18n.ts';
import { useLedgerDescription } from './ledger-description.ts';

type Entry = ReturnType<(typeof LEDGER_DESCRIPTIONS)['task']> | { description: string; descriptionKind: null; descriptionValues: null };

function Described({ entry }: { entry: Entry }) {
  return createElement('p', null, useLedgerDescription()({ description: entry.description, kind: entry.descriptionKind, values: entry.descriptionValues }));
}

const described = (entry: Entry) => renderStatic(createElement(Described, { entry })).replace(/^<p>|<\/p>$/g, '');

describe('a ledger entry’s description', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('is the stored English in English, and the same entry in the reader’s language otherwise, from its kind and values', async () => {
    const week = { start: '2026-11-02', end: '2026-11-08' };
    expect(described(LEDGER_DESCRIPTIONS.reward('GCM', week))).toBe('GCM reward for weekly report 2026-11-02 to 2026-11-08');
    await activateLocale('es', ['app']);
    expect(described(LEDGER_DESCRIPTIONS.reward('GCM', week))).toBe('Recompensa en GCM por el informe semanal del 2 nov - 8 nov 2026');
    expect(described(LEDGER_DESCRIPTIONS.reward('USDT', week, true))).toMatch(/, aprobado tras apelación$/);
    expect(described(LEDGER_DESCRIPTIONS.withdrawal('0xabc'))).toBe('Retiro de USDT a 0xabc');
    expect(described(LEDGER_DESCRIPTIONS.prize(2, '2026-10'))).toBe('Premio del puesto 2, octubre de 2026');
    expect(described(LEDGER_DESCRIPTIONS.lottery('2026-10'))).toBe('Premio del sorteo, octubre de 2026');
    // Words of another kind are shown as they were stored.
    expect(described({ description: 'Manual correction', descriptionKind: null, descriptionValues: null })).toBe('Manual correction');
    await activateLocale('pt-BR', ['app']);
    expect(described(LEDGER_DESCRIPTIONS.prize(1, '2026-10'))).toBe('Prêmio do 1º lugar, outubro de 2026');
  });
});
