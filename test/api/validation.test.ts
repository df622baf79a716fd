/**
 * Every validation message of spec §5 (and DECISIONS §3) as the API answers it:
 * 400, the message in `message` and beside its field, and nothing written.
 */
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ambassadorApplications, weeklyReports, withdrawalRequests } from '../../src/server/db/schema.ts';
import { ZReportInput } from '../../src/shared/schemas/reports.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAmbassador, credit, validApplication, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { blockServer } from '../helpers/suite.ts';
import { WALLET_A } from '../helpers/wallets.ts';

describe('validation messages', () => {
  const server = blockServer();
  const visitor = new ApiClient(server);
  let ambassador: CreatedAmbassador;
  let admin: ApiClient;
  const wallet = WALLET_A;

  beforeAll(async () => {
    admin = await superAdminClient(server);
    ambassador = await createAmbassador(server, { admin });
  });

  async function expectRefused(client: ApiClient, method: string, url: string, body: unknown, message: string, field?: string) {
    const response = await client.request(method, url, body);
    expect(response.status, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
    if (field) expect(response.body.errors).toContainEqual(expect.objectContaining({ path: field, message, code: expect.any(String) }));
    else expect(response.body.message).toBe(message);
    return response;
  }

  const applicationCases: [string, Record<string, unknown>, string, string][] = [
    ['email', { email: 'not-an-email' }, 'email', 'Invalid email address'],
    ['fullName', { fullName: 'J' }, 'fullName', 'Full name must be at least 2 characters'],
    ['country', { country: 'K' }, 'country', 'Country is required'],
    ['telegram', { personalTelegramHandle: '' }, 'personalTelegramHandle', 'Personal Telegram username is required for invitations'],
    ['platforms', { socialMediaPlatforms: [] }, 'socialMediaPlatforms', 'Select at least one platform'],
    ['followers negative', { totalFollowers: -1 }, 'totalFollowers', 'Total followers must be a positive number'],
    ['followers text', { totalFollowers: 'many' }, 'totalFollowers', 'Total followers must be a positive number'],
    // Grouped digits are the form's to read in the page's language (issue 40); the API takes a number or digits, and keeps the spec's message.
    ['followers grouped', { totalFollowers: '1.000' }, 'totalFollowers', 'Total followers must be a positive number'],
    ['whyJoin', { whyJoin: 'too short' }, 'whyJoin', 'Please provide at least 50 characters'],
    ['experience', { experience: 'short' }, 'experience', 'Please provide at least 50 characters'],
    [
      'selected platform without URL',
      { socialMediaPlatforms: ['instagram'], instagramHandle: '  ' },
      'instagramHandle',
      'Please provide valid URLs for all selected social media platforms',
    ],
    ['twitter URL', { twitterHandle: 'https://facebook.com/x' }, 'twitterHandle', 'Please enter a valid Twitter/X profile URL (e.g., x.com/username)'],
    [
      'instagram URL',
      { socialMediaPlatforms: ['instagram'], instagramHandle: 'not a url' },
      'instagramHandle',
      'Please enter a valid Instagram profile URL (e.g., instagram.com/username)',
    ],
    [
      'telegram URL',
      { socialMediaPlatforms: ['telegram'], telegramHandle: 'https://x.com/chan' },
      'telegramHandle',
      'Please enter a valid Telegram channel URL (e.g., t.me/channelname)',
    ],
    [
      'facebook URL',
      { socialMediaPlatforms: ['facebook'], facebookHandle: 'facebook.com' },
      'facebookHandle',
      'Please enter a valid Facebook page URL (e.g., facebook.com/pagename)',
    ],
    ['youtube URL', { youtubeHandle: 'javascript:alert(1)' }, 'youtubeHandle', 'Please enter a valid YouTube channel URL (e.g., youtube.com/@channelname)'],
  ];

  it.each(applicationCases)('refuses an application with a bad %s', async (_name, override, field, message) => {
    await expectRefused(visitor, 'POST', '/api/applications', validApplication(override), message, field);
  });

  it('writes no application for any refused body', async () => {
    const rows = await server.db.select({ n: count() }).from(ambassadorApplications);
    // createAmbassador made exactly one.
    expect(rows[0]?.n).toBe(1);
  });

  it('answers malformed JSON, wrong content types, huge and non-object bodies with 4xx', async () => {
    const raw = (payload: string, contentType = 'application/json') =>
      server.app.inject({ method: 'POST', url: '/api/applications', headers: { origin: server.origin, 'content-type': contentType }, payload });
    expect((await raw('{"fullName": ')).json()).toEqual({ message: 'Malformed JSON in request body', code: 'MALFORMED_JSON' });
    expect((await raw('{"fullName": ')).statusCode).toBe(400);
    expect((await raw('fullName=x', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect((await raw(JSON.stringify(validApplication({ whyJoin: 'x'.repeat(100_000) })))).statusCode).toBe(413);
    expect((await raw('[]')).statusCode).toBe(400);
    expect((await raw('null')).statusCode).toBe(400);
    expect((await raw('"text"')).statusCode).toBe(400);
  });

  it('refuses NUL characters anywhere in the input with 400', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/login', { email: 'a@b.co\u0000', password: 'x' }],
      ['POST', '/api/applications', validApplication({ fullName: 'Jane\u0000Doe' })],
      ['PATCH', '/api/ambassador', { twitterHandle: '@x\u0000' }],
      ['GET', '/api/admin/ambassadors?search=%00', undefined],
      ['POST', '/api/admin/applications/abc%00/approve', undefined],
    ] as const) {
      const client = url.startsWith('/api/admin') ? admin : url === '/api/ambassador' ? ambassador.client : visitor;
      const response = await client.request(method, url, body);
      expect(response.status, url).toBe(400);
      expect(response.body.message).toBe('Text must not contain NUL characters');
    }
  });

  it('refuses control and text-direction characters in every text a person types that others see, with a coded message', async () => {
    const UNKNOWN = '00000000-0000-4000-8000-000000000000';
    const long = (text: string) => `${text} ${'I would like to share the programme with my community. '.repeat(2)}`;
    const refused: [string, ApiClient, string, string, Record<string, unknown>, string][] = [
      ['a name with ESC', visitor, 'POST', '/api/applications', validApplication({ fullName: 'Jane\u001b[2KDoe' }), 'fullName'],
      ['a name with CR', visitor, 'POST', '/api/applications', validApplication({ fullName: 'Jane\rWinner: Mallory' }), 'fullName'],
      ['a name with a bidi override', visitor, 'POST', '/api/applications', validApplication({ fullName: 'Jane \u202eeoD' }), 'fullName'],
      ['a name with a line break', visitor, 'POST', '/api/applications', validApplication({ fullName: 'Jane\nDoe' }), 'fullName'],
      ['a country with BEL', visitor, 'POST', '/api/applications', validApplication({ country: 'Kenya\u0007' }), 'country'],
      [
        'a Telegram handle with a C1 control',
        visitor,
        'POST',
        '/api/applications',
        validApplication({ personalTelegramHandle: '@jane\u009b2J' }),
        'personalTelegramHandle',
      ],
      ['a motivation with an isolate', visitor, 'POST', '/api/applications', validApplication({ whyJoin: long('Because \u2066reasons\u2069') }), 'whyJoin'],
      ['an experience with ESC', visitor, 'POST', '/api/applications', validApplication({ experience: long('Years of \u001b]0;title\u0007') }), 'experience'],
      ['a social profile with ESC', visitor, 'POST', '/api/applications', validApplication({ twitterHandle: 'https://x.com/jane\u001b[1A' }), 'twitterHandle'],
      [
        'an own profile link with a bidi embedding',
        ambassador.client,
        'PATCH',
        '/api/ambassador',
        { twitterHandle: 'https://x.com/\u202bjane' },
        'twitterHandle',
      ],
      ['an admin’s name', admin, 'POST', '/api/super-admin/admins', { email: 'ctl-admin@example.com', fullName: 'Ann\u001b[31m Admin' }, 'fullName'],
      ['a report text', ambassador.client, 'POST', '/api/reports', validReport({ activityReport: long('Posted twice\u001b[2J') }), 'activityReport'],
      ['an appeal text', ambassador.client, 'POST', `/api/reports/${UNKNOWN}/appeal`, { text: 'Please look again\u202e' }, 'text'],
      ['a review’s facts', admin, 'POST', `/api/admin/reports/${UNKNOWN}/review`, { status: 'rejected', facts: 'Copied\u0008\u0008' }, 'facts'],
      [
        'a review’s notes',
        admin,
        'POST',
        `/api/admin/reports/${UNKNOWN}/review`,
        { status: 'approved', adminNotes: 'Fine\rApproved by the owner' },
        'adminNotes',
      ],
      ['an appeal decision’s facts', admin, 'POST', `/api/admin/appeals/${UNKNOWN}/decide`, { outcome: 'upheld', facts: 'No\u2067' }, 'facts'],
      ['a withdrawal rejection’s facts', admin, 'POST', `/api/admin/withdrawals/${UNKNOWN}/reject`, { facts: '\u001bc' }, 'facts'],
    ];
    for (const [name, client, method, url, body, field] of refused) {
      const response = await client.request(method, url, body);
      expect(response.status, name).toBe(400);
      expect(response.body.errors, name).toContainEqual({
        path: field,
        message: 'Text must not contain control or text-direction characters',
        code: 'TEXT_CONTROL_CHARACTERS',
      });
    }
    // A text of several lines keeps its line breaks (LF or CRLF) and tabs.
    const lines = ZReportInput.safeParse(validReport({ activityReport: long('Monday:\tposted\r\nTuesday:\tstreamed\nWednesday') }));
    expect(lines.success).toBe(true);
    // A lone CR, which moves a terminal's cursor back, is not a line break.
    expect(ZReportInput.safeParse(validReport({ activityReport: long('Monday\rTuesday') })).success).toBe(false);
  });

  it('gives the login, setup and password messages', async () => {
    await expectRefused(visitor, 'POST', '/api/login', { email: '', password: 'x' }, 'Email is required', 'email');
    await expectRefused(visitor, 'POST', '/api/login', { email: 'a@b.co' }, 'Password is required', 'password');
    await expectRefused(visitor, 'POST', '/api/setup-password/whatever', { password: '12345' }, 'Password must be at least 6 characters long', 'password');
    await expectRefused(
      ambassador.client,
      'POST',
      '/api/change-password',
      { currentPassword: '', newPassword: 'abcdef' },
      'Please enter your current password',
      'currentPassword',
    );
    await expectRefused(
      ambassador.client,
      'POST',
      '/api/change-password',
      { currentPassword: 'x', newPassword: 'abc' },
      'New password must be at least 6 characters',
      'newPassword',
    );
    await expectRefused(
      ambassador.client,
      'POST',
      '/api/change-password',
      { currentPassword: 'wrong-one', newPassword: 'abcdefg' },
      'Current password is incorrect',
    );
    await expectRefused(
      admin,
      'PATCH',
      `/api/super-admin/admins/${crypto.randomUUID()}/password`,
      { newPassword: 'abc' },
      'Password must be at least 6 characters',
      'newPassword',
    );
    await expectRefused(admin, 'POST', '/api/super-admin/admins', { email: '', fullName: 'X' }, 'Email is required', 'email');
    await expectRefused(admin, 'POST', '/api/super-admin/admins', { email: 'new@example.com', fullName: ' ' }, 'Full name is required', 'fullName');
    await expectRefused(admin, 'POST', '/api/super-admin/admins', { email: 'nope', fullName: 'New' }, 'Invalid email address', 'email');
    await expectRefused(
      visitor,
      'POST',
      '/api/super-admin-login',
      { email: 'a@b.co', password: 'x', superAdminSecret: '' },
      'Super admin secret is required',
      'superAdminSecret',
    );
  });

  it('gives the report messages and writes nothing', async () => {
    const c = ambassador.client;
    await expectRefused(
      c,
      'POST',
      '/api/reports',
      validReport({ activityReport: 'x'.repeat(49) }),
      'Please provide at least 50 characters for your weekly report',
      'activityReport',
    );
    await expectRefused(c, 'POST', '/api/reports', validReport({ weekStartDate: '2026-02-31' }), 'Please enter a valid week start date', 'weekStartDate');
    await expectRefused(c, 'POST', '/api/reports', validReport({ weekEndDate: 'yesterday' }), 'Please enter a valid week end date', 'weekEndDate');
    await expectRefused(
      c,
      'POST',
      '/api/reports',
      validReport({ weekStartDate: '2026-11-20', weekEndDate: '2026-11-14' }),
      'Week end date cannot be before the week start date',
      'weekEndDate',
    );
    const tomorrow = new Date(server.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    await expectRefused(
      c,
      'POST',
      '/api/reports',
      validReport({ weekStartDate: '2026-01-01', weekEndDate: tomorrow }),
      'Week end date cannot be in the future',
      'weekEndDate',
    );
    expect((await server.db.select({ n: count() }).from(weeklyReports))[0]?.n).toBe(0);
  });

  it('gives the review messages', async () => {
    const report = await ambassador.client.post('/api/reports', validReport());
    expect(report.status).toBe(201);
    const url = `/api/admin/reports/${report.body.id}/review`;
    await expectRefused(admin, 'POST', url, { status: 'pending' }, 'Status must be approved or rejected', 'status');
    await expectRefused(admin, 'POST', url, { status: 'approved', gcmAwarded: -5 }, 'GCM awarded must be a number of at least 0', 'gcmAwarded');
    await expectRefused(admin, 'POST', url, { status: 'approved', usdtAwarded: '1.001' }, 'USDT awarded can have at most 2 decimal places', 'usdtAwarded');
    await expectRefused(admin, 'POST', url, { status: 'approved', usdtAwarded: '1'.repeat(19) }, 'USDT awarded is too large', 'usdtAwarded');
    expect((await ambassador.client.get('/api/reports')).body[0].status).toBe('pending');
  });

  describe('withdrawal amounts and addresses', () => {
    beforeAll(async () => {
      await credit(server, ambassador.ambassadorId, 'USDT', '1000.00');
    });

    const refused: [unknown, string][] = [
      [49.999, 'Amount can have at most 2 decimal places'],
      ['49.999', 'Amount can have at most 2 decimal places'],
      ['50.001', 'Amount can have at most 2 decimal places'],
      // Not a number as a person writes one: said so, not 'Minimum withdrawal amount' (a number below 50 is).
      ['1e2', 'Enter the amount as a number, like 75 or 75.50'],
      ['1e3', 'Enter the amount as a number, like 75 or 75.50'],
      ['NaN', 'Enter the amount as a number, like 75 or 75.50'],
      ['', 'Enter the amount as a number, like 75 or 75.50'],
      [null, 'Enter the amount as a number, like 75 or 75.50'],
      [true, 'Enter the amount as a number, like 75 or 75.50'],
      ['0x10', 'Enter the amount as a number, like 75 or 75.50'],
      ['fifty', 'Enter the amount as a number, like 75 or 75.50'],
      [-1, 'Minimum withdrawal amount is 50 USDT'],
      ['-60', 'Minimum withdrawal amount is 50 USDT'],
      [49.99, 'Minimum withdrawal amount is 50 USDT'],
      ['1000000000000000000', 'Amount is too large'],
      [1e21, 'Amount is too large'],
      ['1000.01', "You don't have enough USDT to withdraw this amount"],
    ];
    it.each(refused)('refuses amount %j', async (amount, message) => {
      await expectRefused(ambassador.client, 'POST', '/api/withdrawal-requests', { amount, walletAddress: wallet }, message);
    });

    const addresses: [string, string][] = [
      ['', 'Please provide a valid BEP20 wallet address'],
      ['0x123', 'Please provide a valid BEP20 wallet address'],
      ['0x0000000000000000000000000000000000000000', 'Please provide a valid BEP20 wallet address'],
      ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'Please provide a valid BEP20 wallet address'],
      ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'Please provide a valid BEP20 wallet address'],
    ];
    it.each(addresses)('refuses address %j', async (walletAddress, message) => {
      await expectRefused(ambassador.client, 'POST', '/api/withdrawal-requests', { amount: 60, walletAddress }, message, 'walletAddress');
    });

    it('wrote no withdrawal for any refused request, and accepts "50", 50 and 50.00 as the same exact amount', async () => {
      expect((await server.db.select({ n: count() }).from(withdrawalRequests))[0]?.n).toBe(0);
      for (const amount of ['50', 50, '50.00']) {
        const response = await ambassador.client.post('/api/withdrawal-requests', { amount, walletAddress: wallet.toLowerCase() });
        expect(response.status).toBe(201);
        expect(response.body.amount).toBe('50.00');
        expect(response.body.walletAddress).toBe(wallet);
      }
      expect((await ambassador.client.get('/api/ambassador')).body.withdrawableUsdt).toBe('850.00');
    });

    it('checks wallet addresses on profile updates', async () => {
      await expectRefused(
        ambassador.client,
        'PATCH',
        '/api/ambassador',
        { usdtWalletAddress: '0xnothex' },
        'Please provide a valid BEP20 wallet address',
        'usdtWalletAddress',
      );
      const cleared = await ambassador.client.patch('/api/ambassador', { usdtWalletAddress: '', twitterHandle: '' });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ usdtWalletAddress: null, twitterHandle: null });
    });
  });

  it('answers unknown and malformed ids with 404, and bad list queries with 400', async () => {
    expect((await admin.post('/api/admin/applications/not-a-uuid/approve')).status).toBe(404);
    expect((await admin.post(`/api/admin/withdrawals/${crypto.randomUUID()}/approve`, {})).status).toBe(404);
    expect((await admin.get('/api/admin/ambassadors?limit=0')).status).toBe(400);
    expect((await admin.get('/api/admin/ambassadors?limit=501')).status).toBe(400);
    expect((await admin.get('/api/admin/ambassadors?offset=-1')).status).toBe(400);
    expect((await admin.get('/api/admin/reports?status=weird')).body.message).toBe('status must be pending, approved or rejected');
  });
});
