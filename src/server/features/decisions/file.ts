/**
 * Filing an appeal, the part every kind shares (reports, withdrawals, referrals, task claims): the
 * 14 days since the decision, the one row (a second appeal of one decision is 409, whether it is
 * seen before the insert, by the insert's conflict or by the unique index), the activity log's entry,
 * and the appeal as its owner reads it. A leaf: the features whose decisions are appealed call it.
 */
import type { SQL } from 'drizzle-orm';
import type { TAppealView } from '../../../shared/schemas/decisions.ts';
import { DECISION_MESSAGES } from '../../../shared/schemas/messages.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { appeals } from '../../db/schema.ts';
import { UNIQUE_VIOLATION, conflict, notFound, pgErrorCode, valueError } from '../../errors.ts';
import type { AdminAction } from '../../../shared/enums.ts';
import { withTransaction, type Mutation } from '../../mutation.ts';
import { isUuid } from '../ids.ts';
import { appealDeadline, presentAppeal } from './present.ts';

type NewAppeal = typeof appeals.$inferInsert;

/** Inserts the appeal of a decision made at `decisionAt` (409 once its 14 days have passed, or when one exists) and logs it. */
export async function fileAppeal(
  m: Mutation,
  values: Omit<NewAppeal, 'deadline' | 'createdAt' | 'decisionAt'> & { decisionAt: Date },
  audit: { action: AdminAction; target: Parameters<Mutation['audit']>[1] },
): Promise<TAppealView> {
  const deadline = appealDeadline(values.decisionAt);
  if (m.now.getTime() > deadline.getTime()) throw valueError('CONFLICT', 'APPEAL_LATE', { deadline: deadline.toISOString() });
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

/**
 * The owner's appeal of one decision, in the steps every kind takes: an id that is no uuid is not
 * found; then, in one transaction, the decision's row locked (two appeals sent at once queue there,
 * and the second sees the first), not found unless it is the caller's, 409 when it was appealed
 * already; then the kind's own check and its fileAppeal (`file`, given the row and the id in lower case).
 */
export async function appealOnce<Row>(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  subject: { notFound: string; lock: (m: Mutation, id: string) => Promise<Row | undefined>; appealOf: (id: string) => SQL },
  file: (m: Mutation, row: Row, id: string) => Promise<TAppealView>,
): Promise<TAppealView> {
  if (!isUuid(id)) throw notFound(subject.notFound);
  const subjectId = id.toLowerCase();
  return oneAppeal(() =>
    withTransaction(ctx, actor, async (m) => {
      const row = await subject.lock(m, subjectId);
      if (!row) throw notFound(subject.notFound);
      const existing = await m.tx.select({ id: appeals.id }).from(appeals).where(subject.appealOf(subjectId));
      if (existing.length) throw conflict(DECISION_MESSAGES.appealAgain);
      return file(m, row, subjectId);
    }),
  );
}
