/** The activity log's actions in the page's language: each code of shared/enums.ts by its shared words (ADMIN_ACTION_LABELS, their catalog ids). */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { ADMIN_ACTION_LABELS, ADMIN_ACTIONS, type AdminAction } from '../../../../shared/enums.ts';

export const ACTION_TEXT = Object.fromEntries(ADMIN_ACTIONS.map((action) => [action, { id: ADMIN_ACTION_LABELS[action] }])) as Readonly<
  Record<AdminAction, MessageDescriptor>
>;

/** The words for a logged action; an action this client does not know yet is shown as recorded. */
export function actionLabel(i18n: I18n, action: string): string {
  return Object.hasOwn(ACTION_TEXT, action) ? i18n._(ACTION_TEXT[action as AdminAction]) : action;
}
