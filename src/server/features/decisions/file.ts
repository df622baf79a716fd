/**
 * Filing an appeal, the part every kind shares (reports, withdrawals, referrals, task claims): the
 * 14 days since the decision, the one row (a second appeal of one decision is 409, whether it is
 * seen before the insert, by the insert's conflict or by the unique index), the activity log's entry,
 * and the appeal as its owner reads it. A leaf: the features whose decisions are appealed call it.
 */
import type { TAppealView } from '../../../shared/schemas/decisions.ts';
import { DECISION_MESSAGES } from '../../../shared/schemas/decisions.ts';
import { appeals } from '../../db/schema.ts';
import { AppError, UNIQUE_VIOLATION, conflict, pgErrorCode } from '../../errors.ts';
import type { AdminAction } from '../../../shared/enums.ts';
import type { Mutation } from '../../mutation.ts';
import { appealDeadline, presentAppeal } from './present.ts';

type NewAppeal = typeof appeals.$inferInsert;

/** Inserts the appeal of a decision made at `decisionAt` (409 once its 14 days have passed, or when one exists) and logs it. */
export async function fileAppeal(
  m: Mutation,
  values: Omit<NewAppeal, 'deadline' | 'createdAt' | 'decisionAt'> & { decisionAt: Date },
  audit: { action: AdminAction; target: Parameters<Mutation['audit']>[1] },
): Promise<TAppealView> {
  const deadline = appealDeadline(values.decisionAt);
  if (m.now.getTime() > deadline.getTime())
    throw new AppError('CONFLICT', DECISION_MESSAGES.appealLate(deadline.toISOString()), undefined, 'APPEAL_LATE', { deadline: deadline.toISOString() });
  const [appeal] = await m.tx
    .insert(appeals)
    .values({ ...values, deadline, createdAt: m.now })
    .onConflictDoNothing()
    .returning();
  if (!appeal) throw conflict(DECISION_MESSAGES.appealAgain);
  await m.audit(audit.action, audit.target, values.text, { appeal: [null, 'pending'] });
  return presentAppeal(appeal, null);
}

/** The unique index is the last word: a second appeal of one decision is a conflict, never a 500. */
export async function oneAppeal<T>(file: () => Promise<T>): Promise<T> {
  try {
    return await file();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(DECISION_MESSAGES.appealAgain);
    throw error;
  }
}
