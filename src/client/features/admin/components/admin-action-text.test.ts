import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { actionLabel } from './admin-action-text.ts';

describe('the activity log’s actions', () => {
  it('are named by their shared words, and an unknown one as recorded', () => {
    expect(actionLabel(i18n, 'approve_application')).toBe('Approved application');
    expect(actionLabel(i18n, 'a_future_action')).toBe('a_future_action');
  });
});
