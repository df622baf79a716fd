import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, apiPage, apiRequest, errorMessage, onChangedTopics } from './api.ts';

function answer(status: number, body: string, init: { statusText?: string; headers?: Record<string, string> } = {}) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(body || null, { status, statusText: init.statusText ?? '', headers: init.headers }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest (spec §7)', () => {
  it('sends the cookie, and a JSON content type only with a body', async () => {
    const fetchMock = answer(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('GET', '/api/user')).resolves.toEqual({ ok: true });
    await apiRequest('POST', '/api/login', { email: 'a@b.co', password: 'x' });
    const [, getInit] = fetchMock.mock.calls[0] ?? [];
    const [, postInit] = fetchMock.mock.calls[1] ?? [];
    expect(getInit?.credentials).toBe('same-origin');
    expect(new Headers(getInit?.headers).has('Content-Type')).toBe(false);
    expect(getInit?.body).toBeUndefined();
    expect(postInit?.credentials).toBe('same-origin');
    expect(new Headers(postInit?.headers).get('Content-Type')).toBe('application/json');
    expect(postInit?.body).toBe('{"email":"a@b.co","password":"x"}');
  });

  it('throws "{status}: {body}" and keeps the server message for toasts', async () => {
    vi.stubGlobal('fetch', answer(400, '{"message":"Invalid email address","code":"EMAIL_INVALID","errors":[{"path":"email","message":"Invalid email address","code":"EMAIL_INVALID"}]}'));
    const error = await apiRequest('POST', '/api/applications', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"message":"Invalid email address","code":"EMAIL_INVALID","errors":[{"path":"email","message":"Invalid email address","code":"EMAIL_INVALID"}]}');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).serverMessage).toBe('Invalid email address');
    expect((error as ApiError).fieldErrors).toEqual([{ path: 'email', message: 'Invalid email address', code: 'EMAIL_INVALID', values: {} }]);
    expect((error as ApiError).reason).toBe('EMAIL_INVALID');
    expect(errorMessage(error)).toBe('Invalid email address');
  });

  it('uses the status text when the body is empty, and never shows a 5xx body', async () => {
    vi.stubGlobal('fetch', answer(503, '', { statusText: 'Service Unavailable' }));
    const error = await apiRequest('GET', '/api/public/stats').catch((e: unknown) => e);
    expect((error as Error).message).toBe('503: Service Unavailable');
    vi.stubGlobal('fetch', answer(500, '{"message":"Internal server error"}'));
    const failure = await apiRequest('GET', '/api/public/stats').catch((e: unknown) => e);
    expect(errorMessage(failure, 'Failed to review report')).toBe('Failed to review report. Something went wrong on our side. Please try again.');
  });

  it('says a sentence with the logged request id for a 500, never its body', async () => {
    const html = '<!doctype html><html><body><pre>TypeError: x is undefined\n    at handler (/app/src/server.ts:1:1)</pre></body></html>';
    vi.stubGlobal('fetch', answer(500, html, { headers: { 'X-Request-Id': '3f0e5c1a-7b2d-4c8e-9f10-2a3b4c5d6e7f' } }));
    const failure = await apiRequest('POST', '/api/reports', {}).catch((e: unknown) => e);
    expect(errorMessage(failure)).toBe('Something went wrong on our side. Please try again. (Reference: 3f0e5c1a-7b2d-4c8e-9f10-2a3b4c5d6e7f)');
    expect(errorMessage(failure)).not.toContain('TypeError');
    // A 503's own sentence is the server's and kept; a forged id is not shown.
    vi.stubGlobal('fetch', answer(503, '{"message":"The service is briefly unavailable. Please try again."}', { headers: { 'X-Request-Id': '<script>' } }));
    const unavailable = await apiRequest('GET', '/api/user').catch((e: unknown) => e);
    expect(errorMessage(unavailable)).toBe('The service is briefly unavailable. Please try again.');
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const failure = await apiRequest('GET', '/api/user').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(errorMessage(failure, 'Submission Failed')).toBe('Submission Failed. Could not reach the server. Check your connection and try again.');
  });

  it('reads a paged list and its X-Total-Count', async () => {
    const fetchMock = answer(200, '[{"id":"a"},{"id":"b"}]', { headers: { 'X-Total-Count': '42' } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiPage('/api/admin/ambassadors', { limit: 20, offset: 20, search: 'kofi', status: undefined })).resolves.toEqual({
      items: [{ id: 'a' }, { id: 'b' }],
      total: 42,
      estimated: false,
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/ambassadors?limit=20&offset=20&search=kofi');
  });

  it('says when the total is an estimate (X-Total-Count-Estimated)', async () => {
    vi.stubGlobal('fetch', answer(200, '[{"id":"a"}]', { headers: { 'X-Total-Count': '75000', 'X-Total-Count-Estimated': 'true' } }));
    await expect(apiPage('/api/admin/ambassadors', { limit: 20, offset: 0, flagged: 'true' })).resolves.toEqual({
      items: [{ id: 'a' }],
      total: 75_000,
      estimated: true,
    });
  });
});

describe('what a change changed, from its answer (X-Changed-Topics, docs/decisions/034)', () => {
  it('refreshes the topics a change’s answer names before the call resolves; unknown words and reads name nothing', async () => {
    const order: string[] = [];
    let release = () => {};
    const stop = onChangedTopics(async (topics) => {
      order.push(`refresh ${topics.join(' ')}`);
      await new Promise<void>((resolve) => (release = resolve));
      order.push('refreshed');
    });
    try {
      vi.stubGlobal('fetch', answer(201, '{"id":"r1"}', { headers: { 'X-Changed-Topics': 'me, reports, not-a-topic, me' } }));
      const call = apiRequest('POST', '/api/reports', {}).then((body) => order.push(`resolved ${JSON.stringify(body)}`));
      await vi.waitFor(() => expect(order).toEqual(['refresh me reports']));
      release();
      await call;
      expect(order).toEqual(['refresh me reports', 'refreshed', 'resolved {"id":"r1"}']);

      order.length = 0;
      vi.stubGlobal('fetch', answer(200, '{}', { headers: { 'X-Changed-Topics': 'me' } }));
      await apiRequest('GET', '/api/user');
      vi.stubGlobal('fetch', answer(200, '{}'));
      await apiRequest('POST', '/api/notifications/read', { all: true });
      expect(order).toEqual([]);
    } finally {
      stop();
    }
  });

  it('in the background, resolves with the answer at once and refreshes behind it; a refusal still names what it changed', async () => {
    const heard: string[][] = [];
    const stop = onChangedTopics(() => {
      heard.push([]);
      return new Promise<void>(() => {});
    });
    try {
      vi.stubGlobal('fetch', answer(200, '{"recoveryCodes":["a"]}', { headers: { 'X-Changed-Topics': 'me' } }));
      await expect(apiRequest('POST', '/api/mfa/verify', { code: '1' }, undefined, { background: true })).resolves.toEqual({ recoveryCodes: ['a'] });
      expect(heard).toHaveLength(1);
      vi.stubGlobal('fetch', answer(403, '{"message":"paused"}', { headers: { 'X-Changed-Topics': 'me' } }));
      await expect(apiRequest('POST', '/api/withdrawal-requests', {})).rejects.toBeInstanceOf(ApiError);
      expect(heard).toHaveLength(2);
    } finally {
      stop();
    }
  });
});
