import { describe, expect, it } from 'vitest';
import type { RouteContract } from './contract.js';
import { API_TAGS, apiRoutes } from './index.js';

const routes: [string, RouteContract][] = Object.entries(apiRoutes);
/** `/secret/{id}/` and `/secret/{name}` alike → `/secret/{}`: paths a router cannot tell apart. */
const shape = (path: string) => path.replace(/\{\w+\}/g, '{}').replace(/(.)\/$/, '$1');

describe('the route contracts', () => {
  it('give every route an operationId: camelCase, and unique', () => {
    const ids = routes.map(([, route]) => route.operationId);
    for (const [name, route] of routes) expect(route.operationId, name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('tag every route with one of the described tags, and use every tag', () => {
    const tags = API_TAGS.map((tag) => tag.name as string);
    for (const [name, route] of routes) expect(tags, name).toContain(route.tag);
    expect(new Set(routes.map(([, route]) => route.tag))).toEqual(new Set(tags));
  });

  it('keep aliases apart from every route’s own path, and canonical paths free of a trailing slash', () => {
    const canonical = routes.map(([, route]) => `${route.method} ${shape(route.path)}`);
    expect(new Set(canonical).size).toBe(canonical.length);
    for (const [name, route] of routes) {
      expect(route.path === '/' || !route.path.endsWith('/'), name).toBe(true);
      for (const alias of route.aliases ?? [])
        expect(canonical, alias).not.toContain(`${route.method} ${shape(alias)}`);
    }
  });

  it('ask an API token for the admin scope on every admin route, and for none where no token is let in', () => {
    for (const [name, route] of routes) {
      if (route.access === 'admin') expect(route.scope, name).toBe('admin');
      if (route.access === 'session') expect(route.scope, name).toBeUndefined();
      if (route.scope === 'admin') expect(route.access, name).toBe('admin');
      // A scoped route refuses a token with 403: it must say so.
      if (route.scope) expect(Object.keys(route.responses), name).toContain('403');
    }
  });

  it('give examples that their own schemas accept', () => {
    let examples = 0;
    for (const [name, route] of routes) {
      if (route.bodyExample !== undefined) {
        examples++;
        expect(route.body !== 'binary' && route.body?.safeParse(route.bodyExample).success, name).toBe(true);
      }
      for (const [status, response] of Object.entries(route.responses)) {
        if (response.example === undefined) continue;
        examples++;
        expect(response.schema?.safeParse(response.example).success, `${name} ${status}`).toBe(true);
      }
    }
    expect(examples).toBeGreaterThanOrEqual(8);
  });
});
