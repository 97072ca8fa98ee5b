import {
  startForwardAuth,
  forwardAuthSite,
  PORTAL_COOKIE,
  type ForwardAuth,
} from '../src/server/test-utils/forward-auth.js';
import { NGINX, startNginx, type TestNginx } from '../src/server/test-utils/nginx.js';
import { startServerProcess, type ServerProcess } from '../src/server/test-utils/server-process.js';
import { loginCookie } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { auditPage } from './helpers.js';

/*
 * Issue 16.6, end to end in Chromium: Hush (the built one, dist/) behind Debian's nginx on 127.0.0.1:3395, configured
 * by docs/trusted-header.md's block, whose forward auth (a stand-in, test-utils/forward-auth.ts) knows people by a
 * portal cookie. A visitor signed in at the portal opens the sign-in page and lands signed in.
 */

const NGINX_PORT = 3395;
const BASE = `http://127.0.0.1:${NGINX_PORT}`;
const PORTAL = {
  'portal-carol': { user: 'carol_e2e', email: 'carol@example.org' },
  // A name Hush's username rules refuse: the sign-in fails, and says why.
  'portal-odd': { user: 'odd name', email: 'odd@example.org' },
};

let forwardAuth: ForwardAuth;
let hush: ServerProcess;
let nginx: TestNginx;

test.describe.configure({ mode: 'serial', timeout: 60_000 });
test.skip(!NGINX, 'nginx is not installed');

test.beforeAll(async () => {
  forwardAuth = await startForwardAuth(PORTAL);
  hush = await startServerProcess(
    {
      HUSH_AUTH_HEADER: 'Remote-User',
      HUSH_AUTH_HEADER_EMAIL: 'Remote-Email',
      HUSH_AUTH_HEADER_SIGNOUT_URL: 'https://auth.example.org/logout',
      HUSH_TRUSTED_PROXIES: '127.0.0.1',
      HUSH_RATE_LIMIT: 'false',
    },
    { entry: 'dist/server/main.js' },
  );
  nginx = await startNginx(await forwardAuthSite({ nginx: NGINX_PORT, hush: hush.port, auth: forwardAuth.port }), [
    NGINX_PORT,
  ]);
});

test.afterAll(async () => {
  await nginx?.stop();
  await hush?.stop();
  await forwardAuth?.close();
});

const atPortal = (value: keyof typeof PORTAL) => ({ name: PORTAL_COOKIE, value, url: BASE });

test('a visitor signed in at the portal lands signed in; signing out points to the portal’s sign-out', async ({
  page,
  context,
}) => {
  await context.addCookies([atPortal('portal-carol')]);
  await page.goto(`${BASE}/signin?next=%2Faccount%2Fsecrets`);
  await expect(page).toHaveURL(`${BASE}/account/secrets`);
  expect((await loginCookie(context))?.username).toBe('carol_e2e');

  await page.goto(`${BASE}/signout`);
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await expect(page.getByText(/still signed in as carol_e2e/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign out there too' })).toHaveAttribute(
    'href',
    'https://auth.example.org/logout',
  );
});

test('a refused sign-in says why, and the visitor can sign in another way (keyboard only, axe clean)', async ({
  page,
  context,
}, testInfo) => {
  await context.addCookies([atPortal('portal-odd')]);
  await page.goto(`${BASE}/signin`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('You could not be signed in as odd name');
  await expect(alert).toContainText('cannot be used in Hush');
  await auditPage(page, 'trusted-header-failed', testInfo);

  const another = page.getByRole('button', { name: 'Sign in another way' });
  await another.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your organisation’s sign-in knows you as odd name.')).toBeVisible();
  await expect(page.getByLabel('Username or email')).toBeVisible();
  await auditPage(page, 'trusted-header-another-way', testInfo);
});
