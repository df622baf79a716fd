import { describe, expect, it } from 'vitest';
import { safeNextPath } from './pages.ts';

describe('safeNextPath (where a sign-in returns to)', () => {
  it('keeps a page of the app, with its query string', () => {
    expect(safeNextPath('/wallet')).toBe('/wallet');
    expect(safeNextPath('/reports?id=7d1c')).toBe('/reports?id=7d1c');
    expect(safeNextPath('/admin')).toBe('/admin');
  });

  it('refuses other sites, API addresses, unknown and sign-in pages', () => {
    for (const next of [
      null,
      '',
      'wallet',
      '//evil.example/wallet',
      '/\\evil.example',
      'https://evil.example/wallet',
      'javascript:alert(1)',
      '/api/user',
      '/api/login',
      '/nope',
      '/auth',
      '/setup-password/abc',
      '/forgot-password',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });
});
