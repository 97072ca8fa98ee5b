import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/rules/settings.js';
import { ConfigError, loadConfig } from '../../config.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { createAdminWorld, expectError, type AdminWorld, type Request } from './admin.test-world.js';

/** The instance settings an admin reads and changes, and managed mode (settings pinned by the environment). */

const SWITCHES = {
  disable_users: false,
  disable_user_account_creation: false,
  read_only: false,
  disable_file_upload: false,
};

describeEachDialect('admin settings', (dialect) => {
  let w: AdminWorld;
  afterEach(() => w.close());

  async function start(config: Parameters<typeof createAdminWorld>[0] = {}) {
    w = await createAdminWorld({ dialect, ...config });
    return w.account('root', 'admin');
  }
  const put = (payload: unknown): Request => ({ method: 'PUT', url: '/admin/settings', payload });

  it('an admin reads the settings with the list of managed ones (none by default)', async () => {
    const admin = await start();
    const response = await admin.as({ url: '/admin/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...DEFAULT_SETTINGS, managed: [] });
  });

  it('an admin changes the settings; they are in force at once, and the domain is stored trimmed and lowercased', async () => {
    const admin = await start();
    const changed = { ...SWITCHES, read_only: true, hide_allowed_ip_input: false, disable_requests: true };
    const response = await admin.as(put({ ...changed, restrict_organization_email: '  Example.COM ' }));
    expect(response.statusCode, response.body).toBe(200);
    const expected = { ...DEFAULT_SETTINGS, ...changed, restrict_organization_email: 'example.com' };
    expect(response.json()).toEqual({ ...expected, managed: [] });
    expect((await w.anonymous({ url: '/settings/public' })).json()).toEqual(expected);
    expect((await admin.as({ url: '/admin/settings' })).json()).toEqual({ ...expected, managed: [] });
  });

  it('the optional settings keep their values when left out', async () => {
    const admin = await start();
    await admin.as(
      put({
        ...SWITCHES,
        hide_allowed_ip_input: false,
        restrict_organization_email: 'corp.example',
        disable_requests: true,
      }),
    );
    const response = await admin.as(put({ ...SWITCHES, disable_users: true }));
    expect(response.json()).toMatchObject({
      disable_users: true,
      hide_allowed_ip_input: false,
      restrict_organization_email: 'corp.example',
      disable_requests: true,
    });
    const cleared = await admin.as(put({ ...SWITCHES, restrict_organization_email: '' }));
    expect(cleared.json().restrict_organization_email).toBe('');
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const admin = await start();
    await admin.as(put({ ...SWITCHES, restrict_organization_email: 'corp.example' }));
    const before = (await admin.as({ url: '/admin/settings' })).json();
    const cases: [unknown, string][] = [
      ...['true', 1, 0, null, [], {}].map((value): [unknown, string] => [
        { ...SWITCHES, read_only: value },
        'read_only',
      ]),
      [{ ...SWITCHES, hide_allowed_ip_input: 'false' }, 'hide_allowed_ip_input'],
      [{ ...SWITCHES, disable_requests: 1 }, 'disable_requests'],
      [{ ...SWITCHES, read_only: true, surprise: true }, 'body'],
      [{ ...SWITCHES, managed: ['read_only'] }, 'body'],
      ...[
        'not a domain',
        '@example.com',
        'example',
        'a..example.com',
        '-a.example.com',
        'example.com/path',
        'user@example.com',
        `${'a'.repeat(64)}.com`,
        `${'a.'.repeat(127)}com`,
        7,
      ].map((domain): [unknown, string] => [
        { ...SWITCHES, read_only: true, restrict_organization_email: domain },
        'restrict_organization_email',
      ]),
      ...Object.keys(SWITCHES).map((name): [unknown, string] => [
        { ...SWITCHES, read_only: true, [name]: undefined },
        name,
      ]),
      [{}, 'disable_users'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.as(put(payload));
      expect(response.statusCode, `${JSON.stringify(payload)} → ${response.body}`).toBe(400);
      const { code } = response.json<{ code: string }>();
      expect(code, JSON.stringify(payload)).toBe(`validation.${field}`);
    }
    const poisoned = JSON.stringify(SWITCHES).replace('{', '{"__proto__":{"read_only":true},');
    for (const body of ['[]', '"x"', 'null', '{"read_only":tru', poisoned]) {
      const response = await admin.as({
        ...put(undefined),
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, body).toBe(400);
    }
    expect((await admin.as({ url: '/admin/settings' })).json()).toEqual(before);
  });

  it('only admins: 401 for nobody, 403 auth.admin_required for users and creators; an admin’s API token works', async () => {
    const admin = await start();
    const user = await w.account('alice');
    const creator = await w.account('carol', 'creator');
    const userToken = await w.tokenOf(user);
    const adminToken = await w.tokenOf(admin);
    for (const request of [{ url: '/admin/settings' }, put({ ...SWITCHES, read_only: true })]) {
      expectError(await w.anonymous(request), 401, 'auth.not_signed_in');
      expectError(await user.as(request), 403, 'auth.admin_required');
      expectError(await creator.as(request), 403, 'auth.admin_required');
      expectError(await w.inject({ authorization: `Bearer ${userToken}` }, request), 403, 'auth.admin_required');
    }
    // A non-admin learns nothing about the body either: the caller is checked first.
    expectError(await user.as(put({ nonsense: 1 })), 403, 'auth.admin_required');
    expect((await w.anonymous({ url: '/settings/public' })).json().read_only).toBe(false);
    const basic = `Basic ${Buffer.from(`${adminToken}:`).toString('base64')}`;
    const byToken = await w.inject({ authorization: basic }, put({ ...SWITCHES, read_only: true }));
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect(byToken.json().read_only).toBe(true);
  });

  describe('managed mode', () => {
    const PINNED = { settingReadOnly: true, settingRestrictOrganizationEmail: 'corp.example' };

    it('pinned settings override stored ones, everywhere, and are listed as managed', async () => {
      w = await createAdminWorld({ dialect, config: PINNED });
      await w.t.database.db
        .insertInto('instance_settings')
        .values([
          { name: 'read_only', value: 'false' },
          { name: 'restrict_organization_email', value: '"other.example"' },
        ])
        .execute();
      const admin = await w.account('root', 'admin');
      const pinned = { read_only: true, restrict_organization_email: 'corp.example' };
      expect((await admin.as({ url: '/admin/settings' })).json()).toEqual({
        ...DEFAULT_SETTINGS,
        ...pinned,
        managed: ['read_only', 'restrict_organization_email'],
      });
      expect((await w.anonymous({ url: '/settings/public' })).json()).toMatchObject(pinned);
      expectError(
        await w.anonymous({ method: 'POST', url: '/secret', payload: { text: 'hush1.eA', ttl: 3600 } }),
        403,
        'secret.read_only',
      );
    });

    it('changing a pinned setting is refused with 403 settings.managed naming it, and nothing is stored', async () => {
      const admin = await start({ config: PINNED });
      const refused = await admin.as(
        put({ ...SWITCHES, disable_users: true, restrict_organization_email: 'x.example' }),
      );
      expectError(refused, 403, 'settings.managed');
      expect(refused.json().message).toContain('read_only');
      expect(refused.json().message).toContain('restrict_organization_email');
      expect(refused.json().settings).toEqual(['read_only', 'restrict_organization_email']);
      expect((await admin.as({ url: '/admin/settings' })).json().disable_users).toBe(false);
    });

    it('sending the pinned values unchanged is fine, and the other settings change', async () => {
      const admin = await start({ config: PINNED });
      const response = await admin.as(
        put({ ...SWITCHES, read_only: true, disable_users: true, restrict_organization_email: 'Corp.Example' }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        read_only: true,
        disable_users: true,
        managed: ['read_only', 'restrict_organization_email'],
      });
      const stored = await w.t.database.db.selectFrom('instance_settings').select('name').execute();
      expect(stored.map((row) => row.name).sort(), 'pinned values are not stored').not.toContain('read_only');
    });
  });
});

describe('managed mode configuration', () => {
  it('HUSH_SETTING_* are empty (not pinned) by default, take true/false or a domain, and refuse anything else', () => {
    const config = loadConfig({});
    expect(config.settingReadOnly).toBeNull();
    expect(config.settingRestrictOrganizationEmail).toBeNull();
    const pinned = loadConfig({
      HUSH_SETTING_DISABLE_USERS: 'true',
      HUSH_SETTING_DISABLE_USER_ACCOUNT_CREATION: '0',
      HUSH_SETTING_READ_ONLY: 'yes',
      HUSH_SETTING_DISABLE_FILE_UPLOAD: 'false',
      HUSH_SETTING_HIDE_ALLOWED_IP_INPUT: 'no',
      HUSH_SETTING_RESTRICT_ORGANIZATION_EMAIL: ' Corp.Example ',
    });
    expect(pinned).toMatchObject({
      settingDisableUsers: true,
      settingDisableUserAccountCreation: false,
      settingReadOnly: true,
      settingDisableFileUpload: false,
      settingHideAllowedIpInput: false,
      settingRestrictOrganizationEmail: 'corp.example',
    });
    for (const [env, value] of [
      ['HUSH_SETTING_READ_ONLY', 'maybe'],
      ['HUSH_SETTING_DISABLE_USERS', 'TRUE '],
      ['HUSH_SETTING_RESTRICT_ORGANIZATION_EMAIL', 'not a domain'],
      ['HUSH_SETTING_RESTRICT_ORGANIZATION_EMAIL', '@corp.example'],
    ] as const) {
      expect(() => loadConfig({ [env]: value }), `${env}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ [env]: value })).toThrow(env);
    }
  });
});
