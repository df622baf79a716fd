import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../../test/helpers/render.ts';
import { ApiError, NetworkError } from '../lib/api.ts';
import { QueryState, type QueryLike } from './query-state.tsx';

function query<T>(state: Partial<QueryLike<T>>): QueryLike<T> {
  return { status: 'pending', data: undefined, error: null, isFetching: false, refetch: () => Promise.resolve(), ...state };
}

function render(state: QueryLike<string[]>, extra: { missing?: { when: (error: unknown) => boolean; show: string } } = {}): string {
  return renderStatic(
    createElement(QueryState<string[]>, {
      query: state,
      failure: 'The list could not be loaded.',
      loading: 'LOADING',
      isEmpty: (items) => items.length === 0,
      empty: 'Nothing here yet',
      ...extra,
      children: (items) => `DATA: ${items.join(', ')}`,
    }),
  );
}

describe('QueryState', () => {
  it('shows loading until something is read', () => {
    expect(render(query({ status: 'pending', isFetching: true }))).toBe('LOADING');
  });

  it('says a failed read failed, why, and offers Try again: never the empty state', () => {
    const html = render(query({ status: 'error', error: new NetworkError(new TypeError('fetch failed')) }));
    expect(html).toContain('role="alert"');
    expect(html).toContain('The list could not be loaded.');
    expect(html).toContain('Could not reach the server. Check your connection and try again.');
    expect(html).toContain('Try again');
    expect(html).not.toContain('Nothing here yet');
  });

  it('shows the empty state only after a read that succeeded and found nothing', () => {
    expect(render(query({ status: 'success', data: [] }))).toBe('Nothing here yet');
    expect(render(query({ status: 'success', data: ['a', 'b'] }))).toBe('DATA: a, b');
  });

  it('keeps the last data under the error when a later read fails, but not an empty state', () => {
    const failedAgain = { status: 'error' as const, error: new ApiError(503, 'Service Unavailable', '') };
    const withData = render(query({ ...failedAgain, data: ['a'] }));
    expect(withData).toContain('role="alert"');
    expect(withData).toContain('DATA: a');
    const wasEmpty = render(query({ ...failedAgain, data: [] }));
    expect(wasEmpty).toContain('role="alert"');
    expect(wasEmpty).not.toContain('Nothing here yet');
  });

  it('shows the read’s own "not there" answer instead of an error, and only for it', () => {
    const missing = { when: (error: unknown) => error instanceof ApiError && error.status === 404, show: 'NOT THERE' };
    expect(render(query({ status: 'error', error: new ApiError(404, 'Not Found', '{"message":"Ambassador profile not found"}') }), { missing })).toBe(
      'NOT THERE',
    );
    expect(render(query({ status: 'error', error: new ApiError(500, 'Internal Server Error', '') }), { missing })).toContain('Try again');
  });
});
