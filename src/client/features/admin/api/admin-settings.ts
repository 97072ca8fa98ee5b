import { api } from '../../../lib/api-client';
import type { AdminSettings, AdminSettingsUpdate } from './admin.types';
import { callFailure, type CallFailure } from './call-result';

export type AdminSettingsResult = { ok: true; settings: AdminSettings } | CallFailure;

export const FETCH_SETTINGS_FAILED = 'Failed to fetch settings';
export const UPDATE_SETTINGS_FAILED = 'Failed to update settings';

// Spec §7: both calls send the session cookie and bypass the cache; the API client does both for every call.

/** Spec §8: the settings, or the status with the server's error or 'Failed to fetch settings' (500 offline). */
export async function getAdminSettings(signal?: AbortSignal): Promise<AdminSettingsResult> {
  try {
    return { ok: true, settings: await api<AdminSettings>('/admin/settings', signal ? { signal } : {}) };
  } catch (error) {
    return callFailure(error, FETCH_SETTINGS_FAILED);
  }
}

/** Spec §8: the settings now in force, or the server's error or 'Failed to update settings' (500 offline). */
export async function updateAdminSettings(body: AdminSettingsUpdate): Promise<AdminSettingsResult> {
  try {
    return { ok: true, settings: await api<AdminSettings>('/admin/settings', { method: 'PUT', body }) };
  } catch (error) {
    return callFailure(error, UPDATE_SETTINGS_FAILED);
  }
}
