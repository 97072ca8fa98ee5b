import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/rules/settings';
import { getSettings, loadSettings } from './api/get-settings';
import { apiFailure } from '../../test-utils/api-failure';
import { createSettingsStore } from './settings.store';

afterEach(() => vi.unstubAllGlobals());

describe('the settings store (spec §4)', () => {
  it('starts loading, with the defaults and no error', () => {
    const state = createSettingsStore().getState();
    expect(state).toMatchObject({ isLoading: true, error: null, settings: DEFAULT_SETTINGS });
    expect(state.settings.hide_allowed_ip_input).toBe(true);
    expect(state.settings.restrict_organization_email).toBe('');
  });

  it('setting the settings clears loading and error', () => {
    const store = createSettingsStore();
    store.getState().setError('boom');
    store.getState().setSettings({ ...DEFAULT_SETTINGS, read_only: true });
    expect(store.getState()).toMatchObject({ isLoading: false, error: null, settings: { read_only: true } });
  });

  it('setting an error stops loading and keeps the defaults', () => {
    const store = createSettingsStore();
    store.getState().setError('Failed to load application settings');
    expect(store.getState()).toMatchObject({ isLoading: false, error: 'Failed to load application settings' });
    expect(store.getState().settings).toEqual(DEFAULT_SETTINGS);
  });
});

describe('fetching the settings (spec §8)', () => {
  const respond = (status: number, body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    );

  it('a failure gives its status and the server message', async () => {
    respond(503, { code: 'server.unavailable', message: 'down for maintenance' });
    expect(await apiFailure(getSettings())).toMatchObject({ status: 503, message: 'down for maintenance' });
  });

  it('a failure without a message gives "Failed to fetch settings"', async () => {
    respond(502, {});
    expect(await apiFailure(getSettings())).toMatchObject({ status: 502, message: 'Failed to fetch settings' });
  });

  it('a network exception gives status 500 and "Failed to fetch settings"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await apiFailure(getSettings())).toMatchObject({ status: 500, message: 'Failed to fetch settings' });
  });

  it('start-up stores the settings, or "Failed to load application settings"', async () => {
    const store = createSettingsStore();
    respond(200, { ...DEFAULT_SETTINGS, read_only: true });
    await loadSettings(store);
    expect(store.getState()).toMatchObject({ isLoading: false, settings: { read_only: true } });

    const failing = createSettingsStore();
    respond(500, {});
    await loadSettings(failing);
    expect(failing.getState()).toMatchObject({ isLoading: false, error: 'Failed to load application settings' });
  });
});
