/**
 * Two-factor sign-in in tests: the code an authenticator app shows, and an enrolment through the
 * API (the same steps as test/api/mfa.test.ts's own).
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { ApiClient } from './client.ts';
import type { TestServer } from './server.ts';

/** The code an authenticator app shows for `secret` at the server's time, `offset` steps away. */
export function totpAt(server: TestServer, secret: string, offset = 0): string {
  const step = Math.floor(server.clock.now().getTime() / 30_000) + offset;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

/** Enrols the client's account in two-factor sign-in; fails unless both steps are accepted. */
export async function enrolMfa(server: TestServer, client: ApiClient): Promise<{ secret: string }> {
  const started = await client.post('/api/mfa/enroll');
  if (started.status !== 200) throw new Error(`enrol answered ${started.status}`);
  const verified = await client.post('/api/mfa/verify', { code: totpAt(server, started.body.secret) });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  return { secret: started.body.secret };
}
