import fc from 'fast-check';
import type { RouteContract } from '../../shared/api/contract.js';
import { TOKEN_SCOPES } from '../../shared/rules/tokens.js';
import type { TestApp } from './app.js';

/**
 * The admin and analytics side of the fuzz test (src/server/fuzz.test.ts): a seeded admin whose session and API
 * token generated requests may carry, and bodies for the admin settings, user management and page view routes.
 */

export const FUZZ_ADMIN = { username: 'fuzzadmin', email: 'fuzzadmin@example.com', password: 'correct horse' };

/** Creates the admin and answers with its session cookie and an API token of its, with every scope. */
export async function seedFuzzAdmin(t: TestApp): Promise<{ cookie: string; token: string }> {
  const admin = await t.services.auth.createUser(FUZZ_ADMIN, 'admin');
  const cookie = `hush_session=${(await t.services.auth.startSession(admin)).token}`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/account/tokens',
    payload: { name: 'fuzz', scopes: TOKEN_SCOPES },
    headers: { cookie },
  });
  if (response.statusCode !== 201) throw new Error(`seeding failed: ${response.statusCode} ${response.body}`);
  return { cookie, token: response.json<{ token: string }>().token };
}

const json = (value: unknown) => JSON.stringify(value);
const freshName = fc.stringMatching(/^[a-z0-9]{6,14}$/);
const usernames = fc.constantFrom(FUZZ_ADMIN.username, 'fuzzer', 'FUZZER2', 'nobody', '', 'x'.repeat(300), 'a\u0000b');
const roles = fc.constantFrom('user', 'creator', 'admin', 'Admin', 'root', '', null, 1);
const flags = fc.oneof(
  { weight: 4, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom('true', 0, null) },
);
const domains = fc.constantFrom('', 'example.com', ' Corp.Example ', '@example.com', 'not a domain', 'a\u0000.com', 5);
const SWITCHES = ['disable_users', 'disable_user_account_creation', 'read_only', 'disable_file_upload'] as const;
const settingsRecord = (flag: fc.Arbitrary<unknown>, domain: fc.Arbitrary<unknown>) => ({
  disable_users: flag,
  disable_user_account_creation: flag,
  read_only: flag,
  disable_file_upload: flag,
  hide_allowed_ip_input: flag,
  restrict_organization_email: domain,
  disable_requests: flag,
  disable_webhooks: flag,
  disable_email_notifications: flag,
  // Never on: the fuzzing admin would be held at setting up a second factor for the rest of the run.
  require_two_factor: fc.constantFrom('off', 'sometimes', true),
});

/** Bodies with the real field names and mostly the right types, for the admin and analytics routes. */
export function plausibleAdminBody(route: RouteContract): fc.Arbitrary<string> | null {
  const email = fc.oneof(
    fc.constantFrom('fuzzer2@example.com', 'bad', ''),
    freshName.map((n) => `${n}@example.com`),
  );
  switch (`${route.method} ${route.path}`) {
    case 'PUT /admin/settings':
      return fc.record({ ...settingsRecord(flags, domains), managed: fc.constant([]) }, { requiredKeys: [] }).map(json);
    case 'POST /admin/users':
      return fc
        .record(
          {
            username: fc.oneof(freshName, usernames),
            email,
            password: fc.constantFrom(FUZZ_ADMIN.password, 'abc', 'x'.repeat(51), null),
            role: roles,
            generated: flags,
          },
          { requiredKeys: [] },
        )
        .map(json);
    case 'PUT /admin/users':
      return fc.record({ username: usernames, email, role: roles }, { requiredKeys: [] }).map(json);
    case 'DELETE /admin/users':
      return fc.record({ username: usernames }, { requiredKeys: [] }).map(json);
    case 'POST /analytics/track':
      return fc
        .record({ path: fc.constantFrom('/', '/public', '/secret/abc#encryption_key=x', 'public', '', '/\u0000', 5) })
        .map(json);
    default:
      return null;
  }
}

type Target = { segment: string; body: { payload?: string; contentType?: string } };
const body = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<Target> =>
  arbitrary.map((value) => ({ segment: '', body: { payload: json(value), contentType: 'application/json' } }));

/** The request that succeeds on an admin or analytics route, given an admin's credentials. */
export function targetedAdminArb(route: RouteContract): fc.Arbitrary<Target> | null {
  switch (`${route.method} ${route.path}`) {
    case 'PUT /admin/settings':
      return body(
        fc.record(settingsRecord(fc.boolean(), fc.constantFrom('', 'example.com')), { requiredKeys: [...SWITCHES] }),
      );
    case 'POST /admin/users':
      return body(freshName.map((name) => ({ username: name, email: `${name}@example.com`, password: 'pass1' })));
    case 'PUT /admin/users':
      return body(
        fc.record({
          username: fc.constantFrom('fuzzer', 'fuzzer2', FUZZ_ADMIN.username),
          email: freshName.map((name) => `${name}@example.com`),
          role: fc.constantFrom('user', 'creator', 'admin'),
        }),
      );
    case 'DELETE /admin/users':
      return body(fc.record({ username: fc.constantFrom('fuzzer', 'fuzzer2', FUZZ_ADMIN.username) }));
    case 'POST /analytics/track':
      return body(fc.constant({ path: '/public' }));
    default:
      return route.path.startsWith('/admin') || route.path.startsWith('/analytics') || route.path === '/stats'
        ? fc.constant({ segment: '', body: {} })
        : null;
  }
}
