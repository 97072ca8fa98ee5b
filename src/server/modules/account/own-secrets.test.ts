import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { apiFor, type Api } from '../../test-utils/contract-api.js';
import { describeEachDialect } from '../../test-utils/database.js';

/**
 * GET /secret lists the caller's own secrets (listOwnSecrets). Hemmelig 6.x's client asks for them as
 * `GET /api/secret/`, and the account page used to as `/account/secrets`: every spelling answers the same.
 */
const PATHS = [
  '/api/v1/secret',
  '/api/v1/secret/',
  '/api/secret',
  '/api/secret/',
  '/api/v1/account/secrets',
  '/api/account/secrets',
];
/** What Hemmelig 6.x's server answered for each item, and so what its client reads. */
const HEMMELIG_FIELDS = ['expiresAt', 'id', 'isPublic', 'maxViews', 'preventBurn', 'title'];

describeEachDialect('the caller’s own secrets at GET /secret', (dialect) => {
  let t: TestApp;
  let clock: ReturnType<typeof createTestClock>;
  beforeEach(async () => {
    clock = createTestClock();
    t = await createTestApp({ dialect, clock });
  });
  afterEach(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const tokenHeaders = async (browser: Api) => {
    const created = await browser.inject({ method: 'POST', url: '/account/tokens', payload: { name: 'list' } });
    const { token } = created.json<{ token: string }>();
    return {
      bearer: { authorization: `Bearer ${token}` },
      basic: { authorization: `Basic ${Buffer.from(`${token}:x`).toString('base64')}` },
    };
  };

  it('answers 401 auth.not_signed_in to an anonymous caller, under both prefixes, with or without a trailing slash', async () => {
    for (const url of PATHS) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toMatchObject({ code: 'auth.not_signed_in' });
    }
  });

  it('lists only the caller’s own secrets, newest first, the same by session cookie, Bearer and Basic token', async () => {
    const api = apiFor(t, '/api/v1', '127.0.0.1');
    const alice = await api.signUp();
    const bob = await api.signUp({ username: 'bob_1' });
    const first = await alice.create({ title: 'first' });
    clock.advance(1000);
    const second = await alice.create({ title: 'second', maxViews: 3 });
    await bob.create();
    await api.create();
    const { bearer, basic } = await tokenHeaders(alice);
    const expected = [second.id, first.id];
    let answer: unknown;
    for (const headers of [{ cookie: `hush_session=${alice.session}` }, bearer, basic]) {
      for (const url of PATHS) {
        const response = await get(url, headers);
        expect(response.statusCode, url).toBe(200);
        const items = response.json<{ id: string }[]>();
        expect(
          items.map((item) => item.id),
          url,
        ).toEqual(expected);
        answer ??= items;
        expect(items, url).toEqual(answer);
      }
    }
    const bobs = await get('/api/secret/', { cookie: `hush_session=${bob.session}` });
    expect(bobs.json<unknown[]>()).toHaveLength(1);
  });

  it('answers each item with the fields Hemmelig 6.x’s client reads, views left included', async () => {
    const alice = await apiFor(t, '/api/v1', '127.0.0.1').signUp();
    await alice.create({ title: 'hush1.dGl0bGU', maxViews: 3, preventBurn: true });
    const [item] = (await get('/api/secret/', { cookie: `hush_session=${alice.session}` })).json<
      Record<string, unknown>[]
    >();
    expect(Object.keys(item!)).toEqual(expect.arrayContaining(HEMMELIG_FIELDS));
    expect(item).toMatchObject({
      title: 'hush1.dGl0bGU',
      maxViews: 3,
      viewsLeft: 3,
      preventBurn: true,
      isPublic: false,
    });
  });
});
