import { create } from 'zustand';
import type { PublicSettings } from '../../../shared/api/settings.contract';
import { DEFAULT_SETTINGS } from '../../../shared/rules/settings';

/**
 * Spec §4: the store starts loading; setting the settings clears loading and error; setting an error stops
 * loading (the app goes on with the defaults).
 */
export interface SettingsState {
  settings: PublicSettings;
  isLoading: boolean;
  error: string | null;
  setSettings(settings: PublicSettings): void;
  setError(error: string): void;
}

export const createSettingsStore = () =>
  create<SettingsState>()((set) => ({
    settings: DEFAULT_SETTINGS,
    isLoading: true,
    error: null,
    setSettings: (settings) => set({ settings, isLoading: false, error: null }),
    setError: (error) => set({ error, isLoading: false }),
  }));

export const useSettingsStore = createSettingsStore();
