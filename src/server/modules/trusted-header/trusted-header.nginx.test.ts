import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test-utils/database.js';
import { forwardAuthSite, startForwardAuth, type ForwardAuth } from '../../test-utils/forward-auth.js';
import { loopbackClient, type LoopbackResponse } from '../../test-utils/loopback-client.js';
import { NGINX, startNginx, type TestNginx } from '../../test-utils/nginx.js';
import { createRunStore, type RunStore } from '../../test-utils/run-store.js';
import { startServerProcess, type ServerProcess } from '../../test-utils/server-process.js';

/**
 * Sign-in by a trusted header behind Debian's real nginx, set up as Authelia's and Authentik's guides set it up:
 * `auth_request` asks a forward-auth service about every request, and `proxy_set_header` hands the user it answers
 * with to Hush in Remote-User and Remote-Email: the nginx block of docs/trusted-header.md itself. The forward-auth
 * service is a stand-in (test-utils/forward-auth.ts) that knows people by a portal cookie, as those services do. Hush
 * runs as its own process (main.ts) with nginx's address (127.0.0.1) as its only trusted proxy; clients get loopback
 * addresses of their own.
 */

if (!NGINX) console.warn('⚠ SKIPPED trusted-header.nginx.test.ts: nginx not found (Debian: apt-get install nginx)');

/** The port of the plan for this test's nginx. */
const NGINX_PORT = 3395;
const CLIENT = '127.0.0.2';
/** Portal cookie → the user the forward-auth service vouches for. */
const PORTAL_SESSIONS: Record<string, { user: string; email: string }> = {
  'portal-alice': { user: 'alice', email: 'alice@example.org' },
  'portal-bob': { user: 'bob_2', email: 'bob@example.org' },
  'portal-nobody': { user: 'nobody_x', email: 'nobody@example.org' },
};

const sessionCookie = (response: LoopbackResponse) =>
  (response.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('hush_session='))?.split(/[=;]/)[1];

describeEachDialect('sign-in by a trusted header, behind nginx with forward auth', (dialect) => {
  let store: RunStore;
  let hush: ServerProcess;
  let nginx: TestNginx | undefined;
  let forwardAuth: ForwardAuth;
  const env = (autoCreate: boolean) => ({
    HUSH_AUTH_HEADER: 'Remote-User',
    HUSH_AUTH_HEADER_EMAIL: 'Remote-Email',
    HUSH_AUTH_HEADER_AUTO_CREATE: String(autoCreate),
    HUSH_TRUSTED_PROXIES: '127.0.0.1',
    HUSH_RATE_LIMIT: 'false',
    HUSH_LOG_LEVEL: 'warn',
    ...store.env,
  });
  /** Hush (again) on the same data, then nginx in front of it. */
  const startHush = async (autoCreate: boolean) => {
    await nginx?.stop();
    await hush?.stop();
    hush = await startServerProcess(env(autoCreate), { dataDir: store.dataDir });
    nginx = await startNginx(await forwardAuthSite({ nginx: NGINX_PORT, hush: hush.port, auth: forwardAuth.port }), [
      NGINX_PORT,
    ]);
  };
  const throughNginx = (portal: string | null, headers: Record<string, string> = {}) => {
    const client = loopbackClient(`http://127.0.0.1:${NGINX_PORT}`, CLIENT);
    const cookie = [portal && `portal=${portal}`, headers.cookie].filter(Boolean).join('; ');
    return (method: string, path: string) =>
      client.send(method, `/api/v1${path}`, { headers: { ...headers, ...(cookie && { cookie }) } });
  };
  const straight = (headers: Record<string, string>) => (method: string, path: string) =>
    loopbackClient(hush.url, CLIENT).send(method, `/api/v1${path}`, { headers });

  beforeAll(async () => {
    if (!NGINX) return;
    store = await createRunStore(dialect);
    forwardAuth = await startForwardAuth(PORTAL_SESSIONS);
    await startHush(true);
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await hush?.stop();
    await forwardAuth?.close();
    await store?.cleanup();
  });

  it.skipIf(!NGINX)('a user the forward auth knows lands signed in, with an account made at once', async () => {
    const alice = throughNginx('portal-alice');
    expect((await alice('GET', '/authentication/methods')).json()).toMatchObject({ header: { username: 'alice' } });
    const signedIn = await alice('POST', '/authentication/header');
    expect(signedIn.status, signedIn.body.toString()).toBe(200);
    expect(signedIn.json()).toMatchObject({ username: 'alice', email: 'alice@example.org', role: 'user' });
    const session = sessionCookie(signedIn)!;
    const verify = await throughNginx('portal-alice', { cookie: `hush_session=${session}` })(
      'GET',
      '/authentication/verify',
    );
    expect(verify.json()).toMatchObject({ username: 'alice' });
    // A visitor without a portal session never reaches Hush: nginx sends them to the portal.
    const stranger = await throughNginx(null)('POST', '/authentication/header');
    expect(stranger.status).toBe(302);
    expect(stranger.headers.location).toBe(
      `https://auth.example.org/?rd=http://127.0.0.1:${NGINX_PORT}/api/v1/authentication/header`,
    );
  });

  it.skipIf(!NGINX)('a Remote-User header a client sends through nginx is replaced by the forward auth’s', async () => {
    const spoof = throughNginx('portal-bob', { 'remote-user': 'alice', 'remote-email': 'alice@example.org' });
    const signedIn = await spoof('POST', '/authentication/header');
    expect(signedIn.json()).toMatchObject({ username: 'bob_2', email: 'bob@example.org' });
  });

  it.skipIf(!NGINX)('the same header sent straight to Hush, not through the trusted proxy, is ignored', async () => {
    const direct = straight({ 'remote-user': 'alice', 'x-forwarded-for': '127.0.0.1' });
    const refused = await direct('POST', '/authentication/header');
    expect(refused.status).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'auth.header_missing' });
    expect(sessionCookie(refused)).toBeUndefined();
    expect((await direct('GET', '/authentication/methods')).json()).toMatchObject({ header: null });
    // Its log line arrives through the process's stdout, a moment after the answer.
    await expect.poll(() => hush.output(), { timeout: 5000 }).toContain('"security":"header.untrusted"');
  });

  it.skipIf(!NGINX)('when the proxy names another user than the session’s, that session ends', async () => {
    const alice = sessionCookie(await throughNginx('portal-alice')('POST', '/authentication/header'))!;
    // The portal now says bob_2 (another person at this browser signed in there): alice's session is over.
    const asBob = throughNginx('portal-bob', { cookie: `hush_session=${alice}` });
    const verify = await asBob('GET', '/authentication/verify');
    expect(verify.status).toBe(401);
    const again = await throughNginx('portal-alice', { cookie: `hush_session=${alice}` })(
      'GET',
      '/authentication/verify',
    );
    expect(again.status).toBe(401);
    expect((await asBob('POST', '/authentication/header')).json()).toMatchObject({ username: 'bob_2' });
  });

  it.skipIf(!NGINX)(
    'with auto-create off, existing accounts sign in and new users are refused',
    async () => {
      await startHush(false);
      const refused = await throughNginx('portal-nobody')('POST', '/authentication/header');
      expect(refused.status).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'auth.header_unknown_user' });
      expect((await throughNginx('portal-alice')('POST', '/authentication/header')).status).toBe(200);
    },
    60_000,
  );
});
