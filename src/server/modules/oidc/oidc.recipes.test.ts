import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { locationOf, oidcBrowser, oidcConfig, providerClients } from '../../test-utils/oidc-browser.js';
import { startTestProvider, type ProviderAccount, type TestProvider } from '../../test-utils/oidc-provider.js';

/**
 * The recipes of docs/oidc.md, each with the claims its provider puts in the ID token, signed by a real OpenID
 * provider and read by Hush as any provider's: the documented settings must give the documented account.
 */

const KEYCLOAK = { oidcRoleClaim: 'realm_access.roles', oidcAdminValues: ['hush-admin'], oidcCreatorValues: [] };
const ENTRA = { oidcRoleClaim: 'roles', oidcAdminValues: ['Hush.Admin'], oidcCreatorValues: ['Hush.Creator'] };
const GOOGLE = { oidcRoleClaim: 'hd', oidcAdminValues: [], oidcCreatorValues: ['example.com'] };
const AUTHENTIK = { oidcRoleClaim: 'groups', oidcAdminValues: ['hush-admins'], oidcCreatorValues: ['hush-creators'] };

describe('provider recipes', () => {
  let provider: TestProvider;
  let t: TestApp | undefined;
  beforeAll(async () => {
    provider = await startTestProvider({
      clients: providerClients(),
      // What these providers put in the ID token beside the standard claims, whatever the scopes asked.
      extraClaims: { openid: ['oid', 'tid', 'roles', 'groups', 'hd', 'realm_access', 'resource_access', 'name'] },
    });
  });
  afterAll(() => provider.stop());
  afterEach(async () => {
    await t?.close();
    t = undefined;
    provider.accounts.clear();
  });

  const app = async (settings: Partial<Config>) => {
    t = await createTestApp({
      config: oidcConfig(provider, {
        ...settings,
        oidcProviders: oidcConfig(provider).oidcProviders!.map((p) => ({
          ...p,
          scopes: ['openid', 'email', 'profile'],
        })),
      }),
    });
    return t;
  };
  /** Signs `account` in through the provider: Hush's answer, and who it says the browser is. */
  const signIn = async (t: TestApp, account: ProviderAccount) => {
    provider.accounts.set(account.sub, account);
    provider.loginAs(account.sub);
    const browser = oidcBrowser(t);
    const done = await browser.signIn();
    const me = await browser.inject({ url: '/api/v1/authentication/verify' });
    return { location: locationOf(done), me: me.statusCode === 200 ? me.json() : null };
  };
  const emailVerifiedAt = async (t: TestApp, username: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('email_verified_at')
        .where('username', '=', username)
        .executeTakeFirst()
    )?.email_verified_at;

  it('Keycloak: realm roles (realm_access.roles) and client roles (resource_access.<client>.roles) set the role', async () => {
    const t = await app(KEYCLOAK);
    const keycloak = (sub: string, username: string, roles: string[]): ProviderAccount => ({
      sub,
      email: `${username}@example.com`,
      email_verified: true,
      preferred_username: username,
      realm_access: { roles: ['default-roles-staff', 'offline_access', 'uma_authorization', ...roles] },
      resource_access: { account: { roles: ['manage-account', 'view-profile'] } },
    });
    const admin = await signIn(t, keycloak('0b8f3c1e-6d2a-4c8e-9f51-2a7d9e0c4b11', 'kimi', ['hush-admin']));
    expect(admin.me).toMatchObject({ username: 'kimi', email: 'kimi@example.com', role: 'admin' });
    expect(await emailVerifiedAt(t, 'kimi')).not.toBeNull();
    expect((await signIn(t, keycloak('5e2f9a70-1c3b-4d6e-8a90-b1c2d3e4f506', 'leah', []))).me).toMatchObject({
      role: 'user',
    });
    await t.close();

    const clientRoles = await app({
      ...KEYCLOAK,
      oidcRoleClaim: 'resource_access.hush.roles',
      oidcAdminValues: ['admin'],
    });
    const account = {
      ...keycloak('9d1e2f3a-4b5c-4d6e-8f70-a1b2c3d4e5f6', 'maxi', []),
      resource_access: { hush: { roles: ['admin'] }, account: { roles: ['manage-account'] } },
    };
    expect((await signIn(clientRoles, account)).me).toMatchObject({ username: 'maxi', role: 'admin' });
  });

  it('Keycloak: the group mapper with full paths gives "/group" values', async () => {
    const t = await app({ oidcRoleClaim: 'groups', oidcAdminValues: [], oidcCreatorValues: ['/staff/hush-creators'] });
    const account: ProviderAccount = {
      sub: '3c4d5e6f-7081-4a2b-9c3d-4e5f60718293',
      email: 'noah@example.com',
      email_verified: true,
      preferred_username: 'noah',
      groups: ['/staff', '/staff/hush-creators'],
    };
    expect((await signIn(t, account)).me).toMatchObject({ username: 'noah', role: 'creator' });
  });

  it('Microsoft Entra ID: app roles set the role; no email_verified, so the email stays unverified', async () => {
    const t = await app(ENTRA);
    const entra = (sub: string, upn: string, extra: Partial<ProviderAccount>): ProviderAccount => ({
      sub,
      oid: '00000000-0000-0000-66f3-3332eca7ea81',
      tid: '9122040d-6c67-4c5b-b112-36a304b66dad',
      preferred_username: upn,
      email: upn,
      name: 'Megan Bowen',
      groups: ['2f3e4d5c-6b7a-4891-a0b1-c2d3e4f5a6b7'],
      ...extra,
    });
    const megan = await signIn(
      t,
      entra('AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ', 'megan@contoso.com', { roles: ['Hush.Creator'] }),
    );
    // preferred_username is the UPN: its "@" is dropped and it is cut to 20 characters.
    expect(megan.me).toMatchObject({ username: 'megancontoso.com', email: 'megan@contoso.com', role: 'creator' });
    expect(await emailVerifiedAt(t, 'megancontoso.com')).toBeNull();
    const admin = await signIn(
      t,
      entra('BBBBBBBBBBBBBBBBBBBBBJlzqFVrSaSaFHy782bbtaQ', 'adele.vance@contoso.onmicrosoft.com', {
        roles: ['Hush.Admin', 'Hush.Creator'],
      }),
    );
    expect(admin.me).toMatchObject({ username: 'adele.vancecontoso.o', role: 'admin' });
    expect(
      (await signIn(t, entra('CCCCCCCCCCCCCCCCCCCCCKmzqFVrSaSaFHy782bbtaQ', 'joni@contoso.com', {}))).me,
    ).toMatchObject({
      role: 'user',
    });
  });

  it('Microsoft Entra ID: group object ids set the role; an unverified email never links to an existing account', async () => {
    const admins = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d';
    const t = await app({ oidcRoleClaim: 'groups', oidcAdminValues: [admins], oidcCreatorValues: [] });
    const account: ProviderAccount = {
      sub: 'DDDDDDDDDDDDDDDDDDDDDLnzqFVrSaSaFHy782bbtaQ',
      oid: '11111111-2222-4333-8444-555555555555',
      tid: '9122040d-6c67-4c5b-b112-36a304b66dad',
      preferred_username: 'lynne@contoso.com',
      email: 'lynne@contoso.com',
      groups: ['2f3e4d5c-6b7a-4891-a0b1-c2d3e4f5a6b7', admins],
    };
    expect((await signIn(t, account)).me).toMatchObject({ role: 'admin' });

    const local = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/signup',
      payload: { username: 'isaiah', email: 'isaiah@contoso.com', password: 'correct horse' },
    });
    expect(local.statusCode).toBe(201);
    const refused = await signIn(t, {
      ...account,
      sub: 'EEEEEEEEEEEEEEEEEEEEEMozqFVrSaSaFHy782bbtaQ',
      email: 'isaiah@contoso.com',
    });
    expect(refused.location).toBe('/signin?error=oidc.email_unverified');
    expect(refused.me).toBeNull();
  });

  it('Google: the Workspace domain (hd) can make creators; a personal account is a user; emails are verified', async () => {
    const t = await app(GOOGLE);
    const google = (sub: string, email: string, hd?: string): ProviderAccount => ({
      sub,
      email,
      email_verified: true,
      name: 'Gail Ortiz',
      ...(hd && { hd }),
    });
    const work = await signIn(t, google('109876543210987654321', 'gail@example.com', 'example.com'));
    // No preferred_username from Google: the username is the email's local part.
    expect(work.me).toMatchObject({ username: 'gail', email: 'gail@example.com', role: 'creator' });
    expect(await emailVerifiedAt(t, 'gail')).not.toBeNull();
    const personal = await signIn(t, google('101234567890123456789', 'gail.personal@gmail.com'));
    expect(personal.me).toMatchObject({ username: 'gail.personal', role: 'user' });
  });

  it('Authentik: group names set the role', async () => {
    const t = await app(AUTHENTIK);
    const authentik = (sub: string, username: string, groups: string[]): ProviderAccount => ({
      sub,
      email: `${username}@example.com`,
      email_verified: true,
      preferred_username: username,
      name: username,
      groups,
    });
    const sub = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    expect((await signIn(t, authentik(sub, 'akadmin', ['authentik Admins', 'hush-admins']))).me).toMatchObject({
      username: 'akadmin',
      role: 'admin',
    });
    const other = authentik(`${sub.slice(0, -1)}6`, 'carla', ['hush-creators']);
    expect((await signIn(t, other)).me).toMatchObject({ username: 'carla', role: 'creator' });
  });
});
