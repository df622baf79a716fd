/**
 * A signed-in (or anonymous) caller of the API through app.inject, keeping its
 * session cookie and sending the app's Origin on state-changing requests.
 */
import { expect } from 'vitest';
import type { TestServer } from './server.ts';
import { SUPER_ADMIN } from './server.ts';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export class ApiClient {
  cookie: string | undefined;
  constructor(
    readonly server: TestServer,
    readonly options: { origin?: string | null; ip?: string } = {},
  ) {}

  async request<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const origin = this.options.origin === undefined ? this.server.origin : this.options.origin;
    const response = await this.server.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: this.options.ip ?? '127.0.0.1',
      headers: {
        ...(origin ? { origin } : {}),
        ...(this.cookie ? { cookie: `sid=${this.cookie}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const setCookie = response.cookies.find((c) => c.name === 'sid');
    if (setCookie) this.cookie = setCookie.value || undefined;
    let parsed: unknown;
    try {
      parsed = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      parsed = response.body;
    }
    return { status: response.statusCode, body: parsed as T, headers: response.headers as ApiResponse['headers'], text: response.body };
  }

  get<T = any>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, body, headers);
  }
  patch<T = any>(url: string, body?: unknown) {
    return this.request<T>('PATCH', url, body);
  }
  delete<T = any>(url: string) {
    return this.request<T>('DELETE', url);
  }

  async login(email: string, password: string): Promise<this> {
    const response = await this.post('/api/login', { email, password });
    if (response.status !== 200) throw new Error(`login failed for ${email}: ${response.status} ${response.text}`);
    return this;
  }

  async superAdminLogin(): Promise<this> {
    const response = await this.post('/api/super-admin-login', {
      email: SUPER_ADMIN.email,
      password: SUPER_ADMIN.password,
      superAdminSecret: SUPER_ADMIN.secret,
    });
    if (response.status !== 200) throw new Error(`super admin login failed: ${response.status} ${response.text}`);
    return this;
  }
}

export async function superAdminClient(server: TestServer): Promise<ApiClient> {
  return new ApiClient(server).superAdminLogin();
}

/** Every error body is {message, errors?} and nothing else (DECISIONS §2). */
/** The error body of DECISIONS §2 and §7: an English `message`, a `code` (UPPER_SNAKE), and `values` and `errors` when there are any. */
export function expectErrorShape(body: unknown): void {
  expect(body).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.stringMatching(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/) }));
  expect(Object.keys(body as object).every((k) => ['message', 'code', 'values', 'errors'].includes(k))).toBe(true);
  for (const item of (body as { errors?: unknown[] }).errors ?? []) expect(item).toEqual(expect.objectContaining({ path: expect.any(String), message: expect.any(String), code: expect.any(String) }));
}
