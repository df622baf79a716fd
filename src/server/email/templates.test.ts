import { describe, expect, it } from 'vitest';
import { ABUSE_FLAG_TEXT } from '../../shared/abuse-flags.ts';
import { ABUSE_FLAGS } from '../../shared/enums.ts';
import { NO_REASON_TEXT, REASON_CODES, REASONS } from '../../shared/reasons.ts';
import { emailI18n } from '../i18n.ts';
import { adminSecurityNoticeEmail, decisionReasonLines, flagText, reasonTexts, securityNoticeLine } from './templates.ts';

describe('the shared texts an email says', () => {
  it('say no reason, and nothing for an unknown flag', () => {
    expect(decisionReasonLines({ code: null, facts: null }, 'https://x')).toEqual([`Reason: ${NO_REASON_TEXT}.`]);
    expect(flagText(emailI18n('en'), 'not_a_flag')).toBeNull();
  });

  it('translate them in every language', () => {
    for (const locale of ['es', 'pt-BR', 'tr', 'id']) {
      const i18n = emailI18n(locale);
      for (const code of REASON_CODES) {
        expect(reasonTexts(i18n, code).rule, `${locale} ${code}`).not.toBe(REASONS[code].rule);
      }
      for (const flag of ABUSE_FLAGS) expect(flagText(i18n, flag), `${locale} ${flag}`).not.toBe(ABUSE_FLAG_TEXT[flag]);
    }
  });
});

describe('a security notice to the admins', () => {
  const notice = { name: 'Ana', by: 'root@example.com', at: '2026-11-17T14:05:00.000Z', appUrl: 'https://amb.example' };

  it('keeps its English words and says what changed', () => {
    const email = adminSecurityNoticeEmail({ ...notice, what: { kind: 'mfa_off', email: 'bo@example.com' } });
    expect(email.subject).toBe('Security notice: Admin bo@example.com turned off two-factor sign-in');
    expect(email.text).toContain('Admin bo@example.com turned off two-factor sign-in, by root@example.com, on Nov 17, 2026, 2:05 PM UTC.');
    expect(securityNoticeLine({ kind: 'admin_added', name: 'Cy', email: 'cy@example.com' })).toBe('A new admin was added: Cy <cy@example.com>');
  });

  it('is written in the recipient’s saved language (issue 40: the security notices were English)', () => {
    const email = adminSecurityNoticeEmail({ ...notice, what: { kind: 'password_set', email: 'bo@example.com' }, locale: 'es' });
    expect(email.subject).toBe('Aviso de seguridad: Un superadministrador estableció la contraseña del administrador bo@example.com');
    expect(email.text).toContain('Hola, Ana:');
    expect(email.text).not.toContain('Security notice');
    expect(email.html).toContain('lang="es"');
    for (const locale of ['pt-BR', 'tr', 'id']) {
      const translated = adminSecurityNoticeEmail({ ...notice, what: { kind: 'mfa_on', email: 'bo@example.com', underSetPassword: true }, locale });
      expect(translated.subject).not.toContain('Security notice');
      expect(translated.subject).toContain('bo@example.com');
    }
  });
});
