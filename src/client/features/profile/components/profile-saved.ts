import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The profile page's toasts when a section is saved or refused (the spec's 'Profile Updated' and 'Update Failed'), the same for each section. */
export function profileSavedToasts(i18n: I18n): { failed: string; title: string; description: string } {
  return {
    failed: i18n._(msg`Update Failed`),
    title: i18n._(msg`Profile Updated`),
    description: i18n._(msg`Your profile has been updated successfully.`),
  };
}
