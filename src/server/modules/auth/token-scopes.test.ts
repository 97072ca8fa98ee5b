import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { TOKEN_SCOPES, type TokenScope } from '../../../shared/rules/tokens.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { expectError } from '../../test-utils/expect-error.js';
import { madeBeforeScopes } from '../../test-utils/tokens.js';

/**
 * API token scopes (issue 16): a token does what its scopes allow and its user may, nothing more. A token made
 * before scopes (none stored) does all its user may. Each route's own scope is pinned by the contract test
 * (a token without it: 403); here, a token of each single scope against one route of every group.
 */

const PASSWORD = 'correct horse';
type Request = Pick<InjectOptions, 'method' | 'payload'> & { url: string };

/** One route of each group, by the scope it needs; `legacy`, no scoped token. (Every route: authorization.test.ts.) */
const GROUPS = {
  'secrets:read': { url: '/secret' },
  'secrets:create': { method: 'POST', url: '/secret', payload: { text: 'hush1.eA', ttl: 3600 } },
  requests: { url: '/requests' },
  'account:read': { url: '/account' },
  admin: { url: '/admin/settings' },
  legacy: { url: '/account/webhooks' },
} satisfies Record<string, Request>;
type Group = keyof typeof GROUPS;

/** What a token of one scope (columns), an admin's, gets from each group's route (rows): 2xx, or the 403's code. */
const OK = 'ok';
const SCOPE = 'auth.token_scope';
const PERSON = 'auth.session_required';
// prettier-ignore
const EXPECTED: Record<Group, Record<TokenScope | 'madeBeforeScopes', string>> = {
  //                   secrets:read           secrets:create           requests          account:read           admin          made before scopes
  'secrets:read':   { 'secrets:read': OK,     'secrets:create': SCOPE, requests: SCOPE,  'account:read': SCOPE,  admin: SCOPE,  madeBeforeScopes: OK },
  'secrets:create': { 'secrets:read': SCOPE,  'secrets:create': OK,    requests: SCOPE,  'account:read': SCOPE,  admin: SCOPE,  madeBeforeScopes: OK },
  requests:         { 'secrets:read': SCOPE,  'secrets:create': SCOPE, requests: OK,     'account:read': SCOPE,  admin: SCOPE,  madeBeforeScopes: OK },
  'account:read':   { 'secrets:read': SCOPE,  'secrets:create': SCOPE, requests: SCOPE,  'account:read': OK,     admin: SCOPE,  madeBeforeScopes: OK },
  admin:            { 'secrets:read': SCOPE,  'secrets:create': SCOPE, requests: SCOPE,  'account:read': SCOPE,  admin: OK,     madeBeforeScopes: OK },
  legacy:           { 'secrets:read': PERSON, 'secrets:create': PERSON, requests: PERSON, 'account:read': PERSON, admin: PERSON, madeBeforeScopes: OK },
};

const outcome = (response: LightMyRequestResponse) =>
  response.statusCode < 300 ? OK : `${response.statusCode} ${response.json<{ code: string }>().code}`;

