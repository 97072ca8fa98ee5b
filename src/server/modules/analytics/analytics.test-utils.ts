import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { scopesFor } from '../../../shared/rules/tokens.js';
import type { TestApp } from '../../test-utils/app.js';

/** Helpers the analytics and statistics tests share. */

const PASSWORD = 'correct horse';
export const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

export type CallerName = 'anonymous' | 'user' | 'userToken' | 'admin' | 'adminToken';

/** The headers of each kind of caller: a user and an admin, each by session and by an API token of every scope. */
export async function callers(t: TestApp): Promise<Record<CallerName, Record<string, string>>> {
  const signIn = async (username: string, role: string) => {
    const user = await t.services.auth.createUser(
      { username, email: `${username}@example.com`, password: PASSWORD },
      role,
    );
    const cookie = `hush_session=${(await t.services.auth.startSession(user)).token}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/tokens',
      headers: { cookie },
      payload: { name: 'script', scopes: scopesFor(role) },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { cookie, authorization: `Bearer ${created.json<{ token: string }>().token}` };
  };
  const user = await signIn('alice', 'user');
  const admin = await signIn('adam', 'admin');
  return {
    anonymous: {},
    user: { cookie: user.cookie },
    userToken: { authorization: user.authorization },
    admin: { cookie: admin.cookie },
    adminToken: { authorization: admin.authorization },
  };
}

/** Sends a page view as a browser at `ip` with `userAgent` would. */
export function track(
  t: TestApp,
  path: string,
  { ip = '198.51.100.1', userAgent = FIREFOX as string | undefined, headers = {} as Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/analytics/track',
    remoteAddress: ip,
    headers: { ...(userAgent !== undefined && { 'user-agent': userAgent }), ...headers },
    payload: { path },
  });
}

/** Tracks and checks the answer. */
export async function expectTracked(
  t: TestApp,
  path: string,
  recorded: boolean,
  options?: Parameters<typeof track>[2],
): Promise<void> {
  const response = await track(t, path, options);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json(), `${path} ${JSON.stringify(options)}`).toEqual({ recorded });
}
