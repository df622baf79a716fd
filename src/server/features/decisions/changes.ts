import type { Changes } from '../../mutation.ts';

/** A decision's before and after for the activity log (DECISIONS §6): the status, what else it set, and the facts given. */
export function decisionChanges(before: string, after: string, more: Changes, facts: string | null): Changes {
  return { status: [before, after], ...more, ...(facts ? { facts: [null, facts] } : {}) };
}