describeEachDialect('API token scopes', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start() {
    t = await createTestApp({ dialect });
    const app = t;
    const send = (headers: Record<string, string>, request: Request) =>
      app.app.inject({ ...request, url: `/api/v1${request.url}`, headers } as InjectOptions);
    /** A user signed in by session, who makes tokens. */
    const person = async (username: string, role: 'user' | 'admin') => {
      const user = await app.services.auth.createUser(
        { username, email: `${username}@example.com`, password: PASSWORD },
        role,
      );
      const cookie = `hush_session=${(await app.services.auth.startSession(user)).token}`;
      const session = (request: Request) => send({ cookie }, request);
      const token = async (scopes?: readonly TokenScope[]) => {
        const created = await session({ method: 'POST', url: '/account/tokens', payload: { name: 'ci', scopes } });
        expect(created.statusCode, created.body).toBe(201);
        const { id, token: secret } = created.json<{ id: string; token: string }>();
        return { id, call: (request: Request) => send({ authorization: `Bearer ${secret}` }, request) };
      };
      return { session, token };
    };
    return { app, person };
  }

  it('a token with one scope gets exactly its group’s routes, 403 elsewhere', async () => {
    const { app, person } = await start();
    const adam = await person('adam', 'admin');
    const legacy = await adam.token();
    await madeBeforeScopes(app.database.db, legacy.id);
    const tokens = {
      ...Object.fromEntries(await Promise.all(TOKEN_SCOPES.map(async (scope) => [scope, await adam.token([scope])]))),
      madeBeforeScopes: legacy,
    } as Record<TokenScope | 'madeBeforeScopes', Awaited<ReturnType<typeof adam.token>>>;
    const actual = {} as Record<Group, Record<string, string>>;
    for (const group of Object.keys(GROUPS) as Group[]) {
      actual[group] = {};
      for (const [column, token] of Object.entries(tokens)) {
        const response = await token.call(GROUPS[group]);
        actual[group][column] = response.statusCode < 300 ? OK : response.json<{ code: string }>().code;
        if (response.statusCode >= 300) expect(response.statusCode, `${group} by ${column}`).toBe(403);
      }
    }
    expect(actual).toEqual(EXPECTED);
  });

  it('the 403 names the scope that is missing, and the route does nothing: no secret is made', async () => {
    const { app, person } = await start();
    const reader = await (await person('alice', 'user')).token(['secrets:read']);
    const refused = await reader.call(GROUPS['secrets:create']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'auth.token_scope',
      message: 'This API token does not have the secrets:create scope',
      scope: 'secrets:create',
    });
    const secrets = await app.database.db.selectFrom('secrets').select('id').execute();
    expect(secrets, 'not served anonymously either').toEqual([]);
    expectError(await reader.call({ url: '/no-such-route' }), 404, 'request.not_found');
  });

  it('a token made before scopes does all its user may, and no more: a user’s is no admin', async () => {
    const { app, person } = await start();
    const alice = await person('alice', 'user');
    const legacy = await alice.token();
    await madeBeforeScopes(app.database.db, legacy.id);
    for (const group of ['secrets:read', 'secrets:create', 'requests', 'account:read', 'legacy'] as const) {
      expect(outcome(await legacy.call(GROUPS[group])), group).toBe(OK);
    }
    expectError(await legacy.call(GROUPS.admin), 403, 'auth.admin_required');
    const listed = (await alice.session({ url: '/account/tokens' })).json<{ id: string; scopes: unknown }[]>();
    expect(listed).toEqual([expect.objectContaining({ id: legacy.id, scopes: null })]);
  });

  it('a user who is not an admin cannot make a token with the admin scope; an admin can', async () => {
    const { app, person } = await start();
    const alice = await person('alice', 'user');
    for (const scopes of [['admin'], ['secrets:read', 'admin']]) {
      const refused = await alice.session({ method: 'POST', url: '/account/tokens', payload: { name: 'x', scopes } });
      expectError(refused, 403, 'auth.scope_not_allowed');
      expect(refused.json()).toMatchObject({ field: 'scopes', scope: 'admin' });
    }
    expect(await app.database.db.selectFrom('api_tokens').select('id').execute()).toEqual([]);
    const adam = await person('adam', 'admin');
    const made = await adam.session({
      method: 'POST',
      url: '/account/tokens',
      payload: { name: 'ops', scopes: ['admin', 'secrets:read', 'admin'] },
    });
    expectError(made, 400, 'validation.scopes');
    const ops = await adam.session({
      method: 'POST',
      url: '/account/tokens',
      payload: { name: 'ops', scopes: ['admin', 'secrets:read'] },
    });
    expect(ops.statusCode, ops.body).toBe(201);
    expect(ops.json().scopes, 'in the order of TOKEN_SCOPES').toEqual(['secrets:read', 'admin']);
  });

  it('a new token without scopes named gets the default: read and create secrets', async () => {
    const { person } = await start();
    const alice = await person('alice', 'user');
    const made = await alice.session({ method: 'POST', url: '/account/tokens', payload: { name: 'ci' } });
    expect(made.json().scopes).toEqual(['secrets:read', 'secrets:create']);
    expect((await alice.session({ url: '/account/tokens' })).json()[0].scopes).toEqual([
      'secrets:read',
      'secrets:create',
    ]);
  });

  it('an admin-scoped token of a user demoted to user loses admin at once, and keeps its other scopes', async () => {
    const { person } = await start();
    const root = await person('rootuser', 'admin');
    const adam = await person('adam', 'admin');
    const ops = await adam.token(['admin', 'secrets:read']);
    expect(outcome(await ops.call(GROUPS.admin))).toBe(OK);
    const demoted = await root.session({
      method: 'PUT',
      url: '/admin/users',
      payload: { username: 'adam', email: 'adam@example.com', role: 'user' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expectError(await ops.call(GROUPS.admin), 403, 'auth.admin_required');
    expectError(await ops.call({ url: '/stats' }), 403, 'auth.admin_required');
    expect(outcome(await ops.call(GROUPS['secrets:read']))).toBe(OK);
  });

  it('an owner’s token burns the owner’s secret with secrets:create; without it, only with the delete token', async () => {
    const { person } = await start();
    const alice = await person('alice', 'user');
    const create = async () =>
      (await alice.session(GROUPS['secrets:create'])).json<{ id: string; deleteToken: string }>();
    const [first, second, third] = [await create(), await create(), await create()];
    const writer = await alice.token(['secrets:create']);
    const reader = await alice.token(['secrets:read']);
    const burn = (id: string, payload: Record<string, unknown> = {}) => ({
      method: 'POST' as const,
      url: `/secret/${id}/burn`,
      payload,
    });
    expect(outcome(await writer.call(burn(first.id)))).toBe(OK);
    expectError(await reader.call(burn(second.id)), 403, 'auth.token_scope');
    expect(outcome(await reader.call(burn(second.id, { deleteToken: second.deleteToken })))).toBe(OK);
    const wrong = await reader.call(burn(third.id, { deleteToken: second.deleteToken }));
    expectError(wrong, 403, 'secret.burn_forbidden');
  });
});
