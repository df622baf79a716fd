import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../api/resources.ts';
import { apiRequest } from '../lib/api.ts';
import { createQueryClient } from './query-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a change refreshes what its answer names (X-Changed-Topics, docs/decisions/034)', () => {
  it('reads again the reads shown of the topics named, before the call resolves, and no others', async () => {
    const client = createQueryClient();
    const reads: string[] = [];
    // Shown on the page: the person's notifications and the public stats.
    const shown: [readonly unknown[], string][] = [
      [resources.notifications().queryKey, 'notifications'],
      [resources.publicStats().queryKey, 'publicStats'],
    ];
    for (const [key, name] of shown) {
      client.setQueryData(key, { read: 'seeded' });
      new QueryObserver(client, { queryKey: key, queryFn: async () => (reads.push(name), { read: name }) }).subscribe(() => undefined);
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"marked":1}', { status: 200, headers: { 'X-Changed-Topics': 'me' } })),
    );
    await apiRequest('POST', '/api/notifications/read', { all: true });
    expect(reads).toEqual(['notifications']);
    expect(client.getQueryState(resources.publicStats().queryKey)?.isInvalidated).toBe(false);
  });
});
