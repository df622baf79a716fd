import { eq } from 'drizzle-orm';
import { ambassadors, users } from '../../db/schema.ts';
import type { EmailContent } from '../../email/templates.ts';
import type { Mutation } from '../../mutation.ts';
import { notify, type NewNotification } from './service.ts';

/** Tells an ambassador of a decision: one notification and one email, in the decision's transaction. */
export async function tellAmbassador(
  m: Mutation,
  ambassadorId: string,
  /** The notification, and the email in the person's saved language (`locale`; null: English). */
  message: (person: { fullName: string; email: string; locale: string | null }) => { notification: NewNotification; email: EmailContent },
): Promise<void> {
  const person = (
    await m.tx
      .select({ userId: ambassadors.userId, fullName: ambassadors.fullName, email: ambassadors.email, locale: users.locale })
      .from(ambassadors)
      .innerJoin(users, eq(users.id, ambassadors.userId))
      .where(eq(ambassadors.id, ambassadorId))
  )[0];
  if (!person) return;
  const { notification, email } = message(person);
  await notify(m, person.userId, notification, { to: person.email, content: email });
}
