// @vitest-environment jsdom
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PATH, PAGE_PATHS, pagePath } from '../../shared/rules/pages';
import { routes } from './router';

/** Every path the router draws a page for, parameters filled in: `/secret/:secretId` → `/secret/x`. */
function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.index ? parent : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    return [path.replace(/:\w+/g, 'x'), ...routePaths(route.children ?? [], path)];
  });
}

describe('the router and the server agree on the pages', () => {
  const paths = [...new Set(routePaths(routes))];

  it('draws the pages it should (a check of this test)', () => {
    expect(paths).toEqual(expect.arrayContaining(['/', '/secret/x/x', '/account/users', '/api-docs']));
  });

  it('every page of the router is a known page (so the server answers it with the app, not a 404)', () => {
    for (const path of paths) expect(pagePath(path), path).not.toBe(NOT_FOUND_PATH);
  });

  it('every known page is drawn by the router', () => {
    const drawn = new Set(paths.map(pagePath));
    expect([...PAGE_PATHS].filter((path) => !drawn.has(path))).toEqual([]);
  });
});
