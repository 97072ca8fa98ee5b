import { InstanceSettings } from '../../../shared/api/settings.contract.js';
import { DEFAULT_SETTINGS, SETTING_NAMES, type SettingName } from '../../../shared/rules/settings.js';
import type { Config } from '../../config.js';

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
} as const satisfies Record<SettingName, keyof Config>;

/** The settings the server's environment pins (managed mode); the others are left to the admins. */
export function pinnedSettings(config: Config): Partial<InstanceSettings> {
  const pinned: Partial<Record<SettingName, unknown>> = {};
  for (const name of SETTING_NAMES) {
    const value = config[PINS[name]];
    if (value !== null) pinned[name] = value;
  }
  return InstanceSettings.partial().parse(pinned);
}

/**
 * The instance settings: pinned values over stored values over the defaults. Read on every request that depends on
 * them (a cache here would let instances disagree after a change).
 */
export function createSettingsService(repository: SettingsRepository, pinned: Partial<InstanceSettings> = {}) {
  const managed = SETTING_NAMES.filter((name) => pinned[name] !== undefined);
  const isManaged = (name: string) => (managed as string[]).includes(name);

  async function get(): Promise<InstanceSettings> {
    const stored = InstanceSettings.partial().safeParse(await repository.readAll());
    return { ...DEFAULT_SETTINGS, ...(stored.success ? stored.data : {}), ...pinned };
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
      return get();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
