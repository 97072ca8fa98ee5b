import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../../shared/api/auth.contract.js';
import { scopesFor } from '../../../shared/rules/tokens.js';
import { madeBeforeScopes } from '../../test-utils/tokens.js';
import { createTestApp, createTestClock, type TestApp, type TestAppOptions } from '../../test-utils/app.js';

/** Shared by admin.test.ts and enforcement.test.ts: an app with accounts of each role, and ways to call it. */

export const PASSWORD = 'correct horse';

export interface Request {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export type AdminWorld = Awaited<ReturnType<typeof createAdminWorld>>;

export async function createAdminWorld(options: TestAppOptions = {}) {
  const clock = createTestClock();
  const t: TestApp = await createTestApp({ clock, ...options });

  /** Raw: the URL as given (no prefix added), for tests of odd paths. */
  const raw = (request: InjectOptions) => t.app.inject(request);
  const inject = (headers: Record<string, string>, request: Request) =>
    t.app.inject({
      ...request,
      url: `/api/v1${request.url}`,
      headers: { ...headers, ...request.headers },
    } as InjectOptions);

  /** Creates an account with a role (a second later than the one before) and returns its session cookie. */
  async function account(username: string, role: Role = 'user') {
    clock.advance(1000);
    const user = await t.services.auth.createUser(
      { username, email: `${username}@example.com`, password: PASSWORD },
      role,
    );
    const cookie = `hush_session=${(await t.services.auth.startSession(user)).token}`;
    const as = (request: Request) => inject({ cookie }, request);
    return { user, cookie, as };
  }

  /** An API token of the account, with every scope its role may give, or made before scopes (all its user may). */
  async function tokenOf(
    { cookie, user }: { cookie: string; user: { role: string } },
    options: { madeBeforeScopes?: boolean } = {},
  ): Promise<string> {
    const payload = { name: 'ci', scopes: scopesFor(user.role) };
    const response = await inject({ cookie }, { method: 'POST', url: '/account/tokens', payload });
    expect(response.statusCode, response.body).toBe(201);
    const { id, token } = response.json<{ id: string; token: string }>();
    if (options.madeBeforeScopes) await madeBeforeScopes(t.database.db, id);
    return token;
  }

  const count = async (table: 'users' | 'secrets' | 'sessions' | 'api_tokens') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  return {
    t,
    clock,
    raw,
    inject,
    anonymous: (request: Request) => inject({}, request),
    account,
    tokenOf,
    count,
    close: () => t.close(),
  };
}

export { expectError } from '../../test-utils/expect-error.js';
