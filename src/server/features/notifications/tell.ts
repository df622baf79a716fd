import { eq } from 'drizzle-orm';
import { ambassadors } from '../../db/schema.ts';
import type { EmailContent } from '../../email/templates.ts';
import type { Mutation } from '../../mutation.ts';
import { notify, type NewNotification } from './service.ts';

/** Tells an ambassador of a decision: one notification and one email, in the decision's transaction. */
export async function tellAmbassador(
  m: Mutation,
  ambassadorId: string,
  message: (person: { fullName: string; email: string }) => { notification: NewNotification; email: EmailContent },
): Promise<void> {
  const person = (
    await m.tx
      .select({ userId: ambassadors.userId, fullName: ambassadors.fullName, email: ambassadors.email })
      .from(ambassadors)
      .where(eq(ambassadors.id, ambassadorId))
  )[0];
  if (!person) return;
  const { notification, email } = message(person);
  await notify(m, person.userId, notification, { to: person.email, content: email });
}
