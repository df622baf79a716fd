import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { PAGES, PAGE_NAMES, matchPage } from '../../shared/pages.ts';

/** The page wouter's own matching picks for a path, with the routes drawn from the list as AppRouter draws them. */
function wouterPick(path: string): string {
  return renderToString(
    <Router ssrPath={path}>
      <Switch>
        {PAGE_NAMES.map((name) => (
          <Route key={name} path={PAGES[name]}>
            {name}
          </Route>
        ))}
        <Route>not-found</Route>
      </Switch>
    </Router>,
  );
}

describe('the shared page list', () => {
  it('is read by matchPage (the server) exactly as the client router reads it', () => {
    const samples = [
      ...Object.values(PAGES).map((path) => path.replace(':token', 'a1B2-c3_d4')),
      '/APPLY',
      '/apply/',
      '/apply/extra',
      '/applyx',
      '/setup-password',
      '/setup-password/',
      '/setup-password/abc/def',
      '/restricted',
      '/no/such/page',
      '//apply',
      '/admin/users',
      '/%61pply',
      '/setup-password/a%2Fb',
      '/setup-password/%E0%A4%A',
      '/prof%69le/',
    ];
    for (const path of samples) expect(matchPage(path) ?? 'not-found', path).toBe(wouterPick(path));
  });

  it('matches the listed pages and no other path', () => {
    expect(matchPage('/')).toBe('landing');
    expect(matchPage('/setup-password/tok')).toBe('setupPassword');
    expect(matchPage('/this/page/does-not-exist')).toBeNull();
  });
});
