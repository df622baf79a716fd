import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACTION_LABELS, ADMIN_ACTIONS } from '../../../../shared/enums.ts';
import { ACTION_TEXT, actionLabel } from './admin-action-text.ts';

describe('the activity log’s actions', () => {
  it('are named as src/shared/enums.ts names them, word for word, and an unknown one as recorded', () => {
    for (const action of ADMIN_ACTIONS) expect(ACTION_TEXT[action].message, action).toBe(ADMIN_ACTION_LABELS[action]);
    expect(actionLabel(i18n, 'approve_application')).toBe('Approved application');
    expect(actionLabel(i18n, 'a_future_action')).toBe('a_future_action');
  });
});
