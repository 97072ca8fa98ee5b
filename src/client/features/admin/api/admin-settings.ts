import { api } from '../../../lib/api-client';
import type { AdminSettings, AdminSettingsUpdate } from './admin.types';

export const FETCH_SETTINGS_FAILED = 'Failed to fetch settings';
export const UPDATE_SETTINGS_FAILED = 'Failed to update settings';

// Spec §7: both calls send the session cookie and bypass the cache; the API client does both for every call.

/** Spec §8: the settings; a failure keeps its status and the server's error, or says 'Failed to fetch settings'. */
export const getAdminSettings = (signal?: AbortSignal) =>
  api<AdminSettings>('/admin/settings', { signal, fallback: FETCH_SETTINGS_FAILED });

/** Spec §8: the settings now in force; a failure keeps the server's error or says 'Failed to update settings'. */
export const updateAdminSettings = (body: AdminSettingsUpdate) =>
  api<AdminSettings>('/admin/settings', { method: 'PUT', body, fallback: UPDATE_SETTINGS_FAILED });
