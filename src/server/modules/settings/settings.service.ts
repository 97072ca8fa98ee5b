import { InstanceSettings } from '../../../shared/api/settings.contract.js';
import { DEFAULT_SETTINGS } from '../../../shared/settings-defaults.js';
import type { SettingsRepository } from './settings.repository.js';

/**
 * The instance settings: stored values over the defaults. Read on every request that depends on them (a cache
 * here would let instances disagree after a change).
 */
export function createSettingsService(repository: SettingsRepository) {
  return {
    async get(): Promise<InstanceSettings> {
      const stored = InstanceSettings.partial().safeParse(await repository.readAll());
      return { ...DEFAULT_SETTINGS, ...(stored.success ? stored.data : {}) };
    },

    async update(values: Partial<InstanceSettings>): Promise<InstanceSettings> {
      await repository.write(values);
      return this.get();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
