import type { PublicSettings } from '../../../../shared/api/settings.contract';
import { api } from '../../../lib/api-client';

export const FETCH_SETTINGS_FAILED = 'Failed to fetch settings';

/**
 * Spec §8: the public settings; a failure keeps its status with the server's error or says 'Failed to fetch
 * settings', and a network exception has status 500 with the same message (ApiError, from the API client).
 */
export const getSettings = () => api<PublicSettings>('/settings/public', { fallback: FETCH_SETTINGS_FAILED });

/** Start-up: fill the store, or record 'Failed to load application settings' and go on with the defaults. */
export async function loadSettings(store: {
  getState(): { setSettings(settings: PublicSettings): void; setError(error: string): void };
}): Promise<void> {
  const settings = await getSettings().catch(() => null);
  if (settings) store.getState().setSettings(settings);
  else store.getState().setError('Failed to load application settings');
}
