/** Builders that go through the product's own API (or its ledger service) to make test data. */
import { inArray } from 'drizzle-orm';
import { users } from '../../src/server/db/schema.ts';
import * as ledger from '../../src/server/features/ledger/service.ts';
import { withTransaction } from '../../src/server/mutation.ts';
import { ApiClient, superAdminClient } from './client.ts';
import type { TWithdrawalView } from '../../src/shared/schemas/withdrawals.ts';
import type { TestServer } from './server.ts';
import { WALLET_A } from './wallets.ts';
import { SETUP_LINK } from './smtp.ts';

let counter = 0;
export function uniqueEmail(prefix = 'amb'): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36)}@example.com`;
}

export function validApplication(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Jane Doe',
    email: uniqueEmail('applicant'),
    country: 'Kenya',
    // Each applicant its own (a shared one is an abuse flag, test/api/abuse-flags.test.ts).
    personalTelegramHandle: `@jane_${(counter += 1)}_${Date.now().toString(36)}`,
    socialMediaPlatforms: ['twitter', 'youtube'],
    twitterHandle: 'https://x.com/janedoe',
    instagramHandle: '',
    telegramHandle: '',
    facebookHandle: '',
    youtubeHandle: 'youtube.com/@janedoe',
    totalFollowers: 1500,
    whyJoin: 'I have followed the project since launch and want to bring my football community on chain.',
    experience: 'I moderate two Telegram groups of 5,000 members and have written threads about web3 gaming.',
    ...overrides,
  };
}

export function validReport(overrides: Record<string, unknown> = {}) {
  return {
    weekStartDate: '2026-11-14',
    weekEndDate: '2026-11-20',
    activityReport: 'Posted 5 threads on X about the farm game (12k views), hosted a Telegram AMA with 300 attendees.',
    ...overrides,
  };
}

export interface CreatedAmbassador {
  client: ApiClient;
  email: string;
  password: string;
  ambassadorId: string;
  fullName: string;
}

/** Apply, approve as an admin, set the password from the emailed link, sign in. */
export async function createAmbassador(
  server: TestServer,
  options: { admin?: ApiClient; fullName?: string; email?: string; password?: string } = {},
): Promise<CreatedAmbassador> {
  const admin = options.admin ?? (await superAdminClient(server));
  const email = options.email ?? uniqueEmail();
  const fullName = options.fullName ?? `Ambassador ${email.split('@')[0]}`;
  const password = options.password ?? 'Passw0rd!';
  const applied = await new ApiClient(server).post('/api/applications', validApplication({ email, fullName }));
  if (applied.status !== 201) throw new Error(`apply failed: ${applied.status} ${applied.text}`);
  const seen = server.mail.messages.length;
  const approved = await admin.post(`/api/admin/applications/${applied.body.id}/approve`);
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status} ${approved.text}`);
  await server.flushEmail();
  // The application's receipt may still be on its way: the setup link is the email with the link.
  const message = await server.mail.waitFor(email, { after: seen, containing: SETUP_LINK });
  const token = server.mail.setupToken(message);
  const setup = await new ApiClient(server).post(`/api/setup-password/${token}`, { password });
  if (setup.status !== 200) {
    // Said in full, so a failure seen once in CI can be understood from its log.
    const user = await server.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
    throw new Error(
      `setup failed: ${setup.status} ${setup.text}; clock ${server.clock.now().toISOString()}, token expiry ${user?.passwordSetupTokenExpiry?.toISOString() ?? 'none'}, ` +
        `emails to ${email}: ${server.mail.messages.filter((m) => m.to.includes(email)).length}, link token ${token.slice(0, 6)}… (${token.length} chars)`,
    );
  }
  const client = await new ApiClient(server).login(email, password);
  return { client, email, password, fullName, ambassadorId: approved.body.ambassadorId };
}

/** Credits a reward through the ledger, as an approved review does. */
export async function credit(server: TestServer, ambassadorId: string, currency: 'GCM' | 'USDT', amount: string): Promise<void> {
  const admins = await server.db.query.users.findFirst({ where: (u, { eq }) => eq(u.isSuperAdmin, true) });
  if (!admins) throw new Error('no super admin');
  const actor = {
    id: admins.id,
    email: admins.email,
    username: admins.username,
    fullName: admins.fullName,
    isAdmin: true,
    isSuperAdmin: true,
    mfaEnabled: false,
    locale: null,
  };
  await withTransaction(server.ctx, actor, (m) => ledger.post(m, { ambassadorId, type: 'reward', currency, amount, description: 'test credit' }));
}

/**
 * A pending withdrawal of `amount` USDT by the ambassador (to WALLET_A unless told), after crediting
 * `balance` when given; fails the test unless the request is accepted (201).
 */
export async function requestWithdrawal(
  server: TestServer,
  ambassador: CreatedAmbassador,
  options: { amount: string; walletAddress?: string; balance?: string },
): Promise<TWithdrawalView> {
  if (options.balance) await credit(server, ambassador.ambassadorId, 'USDT', options.balance);
  const response = await ambassador.client.post('/api/withdrawal-requests', { amount: options.amount, walletAddress: options.walletAddress ?? WALLET_A });
  if (response.status !== 201) throw new Error(`withdrawal request answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as TWithdrawalView;
}

export interface CreatedAdmin {
  client: ApiClient;
  email: string;
  password: string;
  id: string;
}

/** A super admin adds an admin, who sets their own password from the emailed link and signs in. */
export async function createAdmin(
  server: TestServer,
  options: { superAdmin?: ApiClient; fullName?: string; email?: string; password?: string } = {},
): Promise<CreatedAdmin> {
  const superAdmin = options.superAdmin ?? (await superAdminClient(server));
  const email = options.email ?? uniqueEmail('admin');
  const password = options.password ?? 'AdminPass1';
  const seen = server.mail.messages.length;
  const added = await superAdmin.post('/api/super-admin/admins', { email, fullName: options.fullName ?? 'Second Admin' });
  if (added.status !== 201) throw new Error(`add admin failed: ${added.status} ${added.text}`);
  await server.flushEmail();
  const token = server.mail.setupToken(await server.mail.waitFor(email, { after: seen, containing: SETUP_LINK }));
  const setup = await new ApiClient(server).post(`/api/setup-password/${token}`, { password });
  if (setup.status !== 200) throw new Error(`admin setup failed: ${setup.status} ${setup.text}`);
  return { client: await new ApiClient(server).login(email, password), email, password, id: String(added.body.id) };
}

/**
 * Makes accounts look as if they were created `days` ago: an admin who has been around long
 * enough (PAYOUT_APPROVER_MIN_AGE_HOURS, default a week) for their approval of a large withdrawal
 * to count.
 */
export async function ageAccounts(server: TestServer, emails: string[], days = 30): Promise<void> {
  const at = new Date(server.clock.now().getTime() - days * 86_400_000);
  await server.db
    .update(users)
    .set({ createdAt: at })
    .where(
      inArray(
        users.email,
        emails.map((e) => e.toLowerCase()),
      ),
    );
}
