import type { PublicSettings } from '../../../../shared/api/settings.contract';
import { api, ApiError } from '../../../lib/api-client';

export type SettingsResult = { ok: true; settings: PublicSettings } | { ok: false; status: number; error: string };

/**
 * Spec §8: a failed fetch gives its status with the server's error or 'Failed to fetch settings'; a network
 * exception gives status 500 with the same message.
 */
export async function getSettings(): Promise<SettingsResult> {
  try {
    return { ok: true, settings: await api<PublicSettings>('/settings/public') };
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      const message = typeof error.body.message === 'string' ? error.body.message : 'Failed to fetch settings';
      return { ok: false, status: error.status, error: message };
    }
    return { ok: false, status: 500, error: 'Failed to fetch settings' };
  }
}

/** Start-up: fill the store, or record 'Failed to load application settings' and go on with the defaults. */
export async function loadSettings(store: {
  getState(): { setSettings(settings: PublicSettings): void; setError(error: string): void };
}): Promise<void> {
  const result = await getSettings().catch(() => null);
  if (result?.ok) store.getState().setSettings(result.settings);
  else store.getState().setError('Failed to load application settings');
}
