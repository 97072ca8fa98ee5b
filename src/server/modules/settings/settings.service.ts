import { InstanceSettings } from '../../../shared/api/settings.contract.js';
import { DEFAULT_SETTINGS, SETTING_NAMES, type SettingName } from '../../../shared/rules/settings.js';
import type { Config } from '../../config.js';
import type { ChangeFeed } from '../../db/database.js';

import { settingsManaged } from './settings.errors.js';
import type { SettingsRepository } from './settings.repository.js';

/** The HUSH_SETTING_* variable that can pin each setting. */
const PINS = {
  disable_users: 'settingDisableUsers',
  disable_user_account_creation: 'settingDisableUserAccountCreation',
  read_only: 'settingReadOnly',
  disable_file_upload: 'settingDisableFileUpload',
  hide_allowed_ip_input: 'settingHideAllowedIpInput',
  restrict_organization_email: 'settingRestrictOrganizationEmail',
  disable_requests: 'settingDisableRequests',
  disable_webhooks: 'settingDisableWebhooks',
  disable_email_notifications: 'settingDisableEmailNotifications',
  require_two_factor: 'settingRequireTwoFactor',
} as const satisfies Record<SettingName, keyof Config>;

/** Stored values are checked against this: built once (building a zod schema per request cost a third of create). */
const StoredSettings = InstanceSettings.partial();

/** The settings the server's environment pins (managed mode); the others are left to the admins. */
export function pinnedSettings(config: Config): Partial<InstanceSettings> {
  const pinned: Partial<Record<SettingName, unknown>> = {};
  for (const name of SETTING_NAMES) {
    const value = config[PINS[name]];
    if (value !== null) pinned[name] = value;
  }
  return StoredSettings.parse(pinned);
}

/**
 * The instance settings: pinned values over stored values over the defaults. Every create and sign-in asks for them,
 * so they are cached, and read again whenever the database's change feed moves: at once after a change on this
 * instance, within milliseconds after one on another (PostgreSQL notification; SQLite's data_version), and on every
 * request while the feed cannot promise that.
 */
export function createSettingsService(
  repository: SettingsRepository,
  changes: ChangeFeed,
  pinned: Partial<InstanceSettings> = {},
) {
  const managed = SETTING_NAMES.filter((name) => pinned[name] !== undefined);
  const isManaged = (name: string) => (managed as string[]).includes(name);
  let cached: { version: string; settings: Promise<InstanceSettings> } | null = null;

  async function read(): Promise<InstanceSettings> {
    const stored = StoredSettings.safeParse(await repository.readAll());
    return Object.freeze({ ...DEFAULT_SETTINGS, ...(stored.success ? stored.data : {}), ...pinned });
  }

  function get(): Promise<InstanceSettings> {
    // The version is taken before the read: a change committed while reading moves it, and the next call reads again.
    const version = changes.version();
    if (cached?.version !== version) {
      const settings = read();
      cached = { version, settings };
      // A failed read is not kept: the next call tries again.
      settings.catch(() => {
        if (cached?.settings === settings) cached = null;
      });
    }
    return cached.settings;
  }

  return {
    get,

    /** The names of the pinned settings. */
    managed: (): SettingName[] => [...managed],

    /**
     * Stores the values given. Changing a pinned setting is refused; sending its pinned value is not (a form sends
     * every field back), and that value is not stored: unpinning the setting brings back what the admins chose.
     */
    async update(values: Partial<InstanceSettings>): Promise<InstanceSettings> {
      const conflicts = managed.filter((name) => values[name] !== undefined && values[name] !== pinned[name]);
      if (conflicts.length > 0) throw settingsManaged(conflicts);
      const writable = Object.fromEntries(
        Object.entries(values).filter(([name, value]) => value !== undefined && !isManaged(name)),
      );
      await repository.write(writable);
      // Announcing moves this instance's version at once: the next get reads again.
      await changes.announce();
      return get();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
