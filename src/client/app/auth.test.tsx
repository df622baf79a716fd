import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useAuth } from './auth.tsx';

function UsesAuth() {
  useAuth();
  return null;
}

describe('useAuth', () => {
  it('throws outside its provider (spec §8)', () => {
    expect(() => renderToString(createElement(UsesAuth))).toThrow('useAuth must be used within an AuthProvider');
  });
});
