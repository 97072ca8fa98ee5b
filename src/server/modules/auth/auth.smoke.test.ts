import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-utils/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('sign up, use the session, create a 28-day secret, list it, sign out', async () => {
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/signup',
    payload: { email: 'alice@example.com', username: 'alice', password: 'correct horse' },
  });
  expect(signup.statusCode, signup.body).toBe(201);
  const cookies = Object.fromEntries(signup.cookies.map((c) => [c.name, c.value]));
  expect(Object.keys(cookies).sort()).toEqual(['hush_device', 'hush_login', 'hush_session']);
  const cookie = `hush_session=${cookies.hush_session}`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/secret',
    headers: { cookie },
    payload: { text: 'hush1.x', ttl: 2419200 },
  });
  expect(created.statusCode, created.body).toBe(201);
  const own = await t.app.inject({ url: '/api/v1/account/secrets', headers: { cookie } });
  expect(own.json()).toHaveLength(1);
  const out = await t.app.inject({ method: 'POST', url: '/api/v1/authentication/signout', headers: { cookie } });
  expect(out.statusCode).toBe(200);
  expect((await t.app.inject({ url: '/api/v1/account', headers: { cookie } })).statusCode).toBe(401);
});
